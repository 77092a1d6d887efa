import Foundation
import Testing
@testable import Tracking
#if canImport(Glibc)
import Glibc
#endif

/// A review of the one-shot spares (a `withTracking` node that fired for
/// good is kept by its thread and reused by the next scope there). Each
/// scenario that depends on what a thread's spares hold runs on a thread of
/// its own, whose spares start empty.
@Suite struct OneShotSpareReviewTests {
    private final class Capture: Sendable {}
    private struct Failure: Error {}

    // MARK: Nested scopes

    /// The outer scope depends on what the inner one read, and must hear
    /// of it with its own options (`.willSet` here), although the inner one
    /// only listens for `.didSet`.
    @Test(arguments: [false, true])
    func anOuterScopeThatReadsOnlyThroughAnInnerOneHearsItsWillSet(outerIsRecycled: Bool) async {
        let (outer, inner, joined) = await onNewThread { () -> (Int, Int, Bool) in
            let person = MiddleNamePerson()
            if outerIsRecycled {
                // A spare whose component is another object's.
                let other = MiddleNamePerson()
                withTracking { _ = other.age } onChange: {}
                other.age = 1
            }
            let outerFired = Locked(0)
            let innerFired = Locked(0)
            withTracking {
                withTracking(options: .didSet) { _ = person.firstName } onChange: { innerFired.increment() }
            } onChange: {
                outerFired.increment()
            }
            let source = person.trackingRegistrar.storage.registeredNodes[0]
            let outerNode = subscribers(of: source).first { ($0 as? OneShotNode)?.options.contains(.willSet) == true }
            let joined = outerNode.map { Component.areJoined($0, source) } ?? false
            person.firstName = "a"
            return (outerFired.current, innerFired.current, joined)
        }
        #expect(inner == 1)
        // The inner scope's end leaves the outer scope's new links to the
        // outer run, which joins their sources' component: its `.willSet`
        // wait is counted there, where the write looks.
        #expect(joined)     // the outer scope's links are guarded by its component's lock
        #expect(outer == 1)
    }

    /// The same with an observer around the scope: the observer's link to
    /// what the scope read must be in the observer's component.
    @Test func anObserverThatReadsOnlyThroughAScopeIsJoinedToWhatTheScopeRead() async {
        let joined = await onNewThread { () -> Bool in
            let person = MiddleNamePerson()
            let token = observe {
                withTracking(options: .didSet) { _ = person.firstName } onChange: {}
            }
            defer { token.cancel() }
            let source = person.trackingRegistrar.storage.registeredNodes[0]
            let observer = subscribers(of: source).first { $0.kind == .observer }
            return observer.map { Component.areJoined($0, source) } ?? false
        }
        // As above: the observer's link is attached and walked under the
        // lock its runs take.
        #expect(joined)
    }

    /// An outer scope that reads directly and through an inner one, several
    /// rounds on one thread with spares: each fires once per round, and the
    /// objects of different rounds stay apart.
    @Test func nestedScopesOnSparesFireOncePerRoundAndKeepObjectsApart() async {
        let result = await onNewThread { () -> ([Int], [Int], Bool) in
            let people = (0..<6).map { _ in MiddleNamePerson() }
            let outerFired = Locked([Int](repeating: 0, count: 6))
            let innerFired = Locked([Int](repeating: 0, count: 6))
            for (index, person) in people.enumerated() {
                withTracking {
                    _ = person.lastName
                    withTracking { _ = person.firstName } onChange: { innerFired.mutate { $0[index] += 1 } }
                } onChange: {
                    outerFired.mutate { $0[index] += 1 }
                }
                person.firstName = "x"      // fires both: two spares
            }
            return (outerFired.current, innerFired.current, joinedPairs(people).isEmpty)
        }
        #expect(result.0 == [1, 1, 1, 1, 1, 1])
        #expect(result.1 == [1, 1, 1, 1, 1, 1])
        #expect(result.2)
    }

