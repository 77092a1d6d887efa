import Publishing
import Testing

@Suite("values (AsyncSequence)")
struct PublisherValuesTests {
    @Test("a subject's values are buffered in order until the completion ends the loop")
    func subjectValues() async {
        let subject = PassthroughSubject<Int, Never>()
        let values = subject.values
        var iterator = values.makeAsyncIterator()
        subject.send(1)
        subject.send(2)
        subject.send(3)
        subject.send(completion: .finished)
        var received: [Int] = []
        while let value = await iterator.next() { received.append(value) }
        #expect(received == [1, 2, 3])
    }

    @Test("$x.values starts with the current value, and values sent from another task arrive")
    func publishedValues() async {
        final class Book: ObservableObject, @unchecked Sendable {
            @Published var title = "Sample Book Title"
        }
        let book = Book()
        var received: [String] = []
        // Making the iterator subscribes; only then does the writer start.
        var iterator = book.$title.values.makeAsyncIterator()
        let writer = Task {
            book.title = "A"
            book.title = "B"
        }
        while received.count < 3, let title = await iterator.next() {
            received.append(title)
        }
        await writer.value
        #expect(received == ["Sample Book Title", "A", "B"])
    }

    @Test("a failing publisher's values throw its error after the buffered values")
    func throwingValues() async throws {
        let subject = PassthroughSubject<Int, TestError>()
        var iterator = subject.values.makeAsyncIterator()
        subject.send(1)
        subject.send(completion: .failure(TestError(code: 3)))
        var received: [Int] = []
        var thrown: TestError?
        do {
            while let value = try await iterator.next() { received.append(value) }
        } catch let error as TestError {
            thrown = error
        } catch {}
        #expect(received == [1])
        #expect(thrown == TestError(code: 3))
        #expect(try await iterator.next() == nil)
    }

    @Test("cancelling the iterating task ends the sequence and the subscription")
    func taskCancellation() async {
        let subject = PassthroughSubject<Int, Never>()
        let started = Recorder<Int>()
        let task = Task {
            var count = 0
            for await _ in subject.values {
                count += 1
                started.record(count)
            }
            return count
        }
        // Wait until the loop has received one value, so it is subscribed.
        while started.count == 0 {
            subject.send(0)
            await Task.yield()
        }
        task.cancel()
        let count = await task.value
        #expect(count >= 1)
    }

    @Test("releasing the iterator cancels the subscription")
    func releasingIteratorCancels() {
        let upstream = RecordingPublisher<Int, Never>()
        do {
            let iterator = upstream.values.makeAsyncIterator()
            _ = iterator
            #expect(upstream.subscription.cancels == 0)
        }
        #expect(upstream.subscription.cancels == 1)
    }

    @Test("values can be iterated on the main actor")
    @MainActor
    func mainActorIteration() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        var received: [Int] = []
        for await value in subject.values {
            received.append(value)
            if value < 3 { subject.send(value + 1) } else { break }
        }
        #expect(received == [1, 2, 3])
    }
}

