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

/// An object with several tracked properties, one of them hand-written, so
/// that its registrar keeps a first node and later ones.
final class Several: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var first = 1
    @Tracked var second = 2
    @Tracked var third = 3
    private let storedFourth = 4

    var fourth: Int {
        trackingRegistrar.access(self, keyPath: \.fourth)
        return storedFourth
    }
}

@Suite struct DeallocationTests {
    @Test func anObjectWhoseFirstAndLaterPropertiesWereReadTellsEveryReaderOnceWhenItDies() {
        let runs = Locked<[String]>([])
        let fired = Locked<[String]>([])
        var object: Several? = Several()
        // Nothing read yet: no node.
        #expect(object?.trackingRegistrar.registeredPropertyCount == 0)
        let onlyFirst = observe { [weak object] in runs.append("first \(object?.first ?? -1)") }
        let later = observe { [weak object] in
            runs.append("later \((object?.third ?? -1) + (object?.second ?? -1))")
        }
        let all = observe { [weak object] in
            runs.append("all \(object.map { $0.first + $0.second + $0.third + $0.fourth } ?? -1)")
        }
        withTracking(options: [.didSet, .deinit]) { [weak object] in _ = object?.fourth } onChange: {
            fired.append("fourth")
        }
        withTracking(options: [.didSet, .deinit]) { [weak object] in _ = (object?.second, object?.first) } onChange: {
            fired.append("second and first")
        }
        // One node per property, in the order of the first reads.
        #expect(object?.trackingRegistrar.registeredPropertyCount == 4)
        let nodes = object?.trackingRegistrar.storage.registeredNodes ?? []
        #expect(nodes.prefix(3).map(\.displayName) == ["\\Several.first", "\\Several.third", "\\Several.second"])
        #expect(nodes.last is KeyPathPropertyNode)
        #expect(object?.trackingRegistrar.activeDependencyCount == 10)
        #expect(runs.current == ["first 1", "later 5", "all 10"])
        runs.mutate { $0 = [] }
        object = nil
        #expect(runs.current == ["first -1", "later -2", "all -1"])
        #expect(fired.current == ["second and first", "fourth"])
        for token in [onlyFirst, later, all] {
            #expect(token.dependencies.isEmpty)
            #expect(token.lastChange != nil)
        }
    }


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
