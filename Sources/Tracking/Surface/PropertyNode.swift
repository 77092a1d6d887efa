/// The graph node of one tracked property of one object.
///
/// `@Tracked` creates one per property when the object is created, so that
/// the write fast path is a single load of ``Node/linkCount``. The node learns
/// its object and name at its first link (``register(in:keyPath:storageKeyPath:)``).
@usableFromInline
class PropertyNode: Node, @unchecked Sendable {
    /// The registrar of the owning object, set at the first link and cleared
    /// when the object is gone. Guarded by ``graphLock``.
    final unowned(unsafe) var registrar: RegistrarStorage?
    /// The property's key path, e.g. `\Book.title`; set with `registrar`.
    final var keyPath: AnyKeyPath?
    /// For `@Tracked`, the storage key path, e.g. `\Book._title`, which
    /// prints with the property's name on every platform.
    final var storageKeyPath: AnyKeyPath?

    @usableFromInline
    init() {
        super.init(isDerived: false)
    }

    /// Whether the value stored at `stored` equals the one at `new`; both
    /// point at values of the property's type. The base class cannot compare,
    /// so every assignment notifies.
    @usableFromInline
    func isEqual(_ stored: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool { false }

    override var displayName: String {
        PropertyNames.name(keyPath: keyPath, storageKeyPath: storageKeyPath)
    }
}

/// A property whose type is `Equatable`: assigning an equal value notifies
/// nobody.
@usableFromInline
final class EquatablePropertyNode<Value: Equatable>: PropertyNode, @unchecked Sendable {
    @usableFromInline
    override init() { super.init() }

    @usableFromInline
    override func isEqual(_ stored: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
        stored.assumingMemoryBound(to: Value.self).pointee == new.assumingMemoryBound(to: Value.self).pointee
    }
}

/// A property holding a class instance: assigning the same instance (`===`)
/// notifies nobody.
@usableFromInline
final class IdentityPropertyNode<Value: AnyObject>: PropertyNode, @unchecked Sendable {
    @usableFromInline
    override init() { super.init() }

    @usableFromInline
    override func isEqual(_ stored: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
        stored.assumingMemoryBound(to: Value.self).pointee === new.assumingMemoryBound(to: Value.self).pointee
    }
}

/// How diagnostics spell a property: `\Book.title`.
enum PropertyNames {
    /// Key path descriptions on Linux print a property-wrapper property as
    /// `\Book.<computed 0x… (String)>`, but its storage as `\Book._title`;
    /// the name comes from the storage key path without the underscore.
    static func name(keyPath: AnyKeyPath?, storageKeyPath: AnyKeyPath?) -> String {
        if let storageKeyPath {
            let text = String(describing: storageKeyPath)
            if let dot = text.lastIndex(of: "."),
               text[text.index(after: dot)...].hasPrefix("_") {
                return String(text[..<text.index(after: dot)]) + text[text.index(dot, offsetBy: 2)...]
            }
            return text
        }
        if let keyPath { return String(describing: keyPath) }
        return "a property of a deallocated object"
    }
}

extension PropertyNode {
    /// The first half of a write that something may depend on: opens a
    /// transaction and fires the before-change (`.willSet`) one-shots.
    /// Returns the thread state to pass to ``endChange(_:)``.
    @usableFromInline
    final func beginChange() -> ThreadState {
        let state = ThreadState.current
        Scheduler.beginTransaction(state)
        if OneShotNode.waitingBeforeChange.load(ordering: .relaxed) > 0 {
            graphLock.lock()
            Graph.collectBeforeChangeLocked(from: self, state: state)
            graphLock.unlock()
            Scheduler.fireOneShots(state)
        }
        return state
    }

    /// The second half, after the new value is stored: bumps the version,
    /// marks what depends on the property, fires after-change one-shots and
    /// closes the transaction, which runs the queued observers if it was the
    /// outermost.
    @usableFromInline
    final func endChange(_ state: ThreadState) {
        graphLock.lock()
        version.add(1, ordering: .relaxed)
        Graph.propagateLocked(from: self, state: state)
        graphLock.unlock()
        state.drainReleases()
        if !state.oneShotsToFire.isEmpty { Scheduler.fireOneShots(state) }
        Scheduler.endTransaction(state)
    }
}

/// Records a read of a tracked property by the subscriber running on this
/// thread. Returns false when the read must be registered the slow way,
/// with ``trackPropertyRead(_:_:registrar:keyPath:storageKeyPath:)``.
@usableFromInline
func trackPropertyReadFast(_ scope: UnsafeMutableRawPointer, _ node: PropertyNode) -> Bool {
    Unmanaged<SubscriberNode>.fromOpaque(scope).takeUnretainedValue().trackFast(node) != nil
}

/// Records a read that is new for the running subscriber: registers the node
/// with its object on its first link, then links it.
@usableFromInline
@inline(never)
func trackPropertyRead(
    _ scope: UnsafeMutableRawPointer, _ node: PropertyNode,
    registrar: TrackingRegistrar, keyPath: AnyKeyPath, storageKeyPath: AnyKeyPath
) {
    let subscriber = Unmanaged<SubscriberNode>.fromOpaque(scope).takeUnretainedValue()
    graphLock.lock()
    if node.registrar == nil {
        registrar.storage.registerLocked(node, keyPath: keyPath, storageKeyPath: storageKeyPath)
    }
    _ = subscriber.insertLinkLocked(node)
    graphLock.unlock()
}