    /// The outer scope, before and after, writes what the inner one read,
    /// after the inner one returned: the inner scope fires at once, the
    /// outer one after its `apply`, once per kind, with or without a spare.
    @Test(arguments: [false, true])
    func anOuterScopeThatWritesWhatItsInnerOneReadFiresAfterApply(outerIsRecycled: Bool) async {
        let seen = await onNewThread { () -> [String] in
            let person = MiddleNamePerson()
            if outerIsRecycled {
                let other = MiddleNamePerson()
                withTracking { _ = other.age } onChange: {}
                other.age = 1
            }
            let seen = Locked<[String]>([])
            withTracking(options: [.willSet, .didSet]) {
                withTracking { _ = person.firstName } onChange: { seen.append("inner") }
                person.firstName = "x"
                seen.append("apply ends")
            } onChange: { event in
                seen.append("outer \(event.kind)")
            }
            person.firstName = "y"
            return seen.current
        }
        #expect(seen == ["inner", "apply ends", "outer willSet", "outer didSet"])
    }

    // MARK: Components

    /// Every kind of scope, one after the other on one thread and each on
    /// an object of its own: no two objects end up in one component.
    @Test func scopesOfEveryKindOnSparesNeverJoinUnrelatedObjects() async {
        let apart = await onNewThread { () -> [String] in
            var people: [MiddleNamePerson] = []
            func fresh() -> MiddleNamePerson { let p = MiddleNamePerson(); people.append(p); return p }
            for round in 0..<4 {
                let a = fresh()
                withTracking { _ = a.firstName } onChange: {}
                a.firstName = "\(round)"
                let b = fresh()
                withTracking(options: [.willSet, .didSet]) { _ = b.firstName; _ = b.lastName } onChange: { _ in }
                b.lastName = "\(round)"
                let c = fresh()
                _ = try? withTracking { _ = c.firstName; throw Failure() } onChange: {}
                let d = fresh()
                withTracking(options: .didSet) { _ = d.age; d.age += 1 } onChange: {}   // fires during apply
                var e: MiddleNamePerson? = fresh()
                withTracking(options: .deinit) { _ = e!.middleName } onChange: { _ in }
                people.removeLast()
                e = nil
                let f = fresh()
                withTracking { _ = f.age } onChange: {}          // left waiting
            }
            return joinedPairs(people)
        }
        #expect(apart == [])
    }

    /// A spare that keeps the component of its last scope, a component
    /// since merged into a bigger one, reused for a scope in that bigger
    /// component and then for one elsewhere.
    @Test func aSpareInAMergedComponentJoinsOnlyWhatItsNextScopeReads() async {
        let result = await onNewThread { () -> (Bool, Bool, Bool, Int, Int) in
            let a = MiddleNamePerson()
            let b = MiddleNamePerson()
            let c = MiddleNamePerson()
            withTracking { _ = a.firstName } onChange: {}
            a.firstName = "1"                              // a spare in a.firstName's component
            let bridge = observe { _ = a.firstName; _ = b.lastName }   // which merges with b.lastName's
            let firedB = Locked(0)
            withTracking { _ = b.lastName } onChange: { firedB.increment() }   // the spare: stays
            b.lastName = "2"
            let firedC = Locked(0)
            withTracking { _ = c.firstName } onChange: { firedC.increment() }  // the spare: leaves
            let aFirst = a.trackingRegistrar.storage.registeredNodes[0]
            let bLast = b.trackingRegistrar.storage.registeredNodes[0]
            let cFirst = c.trackingRegistrar.storage.registeredNodes[0]
            let joined = (Component.areJoined(aFirst, bLast), Component.areJoined(aFirst, cFirst),
                          Component.areJoined(bLast, cFirst))
            c.firstName = "3"
            bridge.cancel()
            return (joined.0, joined.1, joined.2, firedB.current, firedC.current)
        }
        #expect(result.0)
        #expect(!result.1)
        #expect(!result.2)
        #expect(result.3 == 1)
        #expect(result.4 == 1)
    }

    // MARK: Memory

    /// The spare drops the cause of its last change: the property node of
    /// an object that is then deallocated goes with it.
    @Test func aSpareDoesNotKeepTheCauseOfItsLastChange() async {
        let (sparesAfterFire, propertyNodeGone) = await onNewThread { () -> (Int, Bool) in
            weak var propertyNode: PropertyNode?
            var spares = 0
            do {
                let person = MiddleNamePerson()
                let kinds = Locked<[TrackingEvent.Kind]>([])
                withTracking(options: .didSet) { _ = person.firstName } onChange: { event in
                    kinds.append(event.kind)
                }
                propertyNode = person.trackingRegistrar.storage.registeredNodes[0]
                person.firstName = "a"
                spares = ThreadState.current.spareOneShots.count
            }
            return (spares, propertyNode == nil)
        }
        #expect(sparesAfterFire == 1)
        #expect(propertyNodeGone)
    }

