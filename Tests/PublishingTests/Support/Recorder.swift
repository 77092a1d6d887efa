import Foundation
import Publishing

/// A thread-safe log of events, for assertions on exact sequences.
final class Recorder<Event: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Event] = []

    func record(_ event: Event) {
        lock.lock()
        storage.append(event)
        lock.unlock()
    }

    var events: [Event] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    var count: Int { events.count }

    /// Waits (polling, without blocking a thread) until at least `count` events
    /// were recorded, or `timeout` passes; returns the events. Assertions are
    /// made on the events, never on the time.
    func waitForEvents(count: Int, timeout: Duration = .seconds(10)) async -> [Event] {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while self.count < count, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
        }
        return events
    }
}

/// A counter that any thread may increment.
final class AtomicCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// A subscriber that records every call it receives, like OpenCombine's
/// tracking subscriber, so that tests can assert whole histories.
final class TrackingSubscriber<Input: Equatable & Sendable, Failure: Error & Equatable>: Subscriber, @unchecked Sendable {
    enum Event: Equatable, Sendable, CustomStringConvertible {
        case subscription
        case value(Input)
        case completion(Subscribers.Completion<Failure>)

        var description: String {
            switch self {
            case .subscription: "subscription"
            case .value(let value): "value(\(value))"
            case .completion(let completion): "completion(\(completion))"
            }
        }
    }

    private let lock = NSLock()
    private var log: [Event] = []
    private var subscriptions: [any Subscription] = []
    let onValue: (Input) -> Void

    init(onValue: @escaping (Input) -> Void = { _ in }) {
        self.onValue = onValue
    }

    /// The first subscription received, if still held.
    var subscription: (any Subscription)? {
        lock.lock()
        defer { lock.unlock() }
        return subscriptions.first
    }

    var history: [Event] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }

    func receive(subscription: any Subscription) {
        lock.lock()
        log.append(.subscription)
        subscriptions.append(subscription)
        lock.unlock()
    }

    func receive(_ input: Input) {
        lock.lock()
        log.append(.value(input))
        lock.unlock()
        onValue(input)
    }

    /// Records the completion and releases the subscriptions (as Combine's
    /// subscribers do), breaking the subscriber-subscription cycle.
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        log.append(.completion(completion))
        let released = subscriptions
        subscriptions = []
        lock.unlock()
        _ = released
    }

    func cancel() {
        lock.lock()
        let all = subscriptions
        subscriptions = []
        lock.unlock()
        for subscription in all { subscription.cancel() }
    }
}

/// A publisher under the test's control that records what its subscriber did
/// with the subscription (cancel), like OpenCombine's custom publisher.
final class RecordingPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    final class Handle: Subscription, @unchecked Sendable {
        private let lock = NSLock()
        private var cancelCount = 0
        var cancels: Int {
            lock.lock()
            defer { lock.unlock() }
            return cancelCount
        }
        func cancel() {
            lock.lock()
            cancelCount += 1
            lock.unlock()
        }
    }

    let subscription = Handle()
    private var downstream: (any Subscriber<Output, Failure>)?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        downstream = subscriber
        subscriber.receive(subscription: subscription)
    }

    func send(_ value: Output) {
        downstream?.receive(value)
    }

    func send(completion: Subscribers.Completion<Failure>) {
        downstream?.receive(completion: completion)
    }
}

struct TestError: Error, Equatable {
    var code: Int
}
