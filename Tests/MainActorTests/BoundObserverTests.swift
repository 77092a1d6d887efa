import Dispatch
import Testing
import Tracking

/// `observe` written in main-actor code is bound to the main actor: it runs
/// there at once, then after each change, also when the change or the
/// deallocation happened on another thread; it never runs on the writer's
/// thread.
@MainActor
@Suite struct BoundObserverTests {
    @Test func runsAtOnceThenAtTheEndOfAMainActorWrite() {
        let profile = ProfileViewModel()
        profile.name = "Ada"
        let log = RunLog<String>()
        let token = observe { log.record(profile.name) }
        #expect(log.values == ["Ada"])
        profile.name = "Grace"
        // The writer is on the main actor: the run is the end of its write.
        #expect(log.values == ["Ada", "Grace"])
        withTransaction {
            profile.name = "Hedy"
            profile.name = "Joan"
        }
        #expect(log.values == ["Ada", "Grace", "Joan"])
        #expect(log.onTheMainActor == [true, true, true])
        #expect(token.lastChange == "\\ProfileViewModel.name")
    }

    @Test func changesOnAnotherThreadRunItOnTheMainActorOnceAndAfter() async {
        let counter = SharedCounter()
        let log = RunLog<Int>()
        let token = observe { log.record(counter.value) }
        let ranOnTheWriter = RunLog<Bool>()
        whileTheMainActorWaits {
            // Three transactions on another thread; the observer may not run
            // here, and the main actor is busy waiting.
            counter.value = 1
            counter.value = 2
            counter.value = 3
        }
        ranOnTheWriter.record(log.count != 1)
        #expect(ranOnTheWriter.values == [false])
        await yield(until: "the run on the main actor") { log.count == 2 }
        // The three changes made one run, which saw the last value.
        #expect(log.values == [0, 3])
        #expect(log.onTheMainActor == [true, true])
        for _ in 0..<10 { await Task.yield() }
        #expect(log.count == 2)
        withExtendedLifetime(token) {}
    }

    @Test func aDeallocationOnAnotherThreadRunsItOnTheMainActor() async {
        var profile: ProfileViewModel? = ProfileViewModel()
        profile?.name = "Ada"
        let log = RunLog<String?>()
        let token = observe { [weak profile] in log.record(profile?.name) }
        let handoff = Handoff(profile!)
        profile = nil
        // The last reference goes on another thread, off the main actor.
        whileTheMainActorWaits { handoff.drop() }
        #expect(log.values == ["Ada"])
        await yield(until: "the run after the deallocation") { log.count == 2 }
        #expect(log.values == ["Ada", nil])
        #expect(log.onTheMainActor == [true, true])
        #expect(token.dependencies.isEmpty)
    }

    @Test func aBodyMarkedMainActorInNonisolatedCodeRunsFirstOnTheMainActor() async {
        let counter = SharedCounter()
        let log = RunLog<Int>()
        let token = await Task.detached {
            // Not on the main actor: the first run is sent there.
            observe { @MainActor in log.record(counter.value) }
        }.value
        await yield(until: "the first run") { log.count == 1 }
        counter.value = 5
        #expect(log.values == [0, 5])
        #expect(log.onTheMainActor == [true, true])
        withExtendedLifetime(token) {}
    }

    @Test func aCancelledBoundObserverDoesNotRunTheChangesItWasSentFor() async {
        let counter = SharedCounter()
        let log = RunLog<Int>()
        let token = observe { log.record(counter.value) }
        whileTheMainActorWaits { counter.value = 1 }
        token.cancel()
        for _ in 0..<10 { await Task.yield() }
        #expect(log.values == [0])
    }

    /// Issue 16, point 5: a parent keeps its children's tokens in state it
    /// owns, with no lock box.
    @Test func aParentStoresItsChildrensTokensInStateItOwns() {
        let list = RowList()
        let first = Row("first")
        let second = Row("second")
        list.rows = [first, second]
        let screen = RowsScreen(list: list)
        #expect(screen.log.values == ["list of 2", "row first", "row second"])
        #expect(screen.liveRowTokens == 2)
        second.title = "SECOND"
        #expect(screen.log.values.last == "row SECOND")
        #expect(screen.log.count == 4)
        list.rows = [second]
        // The parent ran again: the old children were cancelled, one new one
        // started, and the array holds only it.
        #expect(screen.log.values.suffix(2) == ["list of 1", "row SECOND"])
        #expect(screen.liveRowTokens == 1)
        first.title = "gone"
        #expect(screen.log.count == 6)
        screen.close()
        second.title = "closed"
        #expect(screen.log.count == 6)
        #expect(screen.liveRowTokens == 0)
    }
}

/// `withTracking`'s `onChange`, written in main-actor code, runs on the main
/// actor.
@MainActor
@Suite struct BoundOneShotTests {
    @Test func aMainActorWriteCallsItBeforeTheStoreOnTheMainActor() {
        let profile = ProfileViewModel()
        profile.name = "Ada"
        let log = RunLog<String>()
        withTracking { _ = profile.name } onChange: { log.record(profile.name) }
        profile.name = "Grace"
        #expect(log.values == ["Ada"])
        #expect(log.onTheMainActor == [true])
    }

    @Test func aWriteOnAnotherThreadCallsItOnTheMainActorAfterTheStore() async {
        let counter = SharedCounter()
        let log = RunLog<String>()
        withTracking(options: [.willSet, .didSet]) {
            _ = counter.value
        } onChange: { event in
            log.record("\(event.kind) \(counter.value)")
        }
        whileTheMainActorWaits { counter.value = 7 }
        #expect(log.count == 0)
        await yield(until: "both calls") { log.count == 2 }
        // Both calls came after the store, in their order.
        #expect(log.values == ["willSet 7", "didSet 7"])
        #expect(log.onTheMainActor == [true, true])
    }
}

/// An actor of one's own: an observer written in its method, reading its
/// state, runs on the actor.
private actor Tally {
    private var seen: [Int] = []
    private var token: TrackingToken?

    func start(watching counter: SharedCounter) {
        token = observe { self.seen.append(counter.value) }
    }

    var values: [Int] { seen }
}

@Suite struct ActorBoundObserverTests {
    @Test func anActorsObserverRunsOnTheActor() async {
        let counter = SharedCounter()
        let tally = Tally()
        await tally.start(watching: counter)
        #expect(await tally.values == [0])
        counter.value = 1
        var values = await tally.values
        for _ in 0..<1_000 where values.count < 2 {
            await Task.yield()
            values = await tally.values
        }
        #expect(values == [0, 1])
    }
}