    /// A scope whose `apply` throws releases its callback at once, whether
    /// its node came from the spares or not, and the next scope works.
    @Test func aThrowingScopeOnASpareReleasesItsCallback() async {
        let (capturedGone, called, next) = await onNewThread { () -> (Bool, Int, Int) in
            let person = MiddleNamePerson()
            withTracking { _ = person.age } onChange: {}
            person.age = 1                                // one spare
            weak var captured: Capture?
            let called = Locked(0)
            do {
                let capture = Capture()
                captured = capture
                _ = try? withTracking {
                    _ = person.firstName
                    throw Failure()
                } onChange: {
                    withExtendedLifetime(capture) { called.increment() }
                }
            }
            let gone = captured == nil
            person.firstName = "a"
            let next = Locked(0)
            withTracking { _ = person.firstName } onChange: { next.increment() }
            person.firstName = "b"
            return (gone, called.current, next.current)
        }
        #expect(capturedGone)
        #expect(called == 0)
        #expect(next == 1)
    }

    /// A scope that reads nothing is never called and keeps nothing.
    @Test func aScopeThatReadsNothingOnASpareKeepsNothing() async {
        let (capturedGone, called, value) = await onNewThread { () -> (Bool, Int, Int) in
            let person = MiddleNamePerson()
            withTracking { _ = person.age } onChange: {}
            person.age = 1
            weak var captured: Capture?
            let called = Locked(0)
            var value = 0
            do {
                let capture = Capture()
                captured = capture
                value = withTracking { 42 } onChange: { withExtendedLifetime(capture) { called.increment() } }
            }
            person.age = 2
            return (captured == nil, called.current, value)
        }
        #expect(capturedGone)
        #expect(called == 0)
        #expect(value == 42)
    }

    /// A thread that exits frees its spares, and what they held.
    @Test func aThreadThatExitsFreesItsSpares() {
        final class Probe: @unchecked Sendable {
            weak var node: SubscriberNode?
            var sparesBeforeExit = 0
            var nodeAliveBeforeExit = false
        }
        let probe = Probe()
        let person = MiddleNamePerson()
        runOnJoinedThread {
            withTracking { _ = person.firstName } onChange: {}
            let source = person.trackingRegistrar.storage.registeredNodes[0]
            probe.node = subscribers(of: source).first
            person.firstName = "a"
            probe.sparesBeforeExit = ThreadState.current.spareOneShots.count
            probe.nodeAliveBeforeExit = probe.node != nil
        }
        #expect(probe.sparesBeforeExit == 1)
        #expect(probe.nodeAliveBeforeExit)
        #expect(probe.node == nil)
    }

    /// A fired scope's callback captures an object whose deinit arms and
    /// fires another scope: it runs while the node is emptied for the
    /// spares. Each callback runs once.
    @Test func aCallbackWhoseCapturesDeinitFiresAnotherScope() async {
        final class Tripwire: Sendable {
            let action: @Sendable () -> Void
            init(_ action: @escaping @Sendable () -> Void) { self.action = action }
            deinit { action() }
        }
        let seen = await onNewThread { () -> [String] in
            let person = MiddleNamePerson()
            let other = MiddleNamePerson()
            let seen = Locked<[String]>([])
            do {
                let tripwire = Tripwire {
                    withTracking { _ = other.age } onChange: { seen.append("D") }
                    other.age += 1
                }
                withTracking { _ = person.age } onChange: { withExtendedLifetime(tripwire) { seen.append("A") } }
            }
            withTracking { _ = person.age } onChange: { seen.append("B") }
            withTracking { _ = person.age } onChange: { seen.append("C") }
            person.age = 1
            person.age = 2
            other.age += 1
            // The spares still serve: one more scope fires once.
            withTracking { _ = person.age } onChange: { seen.append("E") }
            person.age = 3
            person.age = 4
            return seen.current
        }
        #expect(seen.sorted() == ["A", "B", "C", "D", "E"])
        #expect(seen.last == "E")
    }

    // MARK: Events

