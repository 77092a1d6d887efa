import Dispatch
import Testing
import Tracking

// Ports of pointfreeco/swift-navigation's tests of `observe` that need an
// actor: Tests/SwiftNavigationTests/IsolationTests.swift,
// Tests/SwiftNavigationTests/LifetimeTests.swift, the main-actor form of
// ObserveTests.swift's nested observer, and the timing of
// UITransactionTests.testTransactionKeyPropagates. (That writes made on
// another thread before a main-actor observer runs make one run, as in
// swift-navigation, is BoundObserverTests'.) The others are in
// Tests/TrackingTests/SwiftNavigationPortTests.swift.
//
// swift-navigation runs every re-run in a task on the observer's actor, so
// its tests wait (an expectation, `Task.yield()`, a sleep). A Tracking
// observer bound to the main actor runs at the end of a main-actor write,
// before the write returns; after a write on another thread, or on an actor
// of one's own, it is sent to its actor, where the changes made meanwhile
// make one run. Where the two differ by design, a test asserts what Tracking
// documents and its comment gives the original's values.

/// An executor whose jobs run on one dispatch queue, so that a test can ask
/// whether code runs on `NavPortActor` without stopping the process when it
/// does not (`assertIsolated()` would).
final class NavPortQueueExecutor: SerialExecutor, @unchecked Sendable {
    private static let marker = DispatchSpecificKey<Bool>()
    private let queue = DispatchQueue(label: "NavPortActor")

    init() {
        queue.setSpecific(key: NavPortQueueExecutor.marker, value: true)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    /// Whether the calling code runs on this executor's queue.
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: marker) == true }
}

/// The original's `GlobalActorIsolated`.
@globalActor actor NavPortActor {
    static let shared = NavPortActor()
    private static let executor = NavPortQueueExecutor()

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        NavPortActor.executor.asUnownedSerialExecutor()
    }
}

/// The original's `GlobalActorModel`, and where its observer records its runs.
@NavPortActor final class NavPortActorModel: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var count = 0
    var runsOnTheActor: [Bool] = []
}

/// The original's `MainActorModel` (IsolationTests) and `Model`
/// (LifetimeTests).
@MainActor final class NavPortMainModel: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var count = 0
}

/// The original's `A` and `B`, on the main actor.
@MainActor final class NavPortMainOuter: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var inner = NavPortMainModel()
}

@Suite struct SwiftNavigationPortMainActorTests {
    // MARK: - IsolationTests.swift

    /// testIsolationOnMainActor: two runs, both on the main actor. The
    /// original awaits the second (its expectation); here the main-actor
    /// write runs it before it returns.
    @MainActor @Test func isolation_anObserverWrittenOnTheMainActorRunsThere() {
        let model = NavPortMainModel()
        let log = RunLog<Int>()
        let token = observe { log.record(model.count) }
        #expect(log.values == [0])
        model.count += 1
        #expect(log.values == [0, 1])
        #expect(log.onTheMainActor == [true, true])
        withExtendedLifetime(token) {}
    }

    /// testIsolationOnGlobalActor: two runs, both on the global actor. Code
    /// of an actor of one's own that writes is not recognized as running
    /// there (only the main actor's queue can be asked), so the second run
    /// is sent to the actor: it has not happened when the write returns,
    /// and happens once the test lets the actor run something else.
    @NavPortActor @Test func isolation_anObserverWrittenOnAGlobalActorRunsThere() async {
        let model = NavPortActorModel()
        let token = observe {
            _ = model.count
            model.runsOnTheActor.append(NavPortQueueExecutor.isCurrent)
        }
        #expect(model.runsOnTheActor == [true])
        model.count += 1
        model.count += 1
        #expect(model.runsOnTheActor == [true])
        for _ in 0..<100_000 where model.runsOnTheActor.count < 2 {
            await Task.yield()
        }
        // The two writes made one run.
        #expect(model.runsOnTheActor == [true, true])
        for _ in 0..<10 { await Task.yield() }
        #expect(model.runsOnTheActor == [true, true])
        #expect(token.lastChange == "\\NavPortActorModel.count")
    }

    // MARK: - LifetimeTests.swift

    /// testObservationToken: [0], then [0, 1] after a change; once the token
    /// is released, a change runs nothing. The original yields after each
    /// change; here the runs happen in the writes.
    @MainActor @Test func lifetime_releasingTheTokenStopsTheObserver() {
        let model = NavPortMainModel()
        var counts: [Int] = []
        var token: TrackingToken?
        do {
            token = observe { counts.append(model.count) }
        }
        #expect(counts == [0])
        model.count += 1
        #expect(counts == [0, 1])

        #expect(token?.isCancelled == false)
        token = nil
        model.count += 1
        #expect(counts == [0, 1])
    }

    // MARK: - ObserveTests.swift, on the main actor

    /// testNestedObserve with main-actor state: the outer observer keeps the
    /// inner one's token in a variable it owns, with no lock. A change of
    /// `b.value` runs the inner observer only (the original: outer 3, inner
    /// 3). Replacing `a.b` runs the outer one again, which cancels the
    /// inner one; the guard starts no other.
    @MainActor @Test func observe_aMainActorObserverKeepsItsNestedObserversTokenInItsOwnState() {
        let a = NavPortMainOuter()
        let firstInner = a.inner
        var value = 0
        var outerCount = 0
        var innerCount = 0
        var innerToken: TrackingToken?
        let outerToken = observe {
            outerCount += 1
            let b = a.inner
            if innerToken == nil {
                innerToken = observe {
                    value = b.count
                    innerCount += 1
                }
            }
        }
        a.inner.count += 1
        #expect(value == 1)
        #expect(outerCount == 1)
        #expect(innerCount == 2)

        a.inner = NavPortMainModel()
        #expect(outerCount == 2)
        #expect(innerToken?.isCancelled == true)
        firstInner.count += 1
        #expect(innerCount == 2)
        #expect(value == 1)
        withExtendedLifetime(outerToken) {}
    }

    // MARK: - UITransactionTests.swift

    /// testTransactionKeyPropagates, without the transaction's values (a
    /// Tracking transaction carries none): a change made inside a
    /// transaction on the main actor runs the observer once, after it,
    /// seeing 1. The original sleeps 0.3 s for the run.
    @MainActor @Test func transaction_aMainActorTransactionRunsTheObserverOnceAfterIt() {
        let model = NavPortMainModel()
        let log = RunLog<Int>()
        let token = observe { log.record(model.count) }
        withTransaction {
            model.count += 1
            #expect(log.values == [0])
        }
        #expect(log.values == [0, 1])
        #expect(model.count == 1)
        withExtendedLifetime(token) {}
    }
}
