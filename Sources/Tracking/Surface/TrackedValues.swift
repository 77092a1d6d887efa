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
/// - Cancelling the iterating task ends the iteration with `nil`, the first
///   element included if the task was cancelled before it asked.
/// - When an object the closure read is deallocated, the sequence finishes.
/// - A closure that throws ends the sequence with its error.
///
/// ## Isolation
///
/// The closure runs in the iterating task, inside `next()`, on the isolation
/// of the code that iterates: for `for await` in a `@MainActor` function,
/// the main actor. It is not `@Sendable`, so it inherits the isolation of the
/// code that writes it and may read that actor's state — a `@MainActor`
/// model from main-actor code — and the compiler keeps the sequence on that
/// actor: it may be iterated there (by any number of tasks there), and it
/// cannot be sent to another isolation. A sequence created in nonisolated
/// code over `Sendable` models may be sent to the task that iterates it.
///
/// Waiting for a change does not leave the caller's actor either, so a
/// transaction lasts until that actor's next suspension, as with
/// `Observations`: writes the actor makes one after the other, with no
/// `await` between them, arrive as one element computed from all of them.
/// Writes made on other threads are transactions of their own; each one the
/// iterator sees makes it compute the next element when its actor is free.
public struct TrackedValues<Element: Sendable, Failure: Error>: AsyncSequence {
    /// Returns the next value, or nil when the sequence has finished.
    let produce: () throws(Failure) -> Element?

    /// Creates the sequence of the values of `produce`; `nil` finishes it.
    init(produce: @escaping () throws(Failure) -> Element?) {
        self.produce = produce
    }

    /// Starts an iteration of its own: its first element is the value at
    /// that time.
    public func makeAsyncIterator() -> Iterator {
        Iterator(produce: produce)
    }

    /// Iterates the values; see ``TrackedValues``.
    public struct Iterator: AsyncIteratorProtocol {
        private let produce: () throws(Failure) -> Element?
        private let waiter: ChangeWaiter
        private var started = false

        init(produce: @escaping () throws(Failure) -> Element?) {
            self.produce = produce
            self.waiter = ChangeWaiter()
        }

        /// The next value: the current one the first time, then the value
        /// after the next change. Nil when the task is cancelled, the
        /// sequence finished, or an object it read was deallocated.
        ///
        /// Runs on `actor` throughout, the caller's isolation by default:
        /// it waits there for a change, then computes the element there,
        /// once the actor is free.
        ///
        /// - Parameter actor: The isolation to wait and compute on.
        /// - Throws: The closure's error, which also ends the sequence.
        public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async throws(Failure) -> Element? {
            if waiter.isFinished { return nil }
            // A cancelled task gets nil, the first element included.
            if Task.isCancelled {
                waiter.finish()
                return nil
            }
            if started {
                guard await waiter.waitForChange(isolation: actor) else { return nil }
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

        /// The next value, as ``next(isolation:)`` returns it, for generic
        /// code that calls the protocol's requirement without an isolation.
        ///
        /// Disfavored, so that `iterator.next()` in your code calls
        /// ``next(isolation:)`` with your isolation instead: without it,
        /// Swift would choose this overload (it has fewer parameters) and
        /// leave your actor.
        ///
        /// - Throws: The closure's error, which also ends the sequence.
        @_disfavoredOverload
        public mutating func next() async throws(Failure) -> Element? {
            try await next(isolation: nil)
        }
    }
}

/// Produces the values of `body`: the current one, then one per transaction
/// that changed what it read. See ``TrackedValues``.
///
/// ```swift
/// @MainActor func showTitles(of book: Book) async {
///     for await summary in values({ "\(book.title) by \(book.author)" }) {
///         print(summary)
///     }
/// }
/// ```
///
/// - Parameter body: Computes a value from tracked properties. It runs in
///   the iterating task, once per element, on the isolation of the code that
///   iterates; written in actor-isolated code, it is isolated to that actor
///   and may read its state.
/// - Returns: The sequence; iterate it with `for await` (or `for try await`
///   if `body` throws) on the isolation where you created it.
public func values<Element: Sendable, Failure: Error>(
    _ body: @escaping () throws(Failure) -> Element
) -> TrackedValues<Element, Failure> {
    TrackedValues { () throws(Failure) -> Element? in try body() }
}

extension Trackable {
    /// The values of one property of this object: the current value, then one
    /// per transaction that changed it. The sequence holds the object weakly
    /// and finishes when the object is deallocated.
    ///
    /// Works on a `@MainActor` model from main-actor code, and on a
    /// `Sendable` model from anywhere:
    ///
    /// ```swift
    /// @MainActor final class ProfileViewModel: Trackable {
    ///     let trackingRegistrar = TrackingRegistrar()
    ///     @Tracked var name = ""
    /// }
    ///
    /// @MainActor func showNames(of profile: ProfileViewModel) async {
    ///     for await name in profile.values(\.name) { print(name) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The property, e.g. `\.title`.
    ///   - isolation: Where the sequence belongs: the caller's isolation,
    ///     which you do not pass. The key path is applied there only — the
    ///     sequence is confined to it like one built by ``values(_:)`` from
    ///     code on that actor — so a key path to an actor's property, which
    ///     is not `Sendable`, is never used off that actor.
    /// - Returns: The sequence of its values.
    public func values<Member: Sendable>(
        _ keyPath: KeyPath<Self, Member>,
        isolation: isolated (any Actor)? = #isolation
    ) -> TrackedValues<Member, Never> {
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

    /// Something the closure read changed (or was deallocated). Runs on the
    /// writer's thread: it only wakes the iterator, which computes the next
    /// element on its own isolation.
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

    /// Waits for a change on `actor`, the iterator's isolation, and resumes
    /// there; returns false if the task was cancelled or the sequence
    /// finished.
    ///
    /// Staying on the caller's actor is what makes its writes one
    /// transaction: the resumed iterator runs only when the actor is free,
    /// after every write the actor made before its next suspension.
    func waitForChange(isolation actor: isolated (any Actor)?) async -> Bool {
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
