import Synchronization

/// A reference that is set at most once, then read without a lock from any
/// thread: `AtomicLazyReference` in substance, but inlinable, so that the
/// `@Published` write path reads it with one atomic load instead of a call
/// into unspecialized generic code.
///
/// Holds a strong reference once set, released with the owner.
@usableFromInline
struct AtomicReference<Instance: AnyObject>: ~Copyable {
    @usableFromInline
    let storage = Atomic<Unmanaged<Instance>?>(nil)

    @usableFromInline
    init() {}

    deinit {
        storage.load(ordering: .acquiring)?.release()
    }

    /// The reference, or nil if it was never set.
    @inlinable
    func load() -> Instance? {
        storage.load(ordering: .acquiring)?.takeUnretainedValue()
    }

    /// Sets the reference if it is unset; returns the reference now held
    /// (`instance`, or the one another thread set first).
    @usableFromInline
    func storeIfNil(_ instance: Instance) -> Instance {
        let retained = Unmanaged.passRetained(instance)
        let (exchanged, current) = storage.compareExchange(
            expected: nil, desired: retained, ordering: .acquiringAndReleasing)
        if exchanged { return instance }
        retained.release()
        return current!.takeUnretainedValue()
    }
}
