import CTrackingSupport

/// Runs `body` as one transaction: observers of what it changes run once,
/// after the outermost transaction on this thread ends, instead of after
/// each write.
///
/// ```swift
/// withTransaction {
///     book.title = "A"
///     book.author = "B"
/// }   // an observer that read both runs once, here, and sees "A" and "B"
/// ```
///
/// - Transactions nest; only the end of the outermost one runs observers.
/// - Observers run even if `body` throws, for the changes made before.
/// - Reads inside the transaction see the new values, derived values included.
/// - `withTracking` scopes with the default `.willSet` timing still fire at
///   the write, before the value is stored.
/// - A transaction belongs to its thread: writes on other threads are not
///   part of it.
/// - It costs two calls, around `body`, which is called directly.
///
/// - Parameter body: The changes to make.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws, after the observers ran.
@inlinable
public func withTransaction<T>(_ body: () throws -> T) rethrows -> T {
    let transaction = ExplicitTransaction.begin()
    defer { transaction.end() }
    return try body()
}

/// The start and end of ``withTransaction(_:)`` on this thread.
@usableFromInline
struct ExplicitTransaction {
    /// The thread's state, borrowed: the thread keeps it alive.
    @usableFromInline
    let state: UnsafeMutableRawPointer
    /// Whether it is the outermost explicit transaction, which keeps the
    /// values its changes replace, to compare at its end.
    @usableFromInline
    let takesSnapshots: Bool

    /// Starts a transaction on this thread.
    @usableFromInline
    static func begin() -> ExplicitTransaction {
        let pointer = ThreadState.currentPointer
        let takesSnapshots = Unmanaged<ThreadState>.fromOpaque(pointer)._withUnsafeGuaranteedRef { state in
            let takesSnapshots = state.explicitTransactionDepth == 0 && !state.isFlushing
            if takesSnapshots { Transactions.begin(state) }
            state.explicitTransactionDepth += 1
            Scheduler.beginTransaction(state)
            return takesSnapshots
        }
        return ExplicitTransaction(state: pointer, takesSnapshots: takesSnapshots)
    }

    /// Ends it: the outermost one runs the observers of its changes.
    @usableFromInline
    func end() {
        Unmanaged<ThreadState>.fromOpaque(state)._withUnsafeGuaranteedRef { state in
            state.explicitTransactionDepth -= 1
            if takesSnapshots { Transactions.end(state) }
            Scheduler.endTransaction(state)
        }
    }
}

/// Runs `body` without recording its reads in the current tracking scope.
///
/// ```swift
/// observe {
///     print(book.title, untracked { book.author })   // re-runs for title only
/// }
/// ```
///
/// - Parameter body: Code whose reads must not become dependencies.
/// - Returns: What `body` returns.
public func untracked<T>(_ body: () throws -> T) rethrows -> T {
    try untrackedRun(body)
}

/// Whether this thread is inside a tracking scope right now (in
/// `withTracking`, `observe`, a derived value or a ``TrackingScope``), so
/// that reads of tracked properties are being recorded.
public var isTracking: Bool { tracking_current_scope() != nil }
