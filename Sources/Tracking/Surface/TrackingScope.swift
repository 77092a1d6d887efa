/// A reusable tracking scope for code that decides itself when to run again,
/// such as a view host re-rendering views in batches.
///
/// ```swift
/// let scope = TrackingScope { markNeedsRender() }
/// let text = scope.track { "\(book.title) by \(book.author)" }
/// // ... after a change to the title, markNeedsRender() is called once;
/// // the host calls scope.track { ... } again when it re-renders.
/// ```
///
/// - ``track(_:)`` runs the body and makes its reads the scope's
///   dependencies, reusing the links of the previous run.
/// - After a transaction changes one of them, `onInvalidate` is called once,
///   on the changing thread, outside every internal lock. Further changes do
///   not call it again until the next ``track(_:)``.
/// - A derived dependency that recomputes to an equal value does not
///   invalidate the scope.
///
/// Thread-safety: `Sendable`. `track` may be called from any thread, but not
/// on two threads at once for the same scope (the second call runs its body
/// untracked).
public final class TrackingScope: Sendable, Hashable {
    let node: ObserverNode

    /// Creates a scope.
    ///
    /// - Parameters:
    ///   - fileID: Where the scope is created, for diagnostics.
    ///   - line: Where the scope is created, for diagnostics.
    ///   - onInvalidate: Called once after a transaction that changed a
    ///     dependency; it should arrange for ``track(_:)`` to run again.
    public init(
        fileID: StaticString = #fileID, line: UInt = #line,
        onInvalidate: @escaping @Sendable () -> Void
    ) {
        node = ObserverNode(
            mode: .invalidate, origin: SourceLocation(fileID: fileID, line: line), callback: onInvalidate)
    }

    deinit {
        node.cancel()
    }

    /// Runs `body`, recording its reads as this scope's dependencies in place
    /// of the previous run's.
    ///
    /// - Parameter body: The code to track, run at once on this thread.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; the reads made before the error count.
    public func track<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let state = ThreadState.current
        Scheduler.beginTransaction(state)
        defer { Scheduler.endTransaction(state) }
        return try node.track(state, body)
    }

    /// Stops the scope: `onInvalidate` is not called again and the
    /// registrations are freed. Calling it twice is harmless.
    public func cancel() {
        node.cancel()
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { node.isCancelled }

    /// What the last ``track(_:)`` read, as `\Type.property`, in order of
    /// first read.
    public var dependencies: [String] { node.dependencyNames }

    /// The change that caused the last invalidation, as `\Type.property`.
    public var lastChange: String? { node.lastCauseName }

    /// Whether the two are the same scope (identity).
    public static func == (lhs: TrackingScope, rhs: TrackingScope) -> Bool { lhs === rhs }

    /// Hashes the scope's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
