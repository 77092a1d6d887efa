import Observation
import Synchronization
import Testing
import Tracking

// Port of swiftlang/swift test/stdlib/Observation/Observable.swift's
// "isolated class" test and its IsolatedInstance model onto Tracking, and
// the same through the bridge. Observations.swift's main-actor cases are in
// ValuesTests; the main-actor class of WithTrackingTests is not repeated.

/// Apple's IsolatedClass: a main-actor property in a nonisolated class.
final class ObservationPortIsolatedProperty: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @MainActor @Tracked var test = "hello"
}

/// Apple's IsolatedInstance.
@MainActor final class ObservationPortIsolatedInstance: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var test = "hello"
}

@MainActor final class ObservationPortBridgedIsolatedInstance: Trackable, Observable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var test = "hello"
}

/// Counts the calls of Apple's `onChange`, which is nonisolated.
final class ObservationPortCalls: Sendable {
    private let count = Mutex(0)
    var current: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}

@MainActor
@Suite struct ObservationPerceptionMainActorPortTests {
    @Test func isolatedClass() {
        let log = RunLog<String>()
        let test = ObservationPortIsolatedProperty()
        withTracking { _ = test.test } onChange: { log.record(test.test) }
        test.test = "c"
        test.test = "d"
        #expect(log.values == ["hello"])
    }

    @Test func isolatedInstanceDidSetSeesTheNewValue() {
        let log = RunLog<String>()
        let test = ObservationPortIsolatedInstance()
        withTracking(options: [.willSet, .didSet]) { _ = test.test } onChange: { event in
            log.record("\(event.kind) \(test.test)")
        }
        test.test = "c"
        test.test = "d"
        #expect(log.values == ["willSet hello", "didSet c"])
        #expect(log.onTheMainActor == [true, true])
    }

    @Test func bridgedIsolatedInstanceIsSeenByApple() {
        let calls = ObservationPortCalls()
        let test = ObservationPortBridgedIsolatedInstance()
        withObservationTracking { _ = test.test } onChange: { calls.increment() }
        test.test = "c"
        test.test = "d"
        #expect(calls.current == 1)
    }
}
