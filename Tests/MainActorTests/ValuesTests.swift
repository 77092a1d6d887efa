import Observation
import Testing
import Tracking

/// `values` iterated from the main actor over main-actor models, as Apple's
/// `Observations` is (SE-0475): the closure runs on the iterating actor, and
/// a transaction lasts until that actor's next suspension. Each scenario runs
/// against both engines and expects the same elements from each.
@MainActor
@Suite struct ValuesTests {
    @Test("writes with no suspension between them make one element", arguments: Engine.allCases)
    func writesWithNoSuspensionBetweenThemMakeOneElement(engine: Engine) async {
        let model = engine.makePair()
        let elements = await Self.twoElements(of: model.sumIterator()) {
            // The iteration waits for a change, on the main actor, which
            // stays busy until both writes are made.
            model.a = 1
            model.b = 100
        }
        #expect(elements == [0, 101])
    }

    @Test("a loop of writes in a main-actor task makes one element", arguments: Engine.allCases)
    func aLoopOfWritesMakesOneElement(engine: Engine) async {
        let model = engine.makePair()
        let elements = await Self.twoElements(of: model.aIterator()) {
            await Task {
                for value in 1...5 { model.a = value }
            }.value
        }
        #expect(elements == [0, 5])
    }

    /// Takes two elements of `elements` in a main-actor task, running
    /// `change` once the task has the first one and waits for the second.
    private static func twoElements(
        of elements: Elements,
        after change: () async -> Void
    ) async -> [Int?] {
        let received = Received()
        let iteration = Task {
            received.append(await elements.next())
            received.append(await elements.next())
        }
        if await yield(until: "the first element", cancelling: [iteration], { received.elements.count == 1 }) {
            await change()
            await yield(until: "the second element", cancelling: [iteration]) { received.elements.count == 2 }
        }
        await iteration.value
        return received.elements
    }

    @Test("a task cancelled after one yield has the first element, then nil", arguments: Engine.allCases)
    func aTaskCancelledAfterOneYieldHasTheFirstElementThenNil(engine: Engine) async {
        let model = engine.makePair()
        let received = Received()
        let iteration = Task {
            let values = model.aIterator()
            received.append(await values.next())
            received.append(await values.next())
        }
        // One yield: the task, queued on the main actor before this test
        // yielded, takes the first element and waits for a second.
        await Task.yield()
        iteration.cancel()
        await iteration.value
        #expect(received.elements == [0, nil])
    }

    @Test("two iterators each get every element", arguments: Engine.allCases)
    func twoIteratorsEachGetEveryElement(engine: Engine) async {
        let model = engine.makePair()
        let (first, second) = await Self.twoIterations(writingTo: model) { received in
            await model.collectA(3, into: received)
        }
        #expect(first == [0, 100, 200])
        #expect(second == [0, 100, 200])
    }

    /// Each iterator of one sequence has its own state, so two tasks may
    /// share a sequence. (Observations shares its state between the
    /// iterators of one sequence: on this toolchain the second of two such
    /// iterators gets [0, 100, 100] here.)
    @Test func twoTasksIteratingOneSequenceEachGetEveryElement() async {
        let model = Pair()
        let sequence = model.values(\.a)
        let (first, second) = await Self.twoIterations(writingTo: model) { received in
            for await a in sequence {
                received.append(a)
                if received.elements.count == 3 { return }
            }
        }
        #expect(first == [0, 100, 200])
        #expect(second == [0, 100, 200])
    }

    /// Runs `collect` (three elements of `a`) in two main-actor tasks; once
    /// both have the first element, writes 100, and once both have that,
    /// writes 200 (waiting, rather than suspending a fixed number of times,
    /// keeps the test independent of how busy the machine is). Returns what
    /// each task received.
    private static func twoIterations(
        writingTo model: any PairModel,
        _ collect: @escaping (Received) async -> Void
    ) async -> (first: [Int?], second: [Int?]) {
        let first = Received()
        let second = Received()
        let iterations = [
            Task { await collect(first) },
            Task { await collect(second) },
        ]
        if await yield(until: "the first elements", cancelling: iterations, {
            first.elements.count == 1 && second.elements.count == 1
        }) {
            model.a = 100
            if await yield(until: "two elements each", cancelling: iterations, {
                first.elements.count == 2 && second.elements.count == 2
            }) {
                model.a = 200
                await yield(until: "three elements each", cancelling: iterations) {
                    first.elements.count == 3 && second.elements.count == 3
                }
            }
        }
        for iteration in iterations { await iteration.value }
        return (first.elements, second.elements)
    }

    @Test func theIssuesViewModelIsIteratedByKeyPathAndByClosure() async {
        let profile = ProfileViewModel()
        profile.name = "Ada"
        var names = profile.values(\.name).makeAsyncIterator()
        var greetings = values { "Hello, \(profile.name)" }.makeAsyncIterator()
        #expect(await names.next() == "Ada")
        #expect(await greetings.next() == "Hello, Ada")
        profile.name = "Grace"
        #expect(await names.next() == "Grace")
        #expect(await greetings.next() == "Hello, Grace")
    }

    /// A Sendable model written on another thread: the main-actor iterator
    /// still computes every element on the main actor.
    @Test func theClosureRunsOnTheIteratingActorWhenAnotherThreadWrites() async {
        let counter = SharedCounter()
        var onTheMainActor: [Bool] = []
        var iterator = values { () -> Int in
            onTheMainActor.append(isOnTheMainQueue())
            return counter.value
        }.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        let writer = Task.detached {
            counter.value = 1
            return isOnTheMainQueue()
        }
        #expect(await writer.value == false)
        #expect(await iterator.next() == 1)
        #expect(onTheMainActor == [true, true])
    }

    /// The same sequence type, made in nonisolated code over a Sendable
    /// model, is sent to the task that iterates it, off the main actor.
    @Test func aSequenceOverASendableModelIsIteratedOffTheMainActor() async {
        let counter = SharedCounter()
        let (firsts, announce) = AsyncStream.makeStream(of: Int?.self)
        let iteration = Task.detached { () -> [Int?] in
            var iterator = counter.values(\.value).makeAsyncIterator()
            let first = await iterator.next()
            announce.yield(first)
            return [first, await iterator.next()]
        }
        for await _ in firsts { break }
        counter.value = 7
        #expect(await iteration.value == [0, 7])
    }
}

/// An actor of one's own: the closure, written in the actor's method, is
/// isolated to the actor and reads its state; the actor iterates.
private actor Labeller {
    private var label = "count"

    func twoLabels(of counter: SharedCounter, then write: @Sendable () async -> Void) async -> [String?] {
        var labels = values { "\(self.label) \(counter.value)" }.makeAsyncIterator()
        let first = await labels.next()
        label = "total"
        await write()
        return [first, await labels.next()]
    }
}

@Suite struct ValuesOnAnActorTests {
    @Test func anActorIteratesWithAClosureThatReadsItsState() async {
        let counter = SharedCounter()
        let labels = await Labeller().twoLabels(of: counter) { counter.value = 1 }
        #expect(labels == ["count 0", "total 1"])
    }
}
