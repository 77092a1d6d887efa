/// The state of a subscriber, guarded by its component's lock.
@usableFromInline
struct SubscriberFlags: OptionSet, Sendable {
    @usableFromInline
    let rawValue: UInt16

    @inlinable
    init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// A dependency read directly changed: the subscriber must run again.
    static let dirty = SubscriberFlags(rawValue: 1 << 0)
    /// A derived value it read may have changed: validate before running.
    static let pending = SubscriberFlags(rawValue: 1 << 1)
    /// Waiting in some thread's queue of observers to run.
    static let queued = SubscriberFlags(rawValue: 1 << 2)
    /// A thread is running it (an observer body, a derived computation, a
    /// validation): that thread owns its dependency list.
    static let running = SubscriberFlags(rawValue: 1 << 3)
    /// Cancelled: it will not run again, and its links are gone or going.
    static let cancelled = SubscriberFlags(rawValue: 1 << 4)
    /// A one-shot subscriber that has fired.
    static let fired = SubscriberFlags(rawValue: 1 << 5)
    /// A scope that told its owner it is invalid and waits to be tracked again.
    static let invalidated = SubscriberFlags(rawValue: 1 << 6)
    /// A one-shot subscriber that has fired or was discarded: done for good.
    static let finished = SubscriberFlags(rawValue: 1 << 8)
    /// A dependency was deallocated since the last run.
    static let sourceDied = SubscriberFlags(rawValue: 1 << 7)
    /// A derived value that has a result (a value or an error): set by its
    /// first computation, under the lock.
    static let hasResult = SubscriberFlags(rawValue: 1 << 9)
    /// A derived value bound to an actor (``DerivedNode/binding``): tested
    /// with the other flags a validation checks, so that an unbound value's
    /// validation pays nothing for it.
    static let bound = SubscriberFlags(rawValue: 1 << 10)
    /// An observer cancelled while `.queued` or `.running`, holding a
    /// reference to itself until it is neither: the queues and runs hold
    /// none, so that the usual observer, never cancelled, costs no
    /// reference counting to queue and run.
    static let kept = SubscriberFlags(rawValue: 1 << 11)

    /// `[.dirty, .pending, .running, .hasResult]`: a derived value whose flags
    /// masked by it are exactly `.hasResult` is current for any reader. A
    /// literal, so that inlined reads load no global (checked in
    /// ``DerivedNode``'s initializer).
    @inlinable
    static var readerMask: UInt16 { 0b10_0000_1011 }

    /// ``readerMask`` with `.bound`: a dependency whose flags masked by it
    /// are exactly `.hasResult` needs no validation of its own, only a
    /// comparison of versions.
    @inlinable
    static var validationMask: UInt16 { 0b110_0000_1011 }

    /// `.hasResult`, as a literal for inlined code.
    @inlinable
    static var hasResultBit: UInt16 { 1 << 9 }

    /// `[.dirty, .pending]`, as a literal for inlined code.
    @inlinable
    static var dirtyOrPending: SubscriberFlags { SubscriberFlags(rawValue: 0b11) }
}
