import CTrackingSupport

/// Transactions and the running of queued observers.
///
/// Every write that reaches a subscriber happens inside a transaction: an
/// explicit ``withTransaction(_:)``, or an implicit one around the single
/// write. When the outermost one ends, the thread runs the observers that the
/// transaction queued, in creation order, in rounds: writes made by observers
/// queue the next round. A loop that never settles is stopped after
/// ``TrackingDiagnostics/maximumObserverRounds`` rounds with a diagnostic.
enum Scheduler {
    @inline(__always)
    static func beginTransaction(_ state: ThreadState) {
        state.transactionDepth += 1
    }

    @inline(__always)
    static func endTransaction(_ state: ThreadState) {
        state.transactionDepth -= 1
        if state.transactionDepth == 0, !state.isFlushing, !state.queue.isEmpty {
            flush(state)
        }
    }

    /// Takes the callbacks of the one-shots marked under a component lock,
    /// removing their links in the same critical section. Call with that lock
    /// held.
    @inline(__always)
    static func takeOneShotsLocked(_ state: ThreadState) {
        if !state.oneShotsToFire.isEmpty { takeMarkedOneShotsLocked(state) }
    }

    @inline(never)
    private static func takeMarkedOneShotsLocked(_ state: ThreadState) {
        for index in 0..<state.oneShotsToFire.count {
            Unmanaged<OneShotNode>.fromOpaque(state.oneShotsToFire[index])
                ._withUnsafeGuaranteedRef { $0.takeCallbackLocked(state) }
        }
        state.oneShotsToFire.truncate(to: 0)
    }

    /// After the lock: releases what was dropped under it, then calls the
    /// one-shot callbacks taken, in order. A callback may fire more.
    @inline(__always)
    static func runCallbacks(_ state: ThreadState) {
        state.drainReleases()
        if state.firedOneShotsCalled < state.firedOneShots.count { runFiredCallbacks(state) }
    }

    @inline(never)
    private static func runFiredCallbacks(_ state: ThreadState) {
        // A callback may fire more one-shots, and run them in a nested call:
        // both calls advance the same cursor. Past a fixed nesting, the
        // nested call leaves them to the call below it, so that a chain of
        // one-shots, each re-armed and triggered from the previous callback,
        // runs in a loop instead of growing the stack.
        if state.callbackDepth >= maximumCallbackNesting { return }
        state.callbackDepth += 1
        defer {
            state.callbackDepth -= 1
            if state.callbackDepth == 0 {
                state.chainedCallbacks = 0
                if !state.chainCauses.isEmpty { state.chainCauses.removeAll() }
            }
        }
        while state.firedOneShotsCalled < state.firedOneShots.count {
            if state.callbackDepth == maximumCallbackNesting {
                state.chainedCallbacks += 1
                if state.chainedCallbacks > maximumChainedCallbacks {
                    abandonChain(state)
                    return
                }
            }
            let pointer = state.firedOneShots[state.firedOneShotsCalled]
            state.firedOneShotsCalled += 1
            let node = Unmanaged<OneShotNode>.fromOpaque(pointer)
            node._withUnsafeGuaranteedRef { $0.runTakenCallback(state) }
            OneShotNode.recycleOrRelease(node, state)
        }
        state.firedOneShots.truncate(to: 0)
        state.firedOneShotsCalled = 0
    }

    /// How deep one-shot callbacks nest before further ones run in a loop.
    static let maximumCallbackNesting = 32

    /// How long a chain of one-shot callbacks, each firing the next, may get
    /// before the rest are dropped with a diagnostic: far beyond any chain
    /// that ends, and reached in well under a second by one that does not.
    static let maximumChainedCallbacks = 100_000

    /// Drops the one-shot callbacks still to call (their scopes have ended:
    /// nothing waits on them) and reports the chain.
    private static func abandonChain(_ state: ThreadState) {
        let dropped = state.firedOneShots.count - state.firedOneShotsCalled
        for index in state.firedOneShotsCalled..<state.firedOneShots.count {
            Unmanaged<OneShotNode>.fromOpaque(state.firedOneShots[index]).release()
        }
        state.firedOneShots.truncate(to: 0)
        state.firedOneShotsCalled = 0
        let properties = state.chainCauses.sorted()
        let changing = properties.isEmpty ? "unknown" : properties.joined(separator: ", ")
        TrackingDiagnostics.report(TrackingDiagnostic(
            kind: .oneShotChain,
            message: "withTracking callbacks kept re-arming and firing one another "
                + "(\(maximumChainedCallbacks) in a row) and were stopped; still changing: \(changing); "
                + "\(dropped) callback(s) not called",
            properties: properties))
    }

