import Foundation

/// An asynchronous sequence of the values of a closure over tracked
/// properties: the current value first, then a new value after each
/// transaction that changed something the closure read. The counterpart of
/// Apple's `Observations` (SE-0475).
///
/// ```swift
/// for await title in book.values(\.title) {
///     print(title)       // the current title, then each new one
/// }
/// for try await summary in values({ "\(book.title) by \(book.author)" }) { ... }
/// ```
///
/// - Changes are coalesced: if several transactions happen while the
///   consumer is busy, the next element is computed once, from the latest
///   values. Elements are computed when the consumer asks for them.
/// - Every iterator has its own state: iterating again starts afresh, with
///   the current value, and never replays what an earlier iteration saw.
/// - Cancelling the iterating task ends the iteration with `nil`.
/// - When an object the closure read is deallocated, the sequence finishes.
/// - A closure that throws ends the sequence with its error.
///
/// Where the closure runs: in the iterating task, inside `next()`, on the
/// actor that calls `next` (for `for await` in a `@MainActor` function, the
/// main actor). It is `@Sendable` because the sequence may be iterated from
/// any task.
public struct TrackedValues<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
    /// Returns the next value, or nil when the sequence has finished.
    let produce: @Sendable () throws(Failure) -> Element?

    /// Creates the sequence of the values of `produce`; `nil` finishes it.
    init(produce: @escaping @Sendable () throws(Failure) -> Element?) {
        self.produce = produce
    }

    /// Starts an iteration of its own: its first element is the value at
    /// that time.
    public func makeAsyncIterator() -> Iterator {
        Iterator(produce: produce)
    }

    /// Iterates the values; see ``TrackedValues``.
    public struct Iterator: AsyncIteratorProtocol {
        private let produce: @Sendable () throws(Failure) -> Element?
        private let waiter: ChangeWaiter
        private var started = false

        init(produce: @escaping @Sendable () throws(Failure) -> Element?) {
            self.produce = produce
            self.waiter = ChangeWaiter()
        }

        /// The next value: the current one the first time, then the value
        /// after the next change. Nil when the task is cancelled, the
        /// sequence finished, or an object it read was deallocated.
        ///
        /// - Throws: The closure's error, which also ends the sequence.
        public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async throws(Failure) -> Element? {
            if waiter.isFinished { return nil }
            // A cancelled task gets nil, the first element included.
            if Task.isCancelled {
                waiter.finish()
                return nil
            }
            if started {
                guard await waiter.waitForChange() else { return nil }
            }
            started = true
            do {
                let value = try waiter.scope.track(produce)
                if value == nil { waiter.finish() }
                return value
            } catch {
                waiter.finish()
                throw error
            }
        }

        /// The next value, as ``next(isolation:)`` returns it, for callers
        /// that do not pass an isolation.
        ///
        /// - Throws: The closure's error, which also ends the sequence.
        public mutating func next() async throws(Failure) -> Element? {
            try await next(isolation: nil)
        }
    }
}

/// Produces the values of `body`: the current one, then one per transaction
/// that changed what it read. See ``TrackedValues``.
///
/// - Parameter body: Computes a value from tracked properties; runs in the
///   iterating task, once per element.
/// - Returns: The sequence; iterate it with `for await` (or `for try await`
///   if `body` throws).
public func values<Element: Sendable, Failure: Error>(
    _ body: @escaping @Sendable () throws(Failure) -> Element
) -> TrackedValues<Element, Failure> {
    TrackedValues { () throws(Failure) -> Element? in try body() }
}

extension Trackable where Self: Sendable {
    /// The values of one property of this object: the current value, then one
    /// per transaction that changed it. The sequence holds the object weakly
    /// and finishes when the object is deallocated.
    ///
    /// - Parameter keyPath: The property, e.g. `\.title`.
    /// - Returns: The sequence of its values.
    public func values<Member: Sendable>(_ keyPath: KeyPath<Self, Member> & Sendable) -> TrackedValues<Member, Never> {
        TrackedValues { [weak self] in self?[keyPath: keyPath] }
    }
}

/// One iterator's tracking scope and the task waiting for its next change.
final class ChangeWaiter: @unchecked Sendable {
    private let lock = NSLock()
    private var changed = false
    private var finished = false
    private var waiting: CheckedContinuation<Bool, Never>?
    /// The scope tracking the closure; set once in `init`.
    private(set) var scope: TrackingScope!

    init() {
        scope = TrackingScope { [weak self] in self?.invalidated() }
    }

    deinit {
        scope.cancel()
    }

    var isFinished: Bool { lock.withLock { finished } }

    func finish() {
        let continuation = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
            finished = true
            defer { waiting = nil }
            return waiting
        }
        scope.cancel()
        continuation?.resume(returning: false)
    }

    /// Something the closure read changed (or was deallocated).
    private func invalidated() {
        if scope.node.dependencyWasDeallocated {
            finish()
            return
        }
        // A waiting iterator takes the change now; otherwise it is kept for
        // the next wait. Not both: the next wait would then report this
        // change a second time.
        let continuation = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
            guard let continuation = waiting else {
                changed = true
                return nil
            }
            waiting = nil
            return continuation
        }
        continuation?.resume(returning: true)
    }

    /// Waits for a change; returns false if the task was cancelled or the
    /// sequence finished.
    func waitForChange() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let resumeNow: Bool? = lock.withLock {
                    if finished || Task.isCancelled { return false }
                    if changed {
                        changed = false
                        return true
                    }
                    waiting = continuation
                    return nil
                }
                if let resumeNow { continuation.resume(returning: resumeNow) }
            } && !Task.isCancelled
        } onCancel: {
            let continuation = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
                defer { waiting = nil }
                return waiting
            }
            continuation?.resume(returning: false)
        }
    }
}
