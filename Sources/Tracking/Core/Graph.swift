import Synchronization

/// The algorithms on the dependency graph. Every function here requires the
/// lock of the component the nodes belong to, runs no user code, and puts the
/// node references it drops in `state.releases` for the caller to release
/// after unlocking.
///
/// A change travels in two steps. Under the lock, ``propagateLocked(from:direct:state:)``
/// marks direct subscribers *dirty* and, through derived values, transitive
/// ones *pending*, queueing observers on the writing thread. After the lock,
/// the queued observers run; a pending one first asks its derived
/// dependencies to bring themselves up to date (``Pull``) and runs only if
/// one of them really changed (equality cut-off, glitch-free).
///
/// Nodes reached through links are borrowed (`_withUnsafeGuaranteedRef`):
/// the links keep them alive, and the walk then costs no reference counting.
@usableFromInline
enum Graph {
    // MARK: Subscriber lists

    /// Puts `link` at the head of `source`'s subscriber list.
    @inline(__always)
    static func attachLocked(_ link: LinkPointer, to source: Node) {
        let head = source.firstSubscriber
        link.pointee.previousSubscriber = nil
        link.pointee.nextSubscriber = head
        head?.pointee.previousSubscriber = link
        source.firstSubscriber = link
        source.attachedCount &+= 1
        if !source.isDerived {
            // A new subscriber has not been told of this transaction's writes.
            unsafeDowncast(source, to: SourceNode.self).fastWriteMark.store(0, ordering: .relaxed)
        }
    }

    /// Takes `link` out of its source's subscriber list.
    static func detachLocked(_ link: LinkPointer) {
        link.pointee.source._withUnsafeGuaranteedRef { source in
            let previous = link.pointee.previousSubscriber
            let next = link.pointee.nextSubscriber
            if let previous {
                previous.pointee.nextSubscriber = next
            } else {
                source.firstSubscriber = next
            }
            next?.pointee.previousSubscriber = previous
            link.pointee.previousSubscriber = Link.unattached
            link.pointee.nextSubscriber = nil
            source.attachedCount &-= 1
        }
    }

    /// What a subscriber must do about one of its links to a source that
    /// is not dead (a dead one's readers are `.dirty`), judged from the graph
    /// alone: `.dirty` if the source changed since it was read, `.pending`
    /// if the source is a derived value that may have.
    @inline(__always)
    static func changeSeenLocked(by link: LinkPointer, of source: Node) -> SubscriberFlags {
        if source.version.load(ordering: .relaxed) != link.pointee.version {
            return .dirty
        }
        if source.isDerived,
           !unsafeDowncast(source, to: SubscriberNode.self).flags.isDisjoint(with: [.dirty, .pending]) {
            return .pending
        }
        return []
    }

    // MARK: Dependency lists

    /// Removes one link from both lists and recycles it.
    @inline(__always)
    static func removeLocked(_ link: LinkPointer, state: ThreadState) {
        let source = link.pointee.source
        source._withUnsafeGuaranteedRef { source in
            let previous = link.pointee.previousSubscriber
            if previous != Link.unattached {
                // Out of the subscriber list; the link's own fields are
                // rewritten when it is used again.
                let next = link.pointee.nextSubscriber
                if let previous {
                    previous.pointee.nextSubscriber = next
                } else {
                    source.firstSubscriber = next
                }
                next?.pointee.previousSubscriber = previous
                source.attachedCount &-= 1
            }
        }
        let remaining = source._withUnsafeGuaranteedRef { $0.linkCount.wrappingSubtract(1, ordering: .relaxed).newValue }
        state.recycleLocked(link)
        if source._withUnsafeGuaranteedRef({ $0.isDerived }) {
            state.releaseLater(source)          // the link's own reference
        } else if remaining == 0, source._withUnsafeGuaranteedRef({ $0.isDead }) {
            state.releaseLater(source)          // the last link to a dead property
        }
    }

    /// Removes the links after ``SubscriberNode/lastTracked``: the reads of
    /// the previous run that this run did not repeat.
    @usableFromInline
    static func truncateLocked(_ subscriber: SubscriberNode, state: ThreadState) {
        let stale: LinkPointer?
        if let last = subscriber.lastTracked {
            stale = last.pointee.nextDependency
            last.pointee.nextDependency = nil
        } else {
            stale = subscriber.firstDependency
            subscriber.firstDependency = nil
        }
        removeChainLocked(from: stale, state: state)
    }

    /// Removes every link of `subscriber`: inline, so that cancelling an
    /// observer with a few links makes no call for them.
    @inline(__always)
    static func removeAllLocked(_ subscriber: SubscriberNode, state: ThreadState) {
        let stale = subscriber.firstDependency
        subscriber.firstDependency = nil
        subscriber.lastTracked = nil
        removeChainLocked(from: stale, state: state)
    }

    /// Removes `first` and the links after it in its dependency list, which
    /// the caller has cut off.
    @inline(__always)
    private static func removeChainLocked(from first: LinkPointer?, state: ThreadState) {
        var stale = first
        while let link = stale {
            stale = link.pointee.nextDependency
            removeLocked(link, state: state)
        }
    }

    // MARK: Propagation