    /// Runs queued observers until none is left, or reports a loop.
    static func flush(_ state: ThreadState) {
        if state.isFlushing { return }
        // A derived value's closure wrote (a side effect it should not
        // have), or read a value whose validation queued observers: they
        // stay queued until the read that started the computation ends
        // (``flushAfterRead(_:)``), so that none runs, or reads the value
        // being computed, in the middle of it. Counted, not found from the
        // current scope: `untracked`, `withTracking` or the comparison
        // (`isEqual`) in the computation hide its scope.
        if state.derivedComputations != 0 { return }
        state.isFlushing = true
        defer { state.isFlushing = false }
        let limit = TrackingDiagnostics.maximumObserverRounds
        // Runs of this flush have marks above this one (a thread's marks
        // only grow): an observer whose last run has one runs again.
        let flushStart = state.runMark
        var round = 0
        while !state.queue.isEmpty {
            // The first round, and each that runs an observer again, counts
            // toward the limit: a pipeline of observers, each writing what
            // the next reads, runs no observer twice and is no loop, however
            // long.
            let counted = round == 0 || runsAgain(state.queue, since: flushStart, state)
            if counted { round += 1 }
            if round > limit {
                abandonQueue(state, rounds: limit)
                return
            }
            let changesBefore = state.changesAnnounced
            swap(&state.queue, &state.batch)
            // The round's observers are unretained: each is alive while it is
            // flagged `.queued` (its owner holds it, or it keeps itself if
            // cancelled: ``SubscriberFlags/kept``), and its entry is not
            // touched after its turn. Nothing but this loop touches the
            // round (a nested flush returns at once).
            let count = state.batch.count
            // One loop per direction: no choice of position per observer.
            if count > 1 && orderByCreation(state.batch.elements, scratch: &state.traversal) {
                var position = count
                repeat {
                    position &-= 1
                    Unmanaged<ObserverNode>.fromOpaque(state.batch[position])._withUnsafeGuaranteedRef { $0.runIfNeeded(state) }
                } while position > 0
            } else {
                var position = 0
                repeat {
                    Unmanaged<ObserverNode>.fromOpaque(state.batch[position])._withUnsafeGuaranteedRef { $0.runIfNeeded(state) }
                    position &+= 1
                } while position < count
            }
            state.batch.truncate(to: 0)
            // A round that changed nothing did not queue the next one: other
            // threads' writes did, while its observers ran. That is no loop.
            if counted, state.changesAnnounced == changesBefore { round -= 1 }
        }
    }

    /// Whether an observer of the round has run in this flush, on this
    /// thread (its last run's mark lies between `flushStart` and the
    /// thread's latest): the round then repeats work, as a loop does. A
    /// scope (the scope form, a view host's) runs when it is tracked, which
    /// its invalidation handler may do at once: one tracked again in this
    /// flush and queued again is a loop too.
    @inline(never)
    private static func runsAgain(_ round: PointerStack, since flushStart: UInt64, _ state: ThreadState) -> Bool {
        let latest = state.runMark
        for index in 0..<round.count {
            let mark = Unmanaged<ObserverNode>.fromOpaque(round[index])._withUnsafeGuaranteedRef {
                $0.mode == .rerun ? $0.runMark : scopeRunMark($0)
            }
            if mark > flushStart && mark <= latest { return true }
        }
        return false
    }

    /// The run mark of a scope's last tracking, read under its lock: its
    /// owner tracks it on any thread, even while it is queued here, and
    /// writes the mark without the lock once it has claimed the scope. 0
    /// while a thread holds that claim.
    @inline(never)
    private static func scopeRunMark(_ scope: ObserverNode) -> UInt64 {
        let component = Component.lock(scope)
        let mark = scope.flags.contains(.running) ? 0 : scope.runMark
        component._withUnsafeGuaranteedRef { $0.unlock() }
        return mark
    }

    /// Runs the observers queued during a read of a derived value, once the
    /// read has ended: those a write in a closure it computed woke (their
    /// flush was deferred), and those its validation queued itself — a
    /// dependency read for the first time that changed while the closure ran
    /// marks what depends on the value, on the reading thread, and a read is
    /// no transaction whose end would run them. Inside a transaction or a
    /// flush, their end runs them; inside another derived value's
    /// computation, the read that started that one does.
    @inline(never)
    static func flushAfterRead(_ state: ThreadState) {
        if state.isFlushing || state.transactionDepth != 0 { return }
        flush(state)
    }

