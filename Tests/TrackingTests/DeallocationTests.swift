import Testing
@testable import Tracking

final class Watched: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value = 0
    let deinits: Locked<Int>

    init(deinits: Locked<Int>) {
        self.deinits = deinits
    }

    deinit {
        deinits.increment()
    }
}

@Suite struct DeallocationTests {
    @Test func anObjectCapturedWeaklyFiresOnceWhenDeallocatedAndItsDeinitRunsOnce() {
        let deinits = Locked(0)
        let fired = Locked(0)
        var object: Watched? = Watched(deinits: deinits)
        withTracking { [weak object] in
            _ = object?.value
        } onChange: {
            fired.increment()
        }
        object = nil
        #expect(fired.current == 1)
        #expect(deinits.current == 1)
    }

    @Test func everyObserverThatReadTheObjectIsToldNotJustOne() {
        let deinits = Locked(0)
        let runs = Locked<[String]>([])
        var object: Watched? = Watched(deinits: deinits)
        let first = observe { [weak object] in runs.append("first \(object?.value ?? -1)") }
        let second = observe { [weak object] in runs.append("second \(object?.value ?? -1)") }
        let fired = Locked(0)
        withTracking { [weak object] in _ = object?.value } onChange: { fired.increment() }
        withTracking(options: [.didSet, .deinit]) { [weak object] in _ = object?.value } onChange: { fired.increment() }
        object = nil
        #expect(deinits.current == 1)
        #expect(runs.current == ["first 0", "second 0", "first -1", "second -1"])
        #expect(fired.current == 2)
        #expect(first.dependencies.isEmpty)
        #expect(second.dependencies.isEmpty)
    }

    @Test func theDeallocationIsNamedAsTheLastChange() {
        let deinits = Locked(0)
        var object: Watched? = Watched(deinits: deinits)
        let token = observe { [weak object] in _ = object?.value }
        object = nil
        #expect(token.lastChange == "\\Watched.value")
    }

    @Test func anObjectThatDiesInsideATransactionIsReportedAtItsEnd() {
        let deinits = Locked(0)
        let runs = Locked(0)
        var object: Watched? = Watched(deinits: deinits)
        let token = observe { [weak object] in _ = object?.value; runs.increment() }
        withTransaction {
            object?.value = 5
            object = nil
            #expect(runs.current == 1)
        }
        #expect(runs.current == 2)
        withExtendedLifetime(token) {}
    }
}
