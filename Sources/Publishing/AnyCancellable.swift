/// A type-erased cancellable that cancels when it is deallocated.
///
/// `sink` and `assign(to:on:)` return one: keep it (in a property, or in a
/// collection with ``store(in:)-(Set<AnyCancellable>)``) for as long as the
/// subscription should last. Dropping it cancels the subscription, as in
/// Combine, which is why a `sink` whose result is not kept receives only what
/// is delivered during the call itself (a replayed current value).
///
/// ```swift
/// var cancellables = Set<AnyCancellable>()
/// model.$title.sink { print("title:", $0) }.store(in: &cancellables)
/// ```
///
/// Thread safety: `cancel()` may be called from any thread, any number of
/// times; the cancel action runs at most once, outside every internal lock,
/// on the thread of the first call (or of `deinit`).
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    private let action: Locked<(() -> Void)?>

    /// Creates a cancellable that runs `cancel` the first time it is
    /// cancelled or when it is deallocated, whichever comes first.
    ///
    /// - Parameter cancel: The action; it runs at most once. It is released
    ///   right after it runs.
    public init(_ cancel: @escaping () -> Void) {
        action = Locked(cancel)
    }

    /// Wraps another cancellable; cancelling this one (or deallocating it)
    /// cancels `canceller` once.
    ///
    /// - Parameter canceller: The cancellable to forward to. It is kept alive
    ///   until this one is cancelled.
    public init<C: Cancellable>(_ canceller: C) {
        action = Locked(canceller.cancel)
    }

    deinit {
        cancel()
    }

    /// Runs the cancel action if it has not run yet; later calls do nothing.
    public func cancel() {
        let pending = action.withLock { action -> (() -> Void)? in
            defer { action = nil }
            return action
        }
        pending?()
    }

    /// Stores this cancellable in a set, which then keeps it (and so the
    /// subscription) alive.
    ///
    /// - Parameter set: The set to insert into, typically a
    ///   `Set<AnyCancellable>` property of the object that owns the
    ///   subscription.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    /// Appends this cancellable to a collection (an array, for example), which
    /// then keeps it (and so the subscription) alive.
    ///
    /// - Parameter collection: The collection to append to.
    public func store<C: RangeReplaceableCollection>(in collection: inout C)
    where C.Element == AnyCancellable {
        collection.append(self)
    }

    /// Two `AnyCancellable`s are equal when they are the same instance.
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    /// Hashes the instance's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