    /// A change made by `apply` itself fires the scope after it; on a spare
    /// whose last scope was fired by another property, the event must not
    /// report that other property.
    @Test func aChangeDuringApplyOnASpareDoesNotReportTheLastScopesCause() async {
        let seen = await onNewThread { () -> [String] in
            let person = MiddleNamePerson()
            let seen = Locked<[String]>([])
            withTracking(options: .didSet) { _ = person.firstName } onChange: { event in
                seen.append("first \(event.kind) firstName:\(event.matches(\Person.firstName))")
            }
            person.firstName = "a"
            withTracking(options: .didSet) {
                _ = person.lastName
                person.lastName = "b"
            } onChange: { event in
                seen.append("second \(event.kind) firstName:\(event.matches(\Person.firstName))")
            }
            return seen.current
        }
        #expect(seen == ["first didSet firstName:true", "second didSet firstName:false"])
    }

    /// Before and after a change, with the `.willSet` callback writing the
    /// property again: the nested change delivers the `.didSet` inside the
    /// `.willSet` callback, the outer change delivers nothing more, and the
    /// node, reused, serves the next scope exactly once per kind.
    @Test func aWillSetCallbackThatWritesAgainThenTheSpareServesTheNextScope() async {
        let seen = await onNewThread { () -> [String] in
            let person = MiddleNamePerson()
            let seen = Locked<[String]>([])
            withTracking(options: [.willSet, .didSet]) { _ = person.firstName } onChange: { event in
                seen.append("one \(event.kind) begins")
                if event.kind == .willSet { person.firstName = "nested" }
                seen.append("one \(event.kind) ends")
            }
            person.firstName = "outer"
            withTracking(options: [.willSet, .didSet]) { _ = person.lastName } onChange: { event in
                seen.append("two \(event.kind) \(person.lastName)")
            }
            person.lastName = "x"
            person.lastName = "y"
            return seen.current
        }
        #expect(seen == [
            "one willSet begins", "one didSet begins", "one didSet ends", "one willSet ends",
            "two willSet ", "two didSet x",
        ])
    }

    /// An event kept after its scope ended keeps working while the thread
    /// reuses other nodes: it still names its property, and cancelling it
    /// reaches no later scope.
    @Test func anEventKeptWhileTheThreadReusesSparesStillNamesItsProperty() async {
        let result = await onNewThread { () -> (String, Bool, Bool, [Int]) in
            let person = MiddleNamePerson()
            let kept = Locked<TrackingEvent?>(nil)
            withTracking(options: .didSet) { _ = person.firstName } onChange: { event in kept.mutate { $0 = event } }
            person.firstName = "a"
            let fired = Locked([0, 0, 0])
            for index in 0..<3 {
                withTracking { _ = person.lastName } onChange: { fired.mutate { $0[index] += 1 } }
                kept.current?.cancel()
                person.lastName = "\(index)"
            }
            // The kept event holds its scope, whose callback holds `kept`.
            let event = kept.mutate { kept in defer { kept = nil }; return kept }
            return (event?.description ?? "none", event?.matches(\Person.firstName) ?? false,
                    event?.matches(\Person.lastName) ?? true, fired.current)
        }
        #expect(result.0 == "didSet \\Person.firstName")
        #expect(result.1)
        #expect(!result.2)
        #expect(result.3 == [1, 1, 1])
    }

    /// An event cancelled in its callback ends the scope; the node is
    /// reused and the next scope still hears both halves of a change.
    @Test func aScopeCancelledByItsEventThenReusedHearsBothHalves() async {
        let seen = await onNewThread { () -> [String] in
            let person = MiddleNamePerson()
            let seen = Locked<[String]>([])
            withTracking(options: [.willSet, .didSet]) { _ = person.firstName } onChange: { event in
                seen.append("one \(event.kind)")
                event.cancel()
            }
            person.firstName = "a"
            let spares = ThreadState.current.spareOneShots.count
            seen.append("spares \(spares)")
            withTracking(options: [.willSet, .didSet]) { _ = person.firstName } onChange: { event in
                seen.append("two \(event.kind)")
            }
            person.firstName = "b"
            return seen.current
        }
        #expect(seen == ["one willSet", "spares 1", "two willSet", "two didSet"])
    }

    // MARK: Deaths

    /// Every source dead, for a scope that does not report deaths: it ends
    /// quietly and its node serves the next scope.
    @Test func aScopeWhoseSourcesAllDieEndsQuietlyAndIsReused() async {
        let result = await onNewThread { () -> (Int, Int, Int) in
            let called = Locked(0)
            var person: MiddleNamePerson? = MiddleNamePerson()
            withTracking(options: .didSet) { _ = person!.firstName } onChange: { called.increment() }
            person = nil
            let spares = ThreadState.current.spareOneShots.count
            let other = MiddleNamePerson()
            let next = Locked(0)
            withTracking(options: .didSet) { _ = other.firstName } onChange: { next.increment() }
            other.firstName = "a"
            other.firstName = "b"
            return (called.current, spares, next.current)
        }
        #expect(result.0 == 0)
        #expect(result.1 == 1)
        #expect(result.2 == 1)
    }

    /// A deallocation while a scope waits is one `.deinit` event, matching
    /// nothing; the reused node reports the next scope's change by name.
    @Test func aDeinitEventThenTheReusedNodeReportsTheNextChange() async {
        let seen = await onNewThread { () -> [String] in
            let seen = Locked<[String]>([])
            var person: MiddleNamePerson? = MiddleNamePerson()
            withTracking(options: [.didSet, .deinit]) { _ = person!.firstName } onChange: { event in
                seen.append("\(event.kind) \(event.matches(\Person.firstName))")
            }
            person = nil
            let other = MiddleNamePerson()
            withTracking(options: [.didSet, .deinit]) { _ = other.lastName } onChange: { event in
                seen.append("\(event.kind) first:\(event.matches(\Person.firstName)) last:\(event.matches(\Person.lastName))")
            }
            other.lastName = "x"
            return seen.current
        }
        #expect(seen == ["deinit false", "didSet first:false last:true"])
    }

    // MARK: Many scopes, chains

    /// A hundred scopes fired by one write: the thread keeps eight of the
    /// nodes; the next hundred, eight of them reused, each fire once.
    @Test func aHundredScopesFiredAtOnceTwice() async {
        let result = await onNewThread { () -> ([Int], Int, [Int]) in
            let person = MiddleNamePerson()
            let fired = Locked([Int](repeating: 0, count: 100))
            for index in 0..<100 { withTracking { _ = person.age } onChange: { fired.mutate { $0[index] += 1 } } }
            person.age = 1
            let first = fired.current
            let spares = ThreadState.current.spareOneShots.count
            for index in 0..<100 {
                withTracking(options: .didSet) { _ = person.age } onChange: { fired.mutate { $0[index] += 10 } }
            }
            person.age = 2
            person.age = 3
            return (first, spares, fired.current)
        }
        #expect(result.0 == [Int](repeating: 1, count: 100))
        #expect(result.1 == OneShotNode.spareLimit)
        #expect(result.2 == [Int](repeating: 11, count: 100))
    }

    /// A chain of scopes, each re-armed from the previous callback and
    /// fired by it, through the nesting limit and on: every step is called
    /// once, in order, with the event of its own change.
    @Test func aChainOfEventScopesOnSparesReportsEachStep() async {
        let result = await onNewThread { () -> ([String], Int) in
            final class Chain: @unchecked Sendable {
                let person = MiddleNamePerson()
                var seen: [String] = []
                func arm(_ step: Int) {
                    withTracking(options: .didSet) {
                        _ = step.isMultiple(of: 2) ? person.firstName : person.lastName
                    } onChange: { [self] event in
                        seen.append("\(step):\(event.matches(\Person.firstName) ? "first" : "last")")
                        if step < 199 {
                            arm(step + 1)
                            if step.isMultiple(of: 2) { person.lastName = "\(step)" } else { person.firstName = "\(step)" }
                        }
                    }
                }
            }
            let chain = Chain()
            chain.arm(0)
            chain.person.firstName = "start"
            return (chain.seen, ThreadState.current.spareOneShots.count)
        }
        #expect(result.0 == (0..<200).map { "\($0):\($0.isMultiple(of: 2) ? "first" : "last")" })
        #expect(result.1 >= 1 && result.1 <= OneShotNode.spareLimit)
    }
}

