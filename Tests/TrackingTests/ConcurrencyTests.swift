import Foundation
import Synchronization
import Testing
@testable import Tracking

/// Two tracked values, for tests that change them from two threads in turn.
final class TwoValues: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var x = 0
    @Tracked var y = 0
}

/// Four tracked values, for first reads racing on several threads.
final class FourValues: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var a = 0
    @Tracked var b = 0
    @Tracked var c = 0
    @Tracked var d = 0
}

/// A weak reference to a `FourValues`, to share with observers that must
/// not keep it alive.
struct WeakFourValues: @unchecked Sendable {
    weak var object: FourValues?

    init(_ object: FourValues?) {
        self.object = object
    }
}

/// A hand-written property whose announcements may come from any thread.
final class AnnouncedEverywhere: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    var field: Int {
        trackingRegistrar.access(self, keyPath: \.field)
        return 0
    }
}

/// Two tracked and two hand-written values behind a lock of the model's
/// own, for first reads racing with writes in transactions. Recursive: an
/// observer that a write wakes may run inside it, on the writer's thread.
final class GuardedMixedValues: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    private let lock = NSRecursiveLock()
    @Tracked private var first = 0
    @Tracked private var second = 0

    var third: Int {
        trackingRegistrar.access(self, keyPath: \.third)
        return 0
    }

    var fourth: Int {
        trackingRegistrar.access(self, keyPath: \.fourth)
        return 0
    }

    /// Reads property `index`: 0 and 1 are tracked, 2 and 3 hand-written.
    func read(_ index: Int) -> Int {
        lock.withLock {
            switch index {
            case 0: first
            case 1: second
            case 2: third
            default: fourth
            }
        }
    }

    /// Changes tracked property `index` (0 or 1) and changes it back, in one
    /// transaction: its snapshot says nothing changed.
    func changeAndRestore(_ index: Int) {
        lock.withLock {
            withTransaction {
                if index == 0 {
                    first = 1
                    first = 0
                } else {
                    second = 1
                    second = 0
                }
            }
        }
    }
}

/// A model whose values are read and written under a lock of its own, so that
/// tests that share it between threads have no data race. Writes go through
/// a transaction, so that observers run after the lock is released.
final class SharedCounters: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    private let lock = NSLock()
    @Tracked private var values: [Int]

    init(count: Int) {
        values = Array(repeating: 0, count: count)
    }

    subscript(index: Int) -> Int {
        get { lock.withLock { values[index] } }
        set { withTransaction { lock.withLock { values[index] = newValue } } }
    }

    var all: [Int] { lock.withLock { values } }
}

/// Whether this process runs under the thread sanitizer, which makes every
/// memory access many times slower: stress tests then do fewer rounds.
let isThreadSanitized: Bool = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil

@Suite struct ConcurrencyTests {
    /// A change made on another thread while a run is in progress is not
    /// lost: the observer runs again afterwards and sees it.
    @Test(arguments: [false, true])
    func aChangeDuringARunOnAnotherThreadIsNotLost(duringFirstRun: Bool) {
        let model = SharedCounters(count: 1)
        let readDone = DispatchSemaphore(value: 0)
        let writeDone = DispatchSemaphore(value: 0)
        let seen = Locked<[Int]>([])
        let blockOnRun = Locked(duringFirstRun ? 1 : 2)
        let runs = Locked(0)
        let token = Locked<TrackingToken?>(nil)
        let observer = Thread {
            token.mutate {
                $0 = observe {
                    let value = model[0]
                    seen.append(value)
                    runs.increment()
                    if runs.current == blockOnRun.current {
                        readDone.signal()
                        writeDone.wait()
                    }
                }
            }
        }
        observer.start()
        if !duringFirstRun {
            // Once the first run is over (a loaded machine may take long to
            // start the thread), start a second one that blocks after its read.
            while token.current == nil { usleep(1_000) }
            let trigger = Thread { model[0] = 1 }
            trigger.start()
        }
        readDone.wait()
        let writer = Thread {
            model[0] = 7
            writeDone.signal()
        }
        writer.start()
        for _ in 0..<500 where seen.current.last != 7 {
            usleep(10_000)
        }
        #expect(seen.current.last == 7)
        #expect(duringFirstRun ? seen.current == [0, 7] : seen.current.first == 0)
        token.current?.cancel()
    }