    /// Puts a round of observers in creation order, or finds it in reverse
    /// order: returns true when the round should run from its end. A write
    /// queues observers in the order of its subscriber list, usually sorted
    /// or reversed already (links are added at the head): both are found in
    /// one pass, so that only a mixed order pays for a sort. `scratch` is
    /// room for that sort, above its current top.
    private static func orderByCreation(
        _ round: UnsafeMutableBufferPointer<UnsafeMutableRawPointer>, scratch: inout PointerStack
    ) -> Bool {
        // The leading run, ascending or descending, compares only; a mixed
        // round then takes the bounds of the rest for the sort. One loop per
        // direction: a single loop that tests the direction too cost about
        // five instructions more per observer (kairo broad).
        let count = round.count
        var previous = sequence(round[0])
        var index = 1
        var next = sequence(round[1])
        var lowest: UInt64
        var highest: UInt64
        if next >= previous {
            let first = previous
            repeat {
                previous = next
                index &+= 1
                if index == count { return false }
                next = sequence(round[index])
            } while next >= previous
            lowest = first
            highest = previous
        } else {
            let first = previous
            repeat {
                previous = next
                index &+= 1
                if index == count { return true }
                next = sequence(round[index])
            } while next < previous
            lowest = previous
            highest = first
        }
        while true {
            lowest = min(lowest, next)
            highest = max(highest, next)
            index &+= 1
            if index == count { break }
            next = sequence(round[index])
        }
        sortByCreation(round, lowest: lowest, highest: highest, scratch: &scratch)
        return false
    }

    /// A queued observer's creation order. An observer is queued once at a
    /// time, so no two entries of a round are equal and any sort is exact.
    @inline(__always)
    private static func sequence(_ observer: UnsafeMutableRawPointer) -> UInt64 {
        Unmanaged<ObserverNode>.fromOpaque(observer)._withUnsafeGuaranteedRef { $0.sequence }
    }

    /// Sorts a round in mixed order, whose creation numbers lie in
    /// `lowest...highest`. Short rounds (the usual ones) by insertion, in
    /// place. A long round of observers created close together (a screen's,
    /// a list's: their numbers are dense) by placing each at its number's
    /// offset in `scratch`, in linear time. Other long ones by the standard
    /// sort.
    @inline(never)
    private static func sortByCreation(
        _ round: UnsafeMutableBufferPointer<UnsafeMutableRawPointer>, lowest: UInt64, highest: UInt64,
        scratch: inout PointerStack
    ) {
        let span = highest - lowest
        if round.count > 32, span < UInt64(4 * round.count) {
            scratch.withScratch(Int(span) + 1) { places in
                // In range: every number lies in `lowest...highest`.
                for observer in round { places[Int(truncatingIfNeeded: sequence(observer) &- lowest)] = observer }
                var next = 0
                for case let observer? in places {
                    round[next] = observer
                    next += 1
                }
            }
            return
        }
        if round.count > 32 {
            var round = round
            round.sort { sequence($0) < sequence($1) }
            return
        }
        for index in 1..<round.count {
            let moving = round[index]
            let key = sequence(moving)
            var hole = index
            while hole > 0, sequence(round[hole - 1]) > key {
                round[hole] = round[hole - 1]
                hole -= 1
            }
            round[hole] = moving
        }
    }

    /// Drops the observers still queued after too many rounds and reports the
    /// properties whose changes kept queueing them.
    private static func abandonQueue(_ state: ThreadState, rounds: Int) {
        var causes: [String] = []
        var observers: [String] = []
        for index in 0..<state.queue.count {
            let node = Unmanaged<ObserverNode>.fromOpaque(state.queue[index]).takeUnretainedValue()
            let component = Component.lock(node)
            node.flags.remove([.queued, .dirty, .pending])
            if let cause = node.queueingCauseLocked {
                causes.append(cause.displayName)
            }
            let kept = node.takeKeptLocked()
            component._withUnsafeGuaranteedRef { $0.unlock() }
            observers.append(node.subscriberName)
            if kept { ObserverNode.releaseKept(node) }
        }
        state.queue.truncate(to: 0)
        let properties = Array(Set(causes)).sorted()
        let changing = properties.isEmpty ? "unknown" : properties.joined(separator: ", ")
        TrackingDiagnostics.report(TrackingDiagnostic(
            kind: .observerLoop,
            message: "observers did not settle after \(rounds) rounds; their pending runs were dropped "
                + "(they stay subscribed and run again at the next change); "
                + "still changing: \(changing) (read by \(observers.joined(separator: ", ")))",
            properties: properties))
    }
}
