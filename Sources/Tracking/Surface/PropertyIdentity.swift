/// Tells whether a key path names the property of a graph node, for
/// ``TrackingEvent/matches(_:)``, without costing the read and write paths
/// anything.
///
/// A hand-written property's node keeps its key path: they are compared. It
/// and a `@Tracked` property's node keep their owner, unretained. A
/// `@Tracked` property's node knows its owner's type and the offset of its
/// storage, but `\Book.title` reaches the storage through the wrapper's
/// accessor, so the key path alone does not say which storage it is. The
/// first time a key path is asked about, it is applied to a live owner
/// inside a probe scope. A key path that read one property (a `@Tracked`
/// property's, or a computed one that forwards to it) is kept with it:
/// every later question is a table lookup. One that read several, or none,
/// is a computed property whose reads may depend on the object's state
/// (`useB ? b : a`): it is applied again, to the object that changed, each
/// time it is asked about; a change it cannot be applied to (another
/// object's property) is answered from every property
/// it was seen to read. A computed property that reads one property when
/// first asked, and others in other states, is taken for that one property:
/// the probe cannot tell it from a `@Tracked` accessor. The owner is reached
/// through the node's unretained pointer, safely: under the component lock,
/// while the node is not dead, the object's memory cannot be freed (its death
/// takes that lock), and a weak reference formed then yields the object
/// only if it is not being deinitialized.
enum PropertyIdentity {
    /// One property of one class: a `@Tracked` storage, or a hand-written key path.
    private enum Identity: Hashable {
        case tracked(owner: ObjectIdentifier, offset: Int)
        case handWritten(AnyKeyPath)
    }

    private struct Key: Hashable {
        let root: ObjectIdentifier
        let keyPath: AnyKeyPath
    }

    /// What a key path was found to read.
    private enum Reads {
        /// Always this property.
        case one(Identity)
        /// What the object's state makes it read: probed at each question,
        /// on the object that changed; the properties seen so far answer
        /// for a change that cannot be probed (another object's property).
        case dependsOnState(seen: Set<Identity>)
    }

    private static let lock = SpinLock()
    /// What each key path reads, by root type. Guarded by `lock`.
    nonisolated(unsafe) private static var known: [Key: Reads] = [:]

    /// Whether reading `keyPath` reads the property `node` stands for.
    static func matches<Subject: Trackable>(_ node: Node, _ keyPath: PartialKeyPath<Subject>) -> Bool {
        let identity: Identity
        switch node {
        case let handWritten as KeyPathPropertyNode:
            if handWritten.keyPath == keyPath { return true }
            identity = .handWritten(handWritten.keyPath)
        case let tracked as TrackedPropertyNode:
            identity = .tracked(owner: ObjectIdentifier(tracked.ownerType), offset: tracked.offset)
        default:
            return false
        }
        let key = Key(root: ObjectIdentifier(Subject.self), keyPath: keyPath)
        let knownReads = lock.withLock { known[key] }
        if case .one(let read) = knownReads { return read == identity }
        guard let owner = liveOwner(of: unsafeDowncast(node, to: PropertyNode.self)) as? Subject else {
            if case .dependsOnState(let seen) = knownReads { return seen.contains(identity) }
            return false
        }
        let reads = probe(owner, keyPath)
        lock.withLock {
            // A key path found to depend on state stays so: a probe on
            // another thread that saw one read does not make it `.one`,
            // and one that saw other reads than a `.one` makes it depend
            // on state.
            switch known[key] {
            case .one(let read):
                if reads != [read] { known[key] = .dependsOnState(seen: reads.union([read])) }
            case .dependsOnState(let seen):
                known[key] = .dependsOnState(seen: seen.union(reads))
            case nil:
                known[key] = reads.count == 1 ? .one(reads.first.unsafelyUnwrapped) : .dependsOnState(seen: reads)
            }
        }
        return reads.contains(identity)
    }

    /// The object that owns `node`, if it is alive and not being
    /// deinitialized.
    private static func liveOwner(of node: PropertyNode) -> AnyObject? {
        weak var owner: AnyObject?
        let component = Component.lock(node)
        if !node.isDead {
            owner = Unmanaged<AnyObject>.fromOpaque(node.owner).takeUnretainedValue()
        }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        return owner
    }

    /// The properties that reading `keyPath` of `subject` reads.
    private static func probe<Subject: Trackable>(_ subject: Subject, _ keyPath: PartialKeyPath<Subject>) -> Set<Identity> {
        let scope = ObserverNode(
            mode: .invalidate, origin: SourceLocation(fileID: #fileID, line: #line), callback: doNothing)
        defer { scope.cancel() }
        let state = ThreadState.current
        scope.track(state) { _ = subject[keyPath: keyPath] }
        var reads: Set<Identity> = []
        let component = Component.lock(scope)
        var cursor = scope.firstDependency
        while let link = cursor {
            switch link.pointee.source.takeUnretainedValue() {
            case let tracked as TrackedPropertyNode:
                reads.insert(.tracked(owner: ObjectIdentifier(tracked.ownerType), offset: tracked.offset))
            case let handWritten as KeyPathPropertyNode:
                reads.insert(.handWritten(handWritten.keyPath))
            default:
                break
            }
            cursor = link.pointee.nextDependency
        }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        return reads
    }
}