// MARK: Actors and threads

@Suite struct OneShotSpareReviewActorTests {
    /// Main-actor scopes fired from a background thread that meanwhile arms
    /// and fires scopes of its own (reusing its spares): each posted
    /// delivery calls its own callback, once, on the main actor.
    @MainActor @Test func mainActorScopesFiredFromABusyBackgroundThread() async {
        let count = 64
        let people = (0..<count).map { _ in MiddleNamePerson() }
        let delivered = Locked<[Int]>([])
        let onMain = Locked(true)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            for index in 0..<count {
                withTracking(options: .didSet) { _ = people[index].firstName } onChange: {
                    if !ActorBinding.isOnMainQueue() { onMain.mutate { $0 = false } }
                    let total = delivered.mutate { $0.append(index); return $0.count }
                    if total == count { done.resume() }
                }
            }
            let background = Thread {
                let local = MiddleNamePerson()
                for index in 0..<count {
                    people[index].firstName = "\(index)"
                    for _ in 0..<3 {
                        withTracking { _ = local.age } onChange: {}
                        local.age += 1
                    }
                }
            }
            background.start()
        }
        #expect(delivered.current == Array(0..<count))
        #expect(onMain.current)
    }

    /// Two threads take turns: one arms scopes, the other fires them, so the
    /// nodes go to the firing thread's spares and serve its scopes next,
    /// which the first thread fires. Every scope is called exactly once.
    @Test func scopesArmedOnOneThreadAndFiredOnAnotherInTurns() async {
        let rounds = 200
        let perRound = 10
        let shared = MiddleNamePerson()
        let fired = Locked([Int](repeating: 0, count: rounds * perRound))
        let turns = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        await onThreads(2) { thread in
            let other = 1 - thread
            for round in 0..<rounds {
                let arms = round % 2 == thread
                if arms {
                    for index in 0..<perRound {
                        let slot = round * perRound + index
                        withTracking(options: index.isMultiple(of: 2) ? .didSet : [.willSet, .didSet]) {
                            _ = round % 4 < 2 ? shared.firstName : shared.lastName
                        } onChange: {
                            fired.mutate { $0[slot] += 1 }
                        }
                    }
                    turns[other].signal()
                } else {
                    turns[thread].wait()
                    if round % 4 < 2 { shared.firstName = "\(round)" } else { shared.lastName = "\(round)" }
                }
            }
        }
        let expected = (0..<(rounds * perRound)).map { ($0 % perRound).isMultiple(of: 2) ? 1 : 2 }
        #expect(fired.current == expected)
        #expect(shared.trackingRegistrar.activeDependencyCount == 0)
    }

    /// Events kept by one thread and cancelled there while another thread
    /// arms and fires scopes on the nodes it recycles: no cancel reaches a
    /// later scope.
    @Test func eventsCancelledLateFromAnotherThreadReachNoLaterScope() async {
        let count = 300
        let model = MiddleNamePerson()
        let kept = Locked<[TrackingEvent]>([])
        let fired = Locked(0)
        let ready = DispatchSemaphore(value: 0)
        await onThreads(2) { thread in
            if thread == 0 {
                for index in 0..<count {
                    withTracking(options: .didSet) { _ = model.firstName } onChange: { event in kept.append(event) }
                    model.firstName = "\(index)"
                    withTracking(options: .didSet) { _ = model.lastName } onChange: { fired.increment() }
                    ready.signal()
                    model.lastName = "\(index)"
                }
            } else {
                for _ in 0..<count {
                    ready.wait()
                    for event in kept.mutate({ events -> [TrackingEvent] in defer { events.removeAll() }; return events }) {
                        event.cancel()
                    }
                }
            }
        }
        #expect(fired.current == count)
    }
}

