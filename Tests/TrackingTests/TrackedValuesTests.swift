import Foundation
import Testing
@testable import Tracking

@Suite struct TrackedValuesTests {
    @Test func theFirstElementIsTheCurrentValueThenOnePerChange() async {
        let book = Book()
        var iterator = book.values(\.title).makeAsyncIterator()
        #expect(await iterator.next() == "Sample Book Title")
        book.title = "A"
        #expect(await iterator.next() == "A")
        book.author = "not read"
        book.title = "B"
        #expect(await iterator.next() == "B")
    }

    /// A change that arrives while the iterator waits in `next()` is one
    /// element, not two (found by a fresh-eyes review: each change came twice).
    @Test func aChangeWhileTheConsumerWaitsIsDeliveredOnce() async throws {
        let counter = Counter()
        let received = Locked<[Int]>([])
        let consumer = Task {
            for await value in counter.values(\.value) {
                received.append(value)
                if received.current.count == 4 { break }
            }
        }
        for value in 1...3 {
            while received.current.count < value { await Task.yield() }
            // Give the consumer time to suspend in `next()` before the write.
            try await Task.sleep(for: .milliseconds(30))
            counter.value = value
        }
        await consumer.value
        #expect(received.current == [0, 1, 2, 3])
    }

    @Test func changesMadeWhileTheConsumerIsBusyAreCoalesced() async {
        let book = Book()
        var iterator = values { "\(book.title) by \(book.author)" }.makeAsyncIterator()
        #expect(await iterator.next() == "Sample Book Title by ")
        book.title = "A"
        book.author = "B"
        withTransaction { book.title = "C" }
        #expect(await iterator.next() == "C by B")
    }

    @Test func eachIteratorHasItsOwnStateAndNothingIsReplayed() async {
        let counter = Counter()
        let sequence = counter.values(\.value)
        do {
            var first = sequence.makeAsyncIterator()
            #expect(await first.next() == 0)
            counter.value = 1
            #expect(await first.next() == 1)
        }
        counter.value = 2
        var second = sequence.makeAsyncIterator()
        #expect(await second.next() == 2)
        counter.value = 3
        #expect(await second.next() == 3)
        #expect(counter.trackingRegistrar.activeDependencyCount == 1)
    }

    @Test func cancellingTheTaskEndsTheIterationWithNil() async {
        let counter = Counter()
        let started = Locked(false)
        let task = Task {
            var results: [Int?] = []
            var iterator = counter.values(\.value).makeAsyncIterator()
            results.append(await iterator.next())
            started.mutate { $0 = true }
            results.append(await iterator.next())   // waits until cancelled
            return results
        }
        while !started.current { await Task.yield() }
        task.cancel()
        #expect(await task.value == [0, nil])
    }

    @Test func aCancelledTaskGetsNilAlreadyForTheFirstElement() async {
        let counter = Counter()
        let task = Task { () -> [Int] in
            withUnsafeCurrentTask { $0?.cancel() }
            var seen: [Int] = []
            for await value in counter.values(\.value) { seen.append(value) }
            return seen
        }
        #expect(await task.value == [])
        #expect(counter.trackingRegistrar.activeDependencyCount == 0)
    }

    @Test func deallocatingTheObjectFinishesTheSequence() async {
        var counter: Counter? = Counter()
        let sequence = counter!.values(\.value)
        let task = Task {
            var seen: [Int] = []
            for await value in sequence { seen.append(value) }
            return seen
        }
        // Let the task read the first value, then drop the object.
        for _ in 0..<1_000 where counter?.trackingRegistrar.activeDependencyCount == 0 {
            await Task.yield()
            usleep(1_000)
        }
        counter = nil
        #expect(await task.value == [0])
    }

    /// The same with a closure that reads the object weakly, and so still
    /// returns a value once it is gone: the deallocation itself finishes the
    /// sequence (found by a fresh-eyes review: it yielded -1 instead).
    @Test func deallocatingAnObjectTheClosureReadFinishesTheSequence() async {
        var counter: Counter? = Counter()
        var iterator = values { [weak counter] in counter?.value ?? -1 }.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        counter = nil
        #expect(await iterator.next() == nil)
        #expect(await iterator.next() == nil)
    }

    @Test func aThrowingClosureEndsTheSequenceWithItsError() async throws {
        struct Invalid: Error, Equatable {}
        let counter = Counter()
        var iterator = values { () throws(Invalid) -> Int in
            if counter.value < 0 { throw Invalid() }
            return counter.value
        }.makeAsyncIterator()
        #expect(try await iterator.next() == 0)
        counter.value = -1
        await #expect(throws: Invalid()) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @TaskLocal static var iteratingTask: String?

    @Test func theClosureRunsInTheIteratingTask() async {
        let counter = Counter()
        let seenIn = Locked<[String?]>([])
        let sequence = values {
            seenIn.append(TrackedValuesTests.iteratingTask)
            return counter.value
        }
        await TrackedValuesTests.$iteratingTask.withValue("consumer") {
            var iterator = sequence.makeAsyncIterator()
            _ = await iterator.next()
            counter.value = 1       // from the same task: the change is recorded
            _ = await iterator.next()
        }
        #expect(seenIn.current == ["consumer", "consumer"])
    }
}
