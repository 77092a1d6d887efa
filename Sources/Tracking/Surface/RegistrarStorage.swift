import CTrackingSupport
import Synchronization

/// The per-object side of the engine: the graph nodes of one object's
/// properties that something has tracked, so that they can be found by key
/// path (for the hand-written registrar calls) and told when the object is
/// deallocated. Its deinitializer is the object's death.
///
/// Small (a lock word, a node and a box, all empty until a property is
/// observed: 40 bytes, which glibc serves from the same 48-byte chunk as 32):
/// it is allocated with every object. The first node is kept inline and set
/// without the lock, so that the usual object, one observed property,
/// allocates no array buffer and its first tracked read locks nothing. No
/// field needs a release of its own, so that an object never observed frees
/// its storage with a few loads.
@usableFromInline
final class RegistrarStorage: @unchecked Sendable {
    /// The lock, and in its word, for a class that also conforms to
    /// `Observation.Observable`, the object's `ObservationBridge` (its Apple
    /// registrar), retained, made at the first read of one of its
    /// properties (ObservationBridge.swift).
    @usableFromInline
    let lock: RegistrarLock

    /// The node registered first (a retained `PropertyNode`'s address, or
    /// 0), set once, by a compare-and-swap, with or without the lock; then
    /// the others, guarded by `lock`, in the order they were registered, in
    /// a box made at the second (retained, or nil): an empty array here
    /// would cost every object a release when it dies.
    @usableFromInline
    let firstNodeBits: Atomic<UInt>
    @usableFromInline @exclusivity(unchecked)
    var laterNodesBox: UnsafeMutableRawPointer?

    /// The box of the nodes after the first, if there are any.
    private var laterNodesReference: Unmanaged<LaterNodes>? {
        laterNodesBox.map { Unmanaged.fromOpaque($0) }
    }

    /// The nodes after the first. Call under `lock`, or in `deinit`.
    private var laterNodes: [PropertyNode] {
        laterNodesReference?.takeUnretainedValue().nodes ?? []
    }

    /// Appends a node after the first. Call under `lock`.
    private func appendLaterLocked(_ node: PropertyNode) {
        if let box = laterNodesReference {
            box._withUnsafeGuaranteedRef { $0.nodes.append(node) }
        } else {
            laterNodesBox = Unmanaged.passRetained(LaterNodes(node)).toOpaque()
        }
    }

    private var firstNode: PropertyNode? {
        let bits = firstNodeBits.load(ordering: .acquiring)
        if bits == 0 { return nil }
        return Unmanaged<PropertyNode>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
            .takeUnretainedValue()
    }

    /// Every node of this object, in the order they were registered. Call
    /// under `lock`, or in `deinit`.
    private var nodes: RegistrarNodes { RegistrarNodes(first: firstNode, later: laterNodes) }

    /// Makes `node` the first node if there is none yet, without the lock.
    /// Returns false, keeping nothing, if there is one.
    @inline(__always)
    private func registerFirst(_ node: PropertyNode) -> Bool {
        let bits = UInt(bitPattern: Unmanaged.passUnretained(node).toOpaque())
        guard firstNodeBits.compareExchange(expected: 0, desired: bits, ordering: .releasing).exchanged else {
            return false
        }
        _ = Unmanaged.passRetained(node)    // the word's reference
        return true
    }

    /// Keeps `node`, which no other thread registers. Any thread, no lock
    /// held.
    @inline(__always)
    private func register(_ node: PropertyNode) {
        if !registerFirst(node) { lock.withLock { appendLaterLocked(node) } }
    }

    /// ``register(_:)`` under `lock`.
    private func registerLocked(_ node: PropertyNode) {
        if !registerFirst(node) { appendLaterLocked(node) }
    }

    /// Inlinable, with ``TrackingRegistrar/init()``: making one is an
    /// allocation and three stores in the object's initializer.
    @inlinable
    init() {
        lock = RegistrarLock()
        firstNodeBits = Atomic(0)
        laterNodesBox = nil
    }