// MARK: Helpers

/// The subscribers in `source`'s list, head first. Only while no other
/// thread changes the graph.
private func subscribers(of source: Node) -> [SubscriberNode] {
    var result: [SubscriberNode] = []
    var link = source.firstSubscriber
    while let current = link {
        result.append(current.pointee.subscriber.takeUnretainedValue())
        link = current.pointee.nextSubscriber
    }
    return result
}

/// The pairs of objects (by index, "0-1") with a property of one in a
/// component with a property of the other.
private func joinedPairs(_ objects: [some Trackable]) -> [String] {
    var joined: [String] = []
    for a in objects.indices {
        for b in objects.indices where b > a {
            for first in objects[a].trackingRegistrar.storage.registeredNodes {
                for second in objects[b].trackingRegistrar.storage.registeredNodes
                where Component.areJoined(first, second) { joined.append("\(a)-\(b)") }
            }
        }
    }
    return joined
}

/// Runs `body` on a new thread, whose spares start empty, and returns its
/// result.
private func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 1 << 22
        thread.start()
    }
}

/// Runs `body` on a new thread and returns once the thread has exited,
/// its thread-local destructors included.
private func runOnJoinedThread(_ body: @escaping @Sendable () -> Void) {
    final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(&thread, nil, { argument in
        let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
        box.body()
        return nil
    }, box)
    precondition(status == 0)
    pthread_join(thread, nil)
}