    /// Under heavy concurrent mutation an observer never silently stops: its
    /// last run sees the final values.
    @Test func heavyConcurrentMutationEndsWithARunThatSeesTheFinalValues() async {
        let threadCount = 8
        let writesPerThread = isThreadSanitized ? 5_000 : 100_000
        let model = SharedCounters(count: threadCount)
        let last = Locked<[Int]>([])
        let runs = Locked(0)
        let token = observe {
            last.mutate { $0 = model.all }
            runs.increment()
        }
        await onThreads(threadCount) { thread in
            for value in 1...writesPerThread { model[thread] = value }
        }
        #expect(last.current == Array(repeating: writesPerThread, count: threadCount))
        #expect(runs.current > 1)
        token.cancel()
        #expect(model.trackingRegistrar.activeDependencyCount == 0)
    }

    /// Derived values read by several threads at once, directly, in one-shot
    /// scopes and in observers, while others write what they read (found by
    /// a fresh-eyes review: a recomputation could empty the cache another
    /// thread had just filled, and the next read trapped). One value is
    /// trivial (Int), one is not (String).
    @Test(arguments: [false, true])
    func derivedValuesReadOnManyThreadsWhileTheirSourcesChange(textual: Bool) async {
        let model = SharedCounters(count: 1)
        let number = Derived { model[0] + 1 }
        let text = Derived { "value \(model[0])" }
        let read: @Sendable () -> Int = { textual ? text.value.count : number.value }
        let deadline = ContinuousClock.now + .milliseconds(isThreadSanitized ? 1_000 : 1_500)
        await onThreads(4) { worker in
            var round = 0
            while ContinuousClock.now < deadline {
                round += 1
                switch (worker + round) % 4 {
                case 0:
                    withTracking { _ = read() } onChange: {}
                case 1:
                    let token = observe { _ = read() }
                    token.cancel()
                case 2:
                    _ = read()
                default:
                    model[0] = round
                }
            }
        }
        model[0] = -1
        #expect(number.value == 0)
        #expect(text.value == "value -1")
    }

