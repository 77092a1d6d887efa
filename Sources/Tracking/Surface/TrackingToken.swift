/// A running ``observe(fileID:line:isolation:_:)`` observer. Cancel it, or release it,
/// to stop the observer and free its registrations at once.
///
/// The token *is* the observer's lifetime: keep it in a stored property, or
/// in a collection with ``store(in:)-(Set<TrackingToken>)``, for as long as
/// the updates are wanted. A token that is not kept is released when the
/// statement ends — assigning it to `_`, which the compiler's fix-it for the
/// unused result suggests, does exactly that — and the observer stops after
/// its first run, without a diagnostic.
///
/// Tokens are compared by identity, so they can be kept in a `Set`:
///
/// ```swift
/// var tokens: Set<TrackingToken> = []
/// observe { print(book.title) }.store(in: &tokens)
/// ```
///
/// Thread-safety: `Sendable`; every member may be used from any thread.
public final class TrackingToken: Sendable, Hashable {
    let node: ObserverNode

    init(node: ObserverNode) {
        self.node = node
    }

    deinit {
        // Borrowed: the token holds the node until its fields are destroyed.
        Unmanaged.passUnretained(node)._withUnsafeGuaranteedRef { $0.cancel() }
    }

    /// Stops the observer. Its registrations are freed at once, or, if it is
    /// running on some thread right now, as soon as that run ends; it never
    /// runs again. Calling it twice is harmless.
    public func cancel() {
        node.cancel()
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { node.isCancelled }

    /// Keeps this token in `set`, so that it lives as long as the set holds it.
    public func store(in set: inout Set<TrackingToken>) {
        set.insert(self)
    }

    /// Keeps this token in `array`.
    public func store(in array: inout [TrackingToken]) {
        array.append(self)
    }

    /// What the observer read in its last run, as `\Type.property` (or a
    /// derived value's name), in the order of first read. Empty while the
    /// observer is running on another thread.
    public var dependencies: [String] { node.dependencyNames }

    /// The change that caused the last re-run, as `\Type.property`, or nil if
    /// it has only run once. A change that ran nothing — one that a derived
    /// value's equality cut off, or that a transaction undid — is not named.
    public var lastChange: String? { node.lastCauseName }

    /// Whether the two are the same token (identity).
    public static func == (lhs: TrackingToken, rhs: TrackingToken) -> Bool { lhs === rhs }

    /// Hashes the token's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension SubscriberNode {
    /// The names of the dependencies, without repeats, in order of first read.
    /// Empty while another thread is running the subscriber: its list is
    /// being rebuilt there.
    var dependencyNames: [String] {
        let state = ThreadState.current
        let component = Component.lock(self)
        if flags.contains(.running), runningThread != state.identity {
            component._withUnsafeGuaranteedRef { $0.unlock() }
            return []
        }
        var nodes: [Node] = []
        var seen: Set<ObjectIdentifier> = []
        var cursor = firstDependency
        while let link = cursor {
            let source = link.pointee.source.takeUnretainedValue()
            if seen.insert(ObjectIdentifier(source)).inserted { nodes.append(source) }
            cursor = link.pointee.nextDependency
        }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        return nodes.map(\.displayName)
    }
}

extension ObserverNode {
    /// The name of the source whose change caused the last run.
    var lastCauseName: String? {
        let component = Component.lock(self)
        let cause = lastCause?.takeUnretainedValue()
        component._withUnsafeGuaranteedRef { $0.unlock() }
        return cause?.displayName
    }
}
