extension Publisher where Failure == Never {
    /// Republishes every value by assigning it to a `@Published` property, as
    /// Combine's `assign(to: &$property)` does.
    ///
    /// ```swift
    /// init() {
    ///     $todos.map { $0.filter(\.isCompleted).count }.assign(to: &$completedCount)
    /// }
    /// ```
    ///
    /// Each value is assigned like any assignment of the property
    /// (`objectWillChange`, `$property`, store). The subscription lives as long
    /// as the property — no cancellable to keep, and no reference cycle when an
    /// object assigns its own publishers to its own properties. A completion
    /// is ignored: the property keeps its value and `$property` does not
    /// complete.
    ///
    /// - Parameter published: The `$property` of the property to assign.
    public func assign(to published: inout Published<Output>.Publisher) {
        let storage = published.storage
        let sink = Subscribers.Sink<Output, Never>(receiveCompletion: { _ in }) { [weak storage] value in
            storage?.publish(value)
        }
        subscribe(sink)
        storage.subject.retain(AnyCancellable(sink))
    }
}
