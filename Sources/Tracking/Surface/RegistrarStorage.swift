/// The per-object side of the graph: the property nodes of one object that
/// something has linked to, so that they can be found by key path (for the
/// hand-written registrar calls) and told when the object is deallocated.
@usableFromInline
final class RegistrarStorage: @unchecked Sendable {
    /// Every node of this object that has had a link. Guarded by ``GraphLock``.
    @exclusivity(unchecked)
    private var nodes: [PropertyNode] = []

    @usableFromInline
    init() {}

    /// Records that `node` belongs to this object, at its first link.
    func registerLocked(_ node: PropertyNode, name: String) {
        if node.isRegistered.load(ordering: .relaxed) || node.isDead { return }
        node.isRegistered.store(true, ordering: .relaxed)
        node.name = name
        nodes.append(node)
    }

    /// The node of a hand-written property, if anything has read it.
    func nodeLocked(for keyPath: AnyKeyPath) -> PropertyNode? {
        for node in nodes {
            if let handWritten = node as? KeyPathPropertyNode, handWritten.keyPath == keyPath {
                return handWritten
            }
        }
        return nil
    }

    /// The node of a hand-written property, created at its first read.
    func nodeLocked(creatingFor keyPath: AnyKeyPath) -> PropertyNode {
        if let node = nodeLocked(for: keyPath) { return node }
        let node = KeyPathPropertyNode(keyPath: keyPath)
        registerLocked(node, name: String(describing: keyPath))
        return node
    }

    /// Live registered nodes, for tests and leak checks.
    var registeredCount: Int {
        GraphLock.lock()
        defer { GraphLock.unlock() }
        return nodes.count
    }

    /// Links pointing at this object's nodes, for tests and leak checks.
    var activeDependencyCount: Int {
        GraphLock.lock()
        defer { GraphLock.unlock() }
        return nodes.reduce(0) { $0 + $1.linkCount.load(ordering: .relaxed) }
    }

    /// The object is gone: every subscriber that read one of its properties
    /// hears of it once, as of a change, and the links from its nodes go.
    deinit {
        let state = ThreadState.current
        Scheduler.beginTransaction(state)
        GraphLock.lock()
        let dying = nodes
        nodes.removeAll()
        for node in dying {
            if OneShotNode.waitingBeforeChange.load(ordering: .relaxed) > 0 {
                Graph.collectBeforeChangeLocked(from: node, state: state)
            }
            node.version.add(1, ordering: .relaxed)
            Graph.sourceChanged(state)
            state.changesAnnounced &+= 1
            var link = node.firstSubscriber
            while let current = link {
                current.pointee.subscriber.takeUnretainedValue().flags.insert(.sourceDied)
                link = current.pointee.nextSubscriber
            }
            Graph.propagateLocked(from: node, state: state)
            link = node.firstSubscriber
            while let current = link {
                link = current.pointee.nextSubscriber
                current.pointee.previousSubscriber = Link.unattached
                current.pointee.nextSubscriber = nil
            }
            node.firstSubscriber = nil
            node.isDead = true
            // Links still point at the node: it outlives the object until the
            // last of them is removed (Graph.removeLocked releases it).
            if node.linkCount.load(ordering: .relaxed) > 0 { _ = Unmanaged.passRetained(node) }
        }
        Scheduler.takeOneShotsLocked(state)
        GraphLock.unlock()
        Scheduler.runCallbacks(state)
        Scheduler.endTransaction(state)
        withExtendedLifetime(dying) {}
    }
}