    /// A death reached the derived values that read `source` (a property of
    /// the object that died): the observers behind them, which the
    /// propagation queued to validate those values, run outright instead.
    /// Validating would compute the values, whose closures may hold the
    /// dying object `unowned` (a model's `lazy` derived values do). Each
    /// derived value is walked once, stale or not. Out of the usual
    /// propagation, so that a change pays nothing for it. Call with the
    /// component locked, after ``propagateLocked(from:direct:state:)``.
    static func markObserversBehindDerivedValuesLocked(from source: Node) {
        // Empty until a derived value is found: a death that reaches none
        // allocates nothing.
        var lists: [LinkPointer] = []
        var walked: Set<UnsafeMutableRawPointer> = []
        var link = source.firstSubscriber
        while true {
            while let current = link {
                link = current.pointee.nextSubscriber
                current.pointee.subscriber._withUnsafeGuaranteedRef { subscriber in
                    switch subscriber.kind {
                    case .derived:
                        guard walked.insert(Unmanaged.passUnretained(subscriber).toOpaque()).inserted else { return }
                        if let first = subscriber.firstSubscriber { lists.append(first) }
                    case .observer:
                        if subscriber.flags.contains(.queued) { subscriber.flags.insert(.dirty) }
                    case .oneShot:
                        break
                    }
                }
            }
            guard let list = lists.popLast() else { return }
            link = list
        }
    }

    /// Marks everything that depends on `source`, which just changed: direct
    /// subscribers dirty, subscribers through derived values pending. Queues
    /// observers on `state` and collects after-change one-shots to fire.
    ///
    /// - Returns: Whether every subscriber is an observer now queued on this
    ///   thread and not running: until they run, another write to `source`
    ///   has no one new to tell (see ``SourceNode/fastWriteMark``).
    @discardableResult
    static func propagateLocked(from source: Node, direct directMark: SubscriberFlags = .dirty, state: ThreadState) -> Bool {
        var link = source.firstSubscriber
        var direct = true
        var onlyObserversQueuedHere = true
        // The walk's stack, copied out of the thread's state so that it stays
        // in registers: nothing the walk calls uses it.
        var stack = state.traversal
        let base = stack.count
        defer { state.traversal = stack }
        while true {
            while let current = link {
                let mark: SubscriberFlags = direct ? directMark : .pending
                let next = current.pointee.nextSubscriber
                let descend = current.pointee.subscriber._withUnsafeGuaranteedRef { subscriber -> LinkPointer? in
                    switch subscriber.kind {
                    case .derived:
                        onlyObserversQueuedHere = false
                        let flags = subscriber.flags
                        subscriber.flags = flags.union(mark)
                        return flags.isDisjoint(with: .dirtyOrPending) ? subscriber.firstSubscriber : nil
                    case .observer:
                        let observer = unsafeDowncast(subscriber, to: ObserverNode.self)
                        if !observer.markLocked(mark, cause: source, state: state) { onlyObserversQueuedHere = false }
                        return nil
                    case .oneShot:
                        onlyObserversQueuedHere = false
                        unsafeDowncast(subscriber, to: OneShotNode.self).markLocked(
                            state.isAnnouncingDeath && direct ? .deinit : .didSet, cause: source, state: state)
                        return nil
                    }
                }
                if let first = descend {
                    // Go through the derived value; come back for the rest
                    // (whether they are direct subscribers, in the low bit).
                    if let next { stack.push(UnsafeMutableRawPointer(next) + (direct ? 1 : 0)) }
                    link = first
                    direct = false
                } else {
                    link = next
                }
            }
            if stack.count == base { break }
            let bits = UInt(bitPattern: stack.popNonEmpty())
            direct = bits & 1 != 0
            link = UnsafeMutableRawPointer(bitPattern: bits & ~1)?.assumingMemoryBound(to: Link.self)
        }
        return onlyObserversQueuedHere
    }

    /// Before a change is stored: collects the before-change one-shots that
    /// depend on `source`, directly or through derived values.
    static func collectBeforeChangeLocked(from source: Node, state: ThreadState) {
        var link = source.firstSubscriber
        var direct = true
        let base = state.traversal.count
        var visited = 0
        while true {
            while let current = link {
                visited += 1
                var descend: LinkPointer?
                current.pointee.subscriber._withUnsafeGuaranteedRef { subscriber in
                    switch subscriber.kind {
                    case .derived:
                        // A cycle among derived values is reported when it is
                        // computed; the visit bound keeps this walk finite.
                        if visited < 1_000_000 { descend = subscriber.firstSubscriber }
                    case .oneShot:
                        // A death reaches direct readers as a deinit event.
                        unsafeDowncast(subscriber, to: OneShotNode.self).markLocked(
                            state.isAnnouncingDeath && direct ? .deinit : .willSet, cause: source, state: state)
                    case .observer:
                        break
                    }
                }
                if let first = descend {
                    if let next = current.pointee.nextSubscriber {
                        state.traversal.push(UnsafeMutableRawPointer(next) + (direct ? 1 : 0))
                    }
                    link = first
                    direct = false
                } else {
                    link = current.pointee.nextSubscriber
                }
            }
            guard state.traversal.count > base, let saved = state.traversal.pop() else { break }
            let bits = UInt(bitPattern: saved)
            direct = bits & 1 != 0
            link = UnsafeMutableRawPointer(bitPattern: bits & ~1)?.assumingMemoryBound(to: Link.self)
        }
    }
}
