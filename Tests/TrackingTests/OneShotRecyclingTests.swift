import Foundation
import Testing
@testable import Tracking

/// A one-shot scope that has fired for good goes back to its thread's spares
/// and serves the next `withTracking` there. Nothing of the old scope may
/// show through: not its callback, not its captures, not its place in the
/// graph, and a scope still referenced (by an event) is never reused.
@Suite struct OneShotRecyclingTests {
    private final class Capture: Sendable {}

    @Test func aScopeMadeFromASpareDoesNotJoinTheObjectsOfTheLastOne() throws {
        let first = MiddleNamePerson()
        let second = MiddleNamePerson()
        let firstFired = Locked(0)
        let secondFired = Locked(0)
        withTracking { _ = first.firstName } onChange: { firstFired.increment() }
        first.firstName = "a"          // fires: the node becomes a spare
        withTracking { _ = second.firstName } onChange: { secondFired.increment() }

        let firstNode = try #require(first.trackingRegistrar.storage.registeredNodes.first)
        let secondNode = try #require(second.trackingRegistrar.storage.registeredNodes.first)
        #expect(!Component.areJoined(firstNode, secondNode))

        first.firstName = "b"
        #expect(firstFired.current == 1)
        #expect(secondFired.current == 0)
        second.firstName = "c"
        #expect(secondFired.current == 1)
    }

    @Test func aFiredScopeReleasesWhatItsCallbackCaptured() {
        let person = MiddleNamePerson()
        weak var captured: Capture?
        do {
            let capture = Capture()
            captured = capture
            withTracking { _ = person.firstName } onChange: { withExtendedLifetime(capture) {} }
        }
        #expect(captured != nil)       // the waiting scope holds its callback
        person.firstName = "a"
        #expect(captured == nil)       // fired: the spare keeps nothing of it
    }

    @Test func anEventKeptAfterItsCallbackKeepsItsScopeOutOfTheSpares() {
        let person = MiddleNamePerson()
        let kept = Locked<TrackingEvent?>(nil)
        withTracking(options: .willSet) { _ = person.firstName } onChange: { event in
            kept.mutate { $0 = event }
        }
        person.firstName = "a"
        let laterFired = Locked(0)
        withTracking { _ = person.lastName } onChange: { laterFired.increment() }
        // Cancelling the old, finished scope must not reach the new one.
        kept.current?.cancel()
        person.lastName = "b"
        #expect(laterFired.current == 1)
    }

    @Test func aScopeReArmedFromItsOwnCallbackSeesEveryChange() {
        let person = MiddleNamePerson()
        let seen = Locked<[String]>([])
        @Sendable func arm() {
            withTracking(options: .didSet) { _ = person.firstName } onChange: {
                seen.append(person.firstName)
                arm()
            }
        }
        arm()
        for index in 0..<50 { person.firstName = "\(index)" }
        #expect(seen.current == (0..<50).map { "\($0)" })
    }

    @Test func manyScopesWaitingAtOnceEachFireOnce() {
        let people = (0..<20).map { _ in MiddleNamePerson() }
        let fired = Locked([Int](repeating: 0, count: 20))
        for round in 0..<3 {
            for (index, person) in people.enumerated() {
                withTracking { _ = person.age } onChange: { fired.mutate { $0[index] += 1 } }
            }
            for person in people.reversed() { person.age += 1 }
            #expect(fired.current == [Int](repeating: round + 1, count: 20))
        }
    }
}

/// Scopes armed on several threads and fired by each other's writes: a node
/// fired on another thread goes to that thread's spares, and is reused there
/// while its first thread may still be finishing with it.
@Suite struct OneShotRecyclingConcurrencyTests {
    @Test(arguments: [false, true])
    func scopesFiredAcrossThreadsFireOncePerKind(beforeAndAfter: Bool) async {
        let model = AnnouncedEverywhere()
        let threads = 4
        let perThread = 500
        let deliveries = Locked([Int](repeating: 0, count: threads * perThread))
        let options: TrackingOptions = beforeAndAfter ? [.willSet, .didSet] : .willSet
        await onThreads(threads) { thread in
            for index in 0..<perThread {
                let scope = thread * perThread + index
                withTracking(options: options) { _ = model.field } onChange: {
                    deliveries.mutate { $0[scope] += 1 }
                }
                model.trackingRegistrar.withMutation(of: model, keyPath: \.field) {}
            }
        }
        // Every scope is fired by its own thread's change, if not earlier by
        // another thread's. A `.willSet` scope is called once. A `.willSet`
        // and `.didSet` scope is called twice, or only for the `.didSet` of
        // a change whose `.willSet` came before the scope read the property.
        let counts = deliveries.current
        let allowed = beforeAndAfter ? 1...2 : 1...1
        #expect(counts.filter { !allowed.contains($0) }.isEmpty)
        if beforeAndAfter { #expect(counts.contains(2)) }
        #expect(model.trackingRegistrar.activeDependencyCount == 0)
    }
}