    /// The node of the `@Tracked` property whose storage (its slot word) is at
    /// `storage` and whose value is at `value`, made now if the property has
    /// none: the first tracked read of it. Unretained: the object owns it.
    ///
    /// Not generic: the caller, specialized for the value's type, passes the
    /// node's class (`TypedTrackedNode<Value>`), whose metadata it has cached;
    /// a generic function here would look that metadata up at every first read.
    @usableFromInline
    func installNode(
        in storage: UnsafeMutableRawPointer, value: UnsafeMutableRawPointer, owner: UnsafeMutableRawPointer,
        ownerType: Any.Type, nodeType: TrackedPropertyNode.Type
    ) -> Unmanaged<TrackedPropertyNode> {
        let word = storage.assumingMemoryBound(to: UInt.self)
        while true {
            let slot = tracking_word_load(word)
            if let node = TrackedSlot.node(slot) { return node }
            let node = nodeType.init(
                value: value, equality: slot, owner: owner, ownerType: ownerType, offset: storage - owner)
            // Two first reads on two threads: one node wins the slot, the
            // other is dropped unseen. The winner is registered before its
            // read returns, while the reader keeps the object alive, so the
            // object's death finds every node a link can point to.
            if TrackedSlot.install(node, in: storage, replacing: slot) {
                register(node)
                return Unmanaged.passUnretained(node)
            }
        }
    }

    /// The node of a hand-written property, if anything has read it.
    func node(for keyPath: AnyKeyPath) -> PropertyNode? {
        lock.withLock { nodeLocked(for: keyPath) }
    }

    private func nodeLocked(for keyPath: AnyKeyPath) -> PropertyNode? {
        for node in nodes {
            if let handWritten = node as? KeyPathPropertyNode, handWritten.keyPath == keyPath {
                return handWritten
            }
        }
        return nil
    }

    /// The node of a hand-written property of `owner`, made at its first
    /// read.
    func node(creatingFor keyPath: AnyKeyPath, owner: AnyObject) -> (node: PropertyNode, made: Bool) {
        lock.withLock {
            if let node = nodeLocked(for: keyPath) { return (node, false) }
            let node = KeyPathPropertyNode(keyPath: keyPath, owner: Unmanaged.passUnretained(owner).toOpaque())
            registerLocked(node)
            return (node, true)
        }
    }

    /// Nodes made for this object's properties, for tests and leak checks.
    var registeredCount: Int {
        lock.withLock { firstNode == nil ? 0 : 1 + laterNodes.count }
    }

    /// The nodes made for this object's properties, in the order of their
    /// first tracked reads: for tests of the graph's shape.
    var registeredNodes: [PropertyNode] {
        lock.withLock { Array(nodes) }
    }

    /// Links pointing at this object's nodes, for tests and leak checks.
    var activeDependencyCount: Int {
        lock.withLock { nodes.reduce(0) { $0 + $1.linkCount.load(ordering: .relaxed) } }
    }

    /// The object is gone: everything that read one of its properties hears
    /// of it once, as of a change.
    deinit {
        let first = firstNodeBits.load(ordering: .acquiring)
        if first != 0 { ownerDied(first) }
        let bridge = lock.pointer
        if bridge != 0 { releaseObservationBridge(at: bridge) }
    }

    /// The death of an object something observed: out of line, so that
    /// freeing the storage of one never observed takes no stack frame.
    @inline(never)
    private func ownerDied(_ first: UInt) {
        SourceNode.ownerDied(nodes)
        Unmanaged<PropertyNode>.fromOpaque(UnsafeRawPointer(bitPattern: first).unsafelyUnwrapped).release()
        laterNodesReference?.release()
    }

}

/// The nodes of an object after its first (see ``RegistrarStorage``).
private final class LaterNodes {
    var nodes: [PropertyNode]

    init(_ node: PropertyNode) {
        nodes = [node]
    }
}

/// The nodes of one object, the first kept apart from the others (see
/// ``RegistrarStorage``), as one sequence.
private struct RegistrarNodes: Sequence {
    let first: PropertyNode?
    let later: [PropertyNode]

    func makeIterator() -> Iterator {
        Iterator(first: first, later: later.makeIterator())
    }

    var underestimatedCount: Int { first == nil ? 0 : 1 + later.count }

    struct Iterator: IteratorProtocol {
        var first: PropertyNode?
        var later: IndexingIterator<[PropertyNode]>

        mutating func next() -> PropertyNode? {
            if let node = first {
                first = nil
                return node
            }
            return later.next()
        }
    }
}

extension RegistrarStorage {
    /// Stops the program: `type`'s `trackingRegistrar` gave a new registrar
    /// on a second read, so it is not the stored `let` that ``Trackable``
    /// requires, and what it records would die with it at once.
    @usableFromInline
    static func notStored(_ type: Any.Type) -> Never {
        fatalError("Tracking: \(type).trackingRegistrar returned a different registrar on each read; "
            + "declare it as a stored property: let trackingRegistrar = TrackingRegistrar()")
    }
}
