/// The per-object side of the graph: the property nodes of one object that
/// something has linked to, so that they can be found by key path (for the
/// hand-written registrar calls) and told when the object is deallocated.
@usableFromInline
final class RegistrarStorage: @unchecked Sendable {
    /// Every node of this object that has had a link. Guarded by ``graphLock``.
    private var nodes: [PropertyNode] = []

    @usableFromInline
    init() {}

    /// Records that `node` belongs to this object, at its first link.
    func registerLocked(_ node: PropertyNode, keyPath: AnyKeyPath?, storageKeyPath: AnyKeyPath?) {
        if node.registrar != nil || node.isDead { return }
        node.registrar = self
        node.keyPath = keyPath
        node.storageKeyPath = storageKeyPath
        nodes.append(node)
    }

    /// The node registered for `keyPath`, if any.
    func nodeLocked(for keyPath: AnyKeyPath) -> PropertyNode? {
        for node in nodes where node.keyPath == keyPath {
            return node
        }
        return nil
    }

    /// The node for a hand-written property, created on first use.
    func nodeLocked(creatingFor keyPath: AnyKeyPath) -> PropertyNode {
        if let node = nodeLocked(for: keyPath) { return node }
        let node = PropertyNode()
        registerLocked(node, keyPath: keyPath, storageKeyPath: nil)
        return node
    }

    /// Live registered nodes, for tests and leak checks.
    var registeredCount: Int {
        graphLock.lock()
        defer { graphLock.unlock() }
        return nodes.count
    }

    /// The object is gone: every subscriber that read one of its properties
    /// hears of it once, as of a change, and the links from its nodes go.
    deinit {
        let state = ThreadState.current
        Scheduler.beginTransaction(state)
        graphLock.lock()
        let dying = nodes
        nodes.removeAll()
        for node in dying {
            if OneShotNode.waitingBeforeChange.load(ordering: .relaxed) > 0 {
                Graph.collectBeforeChangeLocked(from: node, state: state)
            }
            node.version.add(1, ordering: .relaxed)
            var link = node.firstSubscriber
            while let current = link {
                current.pointee.subscriber.takeUnretainedValue().flags.insert(.sourceDied)
                link = current.pointee.nextSubscriber
            }
            Graph.propagateLocked(from: node, state: state)
            link = node.firstSubscriber
            while let current = link {
                link = current.pointee.nextSubscriber
                current.pointee.previousSubscriber = nil
                current.pointee.nextSubscriber = nil
            }
            node.firstSubscriber = nil
            node.isDead = true
            node.registrar = nil
        }
        graphLock.unlock()
        state.drainReleases()
        Scheduler.fireOneShots(state)
        Scheduler.endTransaction(state)
        withExtendedLifetime(dying) {}
    }
}
