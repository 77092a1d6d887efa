import CTrackingSupport

/// The spinning phase of the engine's locks (``SpinLock`` and the like):
/// tries `tryLock` a hundred times with a pause between tries, long enough
/// for a holder on another processor to finish a short critical section.
/// Returns whether it got the lock; if not, the caller parks.
@inline(__always)
func spinBriefly(_ tryLock: () -> Bool) -> Bool {
    for _ in 0..<100 {
        if tryLock() { return true }
        tracking_cpu_relax()
    }
    return false
}
