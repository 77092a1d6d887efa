extension Subscribers {
    /// A subscriber that writes each value to a property of an object, as
    /// Combine's `Assign` does. Usually created with
    /// ``Publisher/assign(to:on:)``.
    ///
    /// It keeps the object alive (strongly, as in Combine) until it is
    /// cancelled or the upstream completes. A completion writes nothing: it
    /// only releases the object and the subscription.
    ///
    /// Thread safety: `Sendable`; may be cancelled from any thread. The write
    /// happens on the delivering thread, outside every lock of this module,
    /// so the object's own rules for that property apply.
    public final class Assign<Root, Input>: Subscriber, Cancellable, @unchecked Sendable {
        /// This subscriber accepts only publishers that cannot fail.
        public typealias Failure = Never

        /// The property written to.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>
        /// A sink whose closure holds the object: the sink's rules (release
        /// on cancel or completion, checks outside the lock) are the ones
        /// this subscriber needs.
        private let sink: Sink<Input, Never>

        /// Creates a subscriber that writes to `object[keyPath: keyPath]`.
        ///
        /// - Parameters:
        ///   - object: The object to write to; kept alive until cancellation
        ///     or completion.
        ///   - keyPath: The property to write.
        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.keyPath = keyPath
            sink = Sink(receiveCompletion: { _ in }) { object[keyPath: keyPath] = $0 }
        }

        /// Keeps the subscription; a second one is cancelled at once.
        public func receive(subscription: any Subscription) {
            sink.receive(subscription: subscription)
        }

        /// Writes `input` to the property, unless cancelled or completed.
        public func receive(_ input: Input) {
            sink.receive(input)
        }

        /// Releases the object and the subscription; writes nothing.
        public func receive(completion: Subscribers.Completion<Never>) {
            sink.receive(completion: completion)
        }

        /// Cancels the subscription and releases the object. Calling it again
        /// does nothing.
        public func cancel() {
            sink.cancel()
        }
    }
}

extension Publisher where Failure == Never {
    /// Writes every value to a property of an object, as in Combine.
    ///
    /// ```swift
    /// $query.map(\.count).assign(to: \.queryLength, on: stats).store(in: &cancellables)
    /// ```
    ///
    /// The object is kept alive strongly until the returned cancellable is
    /// cancelled or the publisher completes (Combine's behaviour: assigning
    /// onto `self` from `self`'s own storage creates a cycle; use
    /// ``assign(to:)`` for `@Published` properties of `self`). A completion
    /// writes nothing.
    ///
    /// - Parameters:
    ///   - keyPath: The property to write.
    ///   - object: The object that owns the property.
    /// - Returns: The cancellable that keeps the subscription alive.
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let assign = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(assign)
        return AnyCancellable(assign)
    }
}