    /// The first tracked reads of an object's properties, on several threads
    /// at once (two per property): each property gets one node, the object
    /// keeps each once, and its death reaches every observer once.
    @Test func firstReadsOfAnObjectsPropertiesOnManyThreadsMakeOneNodeEachAndEveryObserverHearsTheDeathOnce() async {
        let rounds = isThreadSanitized ? 30 : 300
        for _ in 0..<rounds {
            let object = Locked<FourValues?>(FourValues())
            let weakObject = Locked(WeakFourValues(object.current))
            let runs = Locked<[Int]>(Array(repeating: 0, count: 8))
            let tokens = Locked<[TrackingToken]>([])
            let arrived = Atomic<Int>(0)
            await onThreads(8) { worker in
                // Start together, so that the first reads race.
                arrived.add(1, ordering: .relaxed)
                while arrived.load(ordering: .relaxed) < 8 {}
                let token = observe {
                    let values = weakObject.current.object
                    switch worker % 4 {
                    case 0: _ = values?.a
                    case 1: _ = values?.b
                    case 2: _ = values?.c
                    default: _ = values?.d
                    }
                    runs.mutate { $0[worker] += 1 }
                }
                tokens.append(token)
            }
            do {
                // The registrar's storage announces the death: not kept here.
                let registrar = object.current?.trackingRegistrar
                #expect(registrar?.registeredPropertyCount == 4)
                #expect(Set((registrar?.storage.registeredNodes ?? []).map(ObjectIdentifier.init)).count == 4)
                #expect(registrar?.activeDependencyCount == 8)
            }
            object.mutate { $0 = nil }
            #expect(weakObject.current.object == nil)
            #expect(runs.current == Array(repeating: 2, count: 8))
            for token in tokens.current { #expect(token.dependencies.isEmpty) }
        }
    }

    /// First reads of tracked and hand-written properties race on eight
    /// threads (the tracked ones register their nodes without the lock, the
    /// hand-written ones under it), while the tracked ones are changed and
    /// changed back in transactions (snapshots of nodes just installed); each
    /// thread then lets the object go, so that it dies on whichever thread
    /// lets go last. Every observer first sees the object and hears of its
    /// death once, in its last run. (A run still going when a transaction
    /// changes what it read may run once more, alive: it cannot know yet that
    /// the transaction will change the value back.)
    @Test func firstReadsRacingWithTransactionsAndTheObjectDyingOnAReaderThreadTellEveryObserverOnce() async {
        let rounds = isThreadSanitized ? 30 : 300
        for _ in 0..<rounds {
            var object: GuardedMixedValues? = GuardedMixedValues()
            let weakObject = Locked(WeakBox(object))
            let held = Locked<[GuardedMixedValues?]>(Array(repeating: object, count: 8))
            object = nil
            let seen = Locked<[[Bool]]>(Array(repeating: [], count: 8))
            let tokens = Locked<[TrackingToken]>([])
            let arrived = Atomic<Int>(0)
            await onThreads(8) { worker in
                let property = worker % 4
                let own = held.mutate { held -> GuardedMixedValues? in
                    defer { held[worker] = nil }
                    return held[worker]
                }
                arrived.add(1, ordering: .relaxed)
                while arrived.load(ordering: .relaxed) < 8 {}
                let token = observe {
                    let alive = weakObject.current.value?.read(property) != nil
                    seen.mutate { $0[worker].append(alive) }
                }
                tokens.append(token)
                if property < 2 { own?.changeAndRestore(property) }
                withExtendedLifetime(own) {}
            }
            #expect(weakObject.current.value == nil)
            for runs in seen.current {
                #expect(runs.first == true)
                #expect(runs.last == false)
                #expect(runs.filter { !$0 }.count == 1)
            }
            for token in tokens.current { #expect(token.dependencies.isEmpty) }
        }
    }

    /// Several threads track, observe, cancel and mutate the same objects.
    @Test func trackingObservingAndCancellingFromManyThreads() async {
        let models = (0..<4).map { _ in SharedCounters(count: 4) }
        let rounds = isThreadSanitized ? 300 : 3_000
        await onThreads(8) { worker in
            for round in 0..<rounds {
                let model = models[(worker + round) % models.count]
                switch round % 4 {
                case 0:
                    let token = observe { _ = model[worker % 4] }
                    model[worker % 4] = round
                    token.cancel()
                case 1:
                    withTracking { _ = model[(worker + 1) % 4] } onChange: {}
                    model[(worker + 1) % 4] = round
                case 2:
                    let scope = TrackingScope {}
                    scope.track { _ = model.all }
                    scope.cancel()
                default:
                    model[worker % 4] = -round
                }
            }
        }
        for model in models {
            #expect(model.trackingRegistrar.activeDependencyCount == 0)
        }
    }

    /// A property announced from two threads at once, one inside transactions
    /// (where, once its observer waits, further announcements only store) and
    /// one outside (each a change of its own): the version never moves
    /// backwards, so no subscriber can take a new value for one it already
    /// saw, and every announcement outside a transaction moves it.
    @Test func concurrentAnnouncementsOfOnePropertyLoseNoVersionBump() {
        let model = AnnouncedEverywhere()
        let token = observe { _ = model.field }
        let node = model.trackingRegistrar.storage.node(for: \AnnouncedEverywhere.field)
        guard let node else {
            Issue.record("the observer did not register the property")
            return
        }
        let start = node.version.load(ordering: .relaxed)
        let perThread = 200_000
        let finished = Atomic<Int>(0)
        let inTransactions = Thread {
            var announced = 0
            while announced < perThread {
                withTransaction {
                    for _ in 0..<20_000 {
                        model.trackingRegistrar.didSet(model, keyPath: \.field)
                        announced += 1
                    }
                }
            }
            finished.add(1, ordering: .relaxed)
        }
        let alone = Thread {
            for _ in 0..<perThread { model.trackingRegistrar.didSet(model, keyPath: \.field) }
            finished.add(1, ordering: .relaxed)
        }
        inTransactions.start()
        alone.start()
        var last = start
        var backwards = 0
        while finished.load(ordering: .relaxed) < 2 {
            let version = node.version.load(ordering: .relaxed)
            if version < last { backwards += 1 }
            last = version
        }
        #expect(node.version.load(ordering: .relaxed) - start >= UInt64(perThread + perThread / 20_000))
        #expect(backwards == 0)
        withExtendedLifetime(token) {}
    }

    /// A write on another thread while a queued observer checks whether its
    /// derived dependency really changed reaches the observer: the check
    /// starts over instead of dropping the mark the write left.
    @Test func aWriteDuringAnObserversCheckIsNotLost() {
        let model = TwoValues()
        let computing = DispatchSemaphore(value: 0)
        let written = DispatchSemaphore(value: 0)
        let slow = Locked(false)
        let parity = Derived("parity") {
            let parity = model.x % 2
            // A slow computation: the other thread writes `y` meanwhile.
            if slow.current {
                computing.signal()
                written.wait()
            }
            return parity
        }
        let total = Derived("total") { model.y + parity.value }
        let seen = Locked<[Int]>([])
        let token = observe {
            let value = total.value
            seen.append(value)
        }
        slow.mutate { $0 = true }
        DispatchQueue.global().async {
            computing.wait()
            model.y = 100
            written.signal()
        }
        model.x = 2   // parity recomputes to an equal value while y changes
        slow.mutate { $0 = false }
        #expect(seen.current == [0, 100])
        model.y = 200
        #expect(seen.current == [0, 100, 200])
        withExtendedLifetime(token) {}
    }

    /// Another thread's writes keep queueing an observer that this thread is
    /// running: that is no observer loop (this thread's observers write
    /// nothing), so no diagnostic, and the last run sees the last write.
    @Test func writesFromAnotherThreadAreNotAnObserverLoop() {
        let counters = SharedCounters(count: 2)
        let seen = Locked<[Int]>([])
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let writes = 20_000
        let diagnostics = collectingDiagnostics {
            let token = observe {
                let trigger = counters[0]
                let value = counters[1]
                seen.append(value)
                if trigger == 1 {
                    started.signal()
                    usleep(20)   // a slow observer: the writes keep coming
                }
            }
            DispatchQueue.global().async {
                started.wait()
                for value in 1...writes { counters[1] = value }
                finished.signal()
            }
            counters[0] = 1
            finished.wait()
            withExtendedLifetime(token) {}
        }
        #expect(diagnostics.map(\.kind) == [])
        #expect(seen.current.last == writes)
    }

    /// An observer bound to an actor, made off that actor, has its first run
    /// sent there; its creator cancels it at once, while the actor may be
    /// starting that run. Each body runs at most once, none after the
    /// cancel returned and a write came, and no link is left.
    @Test func boundObserversCancelledWhileTheirActorStartsThemRunAtMostOnce() async {
        let values = TwoValues()
        let rounds = isThreadSanitized ? 200 : 2_000
        let runs = (0..<rounds).map { _ in Locked(0) }
        let barrierRuns = Locked(0)
        let (tokens, barrier) = await Task.detached {
            let tokens = (0..<rounds).map { round in
                let count = runs[round]
                let token = observe { @FirstRunActor in
                    _ = values.x
                    count.mutate { $0 += 1 }
                }
                token.cancel()
                return token
            }
            // Sent to the actor after the others: once it has run, they
            // have been taken care of.
            let barrier = observe { @FirstRunActor in
                _ = values.x
                barrierRuns.mutate { $0 += 1 }
            }
            return (tokens, barrier)
        }.value
        await waitUntil { barrierRuns.current == 1 }
        let runsBeforeTheWrite = runs.map(\.current)
        values.x = 1
        await waitUntil { barrierRuns.current == 2 }
        barrier.cancel()
        #expect(runsBeforeTheWrite.allSatisfy { $0 <= 1 })
        #expect(runs.map(\.current) == runsBeforeTheWrite)
        #expect(tokens.allSatisfy { $0.isCancelled && $0.dependencies.isEmpty })
        #expect(values.trackingRegistrar.activeDependencyCount == 0)
    }
}

/// The actor of ``ConcurrencyTests/boundObserversCancelledWhileTheirActorStartsThemRunAtMostOnce()``.
@globalActor actor FirstRunActor {
    static let shared = FirstRunActor()
}

/// Yields until `condition` holds, at most ten thousand times.
private func waitUntil(_ condition: () -> Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
    for _ in 0..<10_000 {
        if condition() { return }
        await Task.yield()
    }
    Issue.record("the condition never held", sourceLocation: sourceLocation)
}
