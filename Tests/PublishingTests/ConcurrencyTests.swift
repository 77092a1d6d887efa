import Dispatch
import Foundation
@testable import Publishing
import Testing

// Subscribing, sending and cancelling from several threads at once. These
// tests must pass under `swift test --sanitize=thread`.

@Suite("Concurrency")
struct ConcurrencyTests {
    static let threads = 8
    static let rounds = 200

    @Test("threads sending, subscribing and cancelling on one ObservableObjectPublisher")
    func objectWillChangeFromManyThreads() {
        let publisher = ObservableObjectPublisher()
        let steady = AtomicCounter()
        let steadyCancellable = publisher.sink { steady.increment() }
        let transient = AtomicCounter()

        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for _ in 0..<Self.rounds {
                let cancellable = publisher.sink { transient.increment() }
                publisher.send()
                cancellable.cancel()
            }
        }
        // Every send reached the subscriber that stayed for the whole run.
        #expect(steady.value == Self.threads * Self.rounds)
        // Each transient subscriber saw at least its own thread's send.
        #expect(transient.value >= Self.threads * Self.rounds)
        #expect(publisher.subscribers.count == 1)
        steadyCancellable.cancel()
        #expect(publisher.subscribers.count == 0)
    }

    @Test("threads sending on subjects while others subscribe and cancel")
    func subjectsFromManyThreads() {
        let passthrough = PassthroughSubject<Int, Never>()
        let current = CurrentValueSubject<Int, Never>(0)
        let passthroughCount = AtomicCounter()
        let currentCount = AtomicCounter()
        let c1 = passthrough.map { $0 * 2 }.filter { $0 >= 0 }.sink { _ in passthroughCount.increment() }
        let c2 = current.sink { _ in currentCount.increment() }

        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for round in 0..<Self.rounds {
                if thread.isMultiple(of: 2) {
                    passthrough.send(round)
                    current.send(round)
                } else {
                    let a = passthrough.sink { _ in }
                    let b = current.removeDuplicates().sink { _ in }
                    a.cancel()
                    b.cancel()
                }
            }
        }
        let senders = (Self.threads + 1) / 2
        #expect(passthroughCount.value == senders * Self.rounds)
        #expect(currentCount.value == senders * Self.rounds + 1)
        c1.cancel()
        c2.cancel()
    }

    @Test("concurrent first reads of objectWillChange agree on one instance, while another thread writes")
    func concurrentFirstAccess() {
        final class Model: ObservableObject, @unchecked Sendable {
            @Published var a = 0
            @Published var b = 0
        }
        final class Plain: ObservableObject, @unchecked Sendable {}
        for _ in 0..<20 {
            let model = Model()
            let plain = Plain()
            let seen = Locked<[ObjectIdentifier]>([])
            let seenPlain = Locked<[ObjectIdentifier]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                if index == 0 {
                    for value in 0..<50 { model.b = value }
                } else {
                    let publisher = model.objectWillChange
                    let plainPublisher = plain.objectWillChange
                    seen.withLock { $0.append(ObjectIdentifier(publisher)) }
                    seenPlain.withLock { $0.append(ObjectIdentifier(plainPublisher)) }
                }
            }
            #expect(Set(seen.withLock { $0 }).count == 1)
            #expect(Set(seenPlain.withLock { $0 }).count == 1)
            #expect(seen.withLock { $0.first } == ObjectIdentifier(model.objectWillChange))
        }
    }

    @Test("a @Published model written on one thread while others observe it")
    func publishedModelAcrossThreads() {
        final class Model: ObservableObject, @unchecked Sendable {
            @Published var count = 0
        }
        let model = Model()
        let signals = AtomicCounter()
        let values = AtomicCounter()
        let c1 = model.objectWillChange.sink { signals.increment() }
        let c2 = model.$count.sink { _ in values.increment() }
        let writes = 500
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            if index == 0 {
                for value in 1...writes { model.count = value }
            } else {
                for _ in 0..<100 {
                    let c = model.objectWillChange.sink {}
                    c.cancel()
                }
            }
        }
        #expect(signals.value == writes)
        #expect(values.value == writes + 1)
        #expect(model.count == writes)
        c1.cancel()
        c2.cancel()
    }

    @Test("AnyCancellable cancelled from many threads runs its action once")
    func cancelFromManyThreads() {
        for _ in 0..<50 {
            let calls = AtomicCounter()
            let cancellable = AnyCancellable { calls.increment() }
            DispatchQueue.concurrentPerform(iterations: 4) { _ in cancellable.cancel() }
            #expect(calls.value == 1)
        }
    }
}
