import Foundation
import Synchronization

/// The thread-safe half of a custom view's node: what marks it for
/// re-rendering when something it depends on changes, on whatever thread the
/// change happens.
///
/// Invalidations come from a `TrackingScope`, an `objectWillChange`
/// subscription or Apple's `withObservationTracking`; each records its cause
/// and queues the mark once, which schedules a render on the main actor (see
/// ``ScheduledRender``). The host takes the queue on the main actor when it
/// renders.
final class DirtyMark: @unchecked Sendable {
    let queue: InvalidationQueue
    /// The node, while it is in the tree: set right after the node is
    /// created, cleared when it leaves (both on the main actor, the only
    /// place that reads it). The node owns the mark.
    unowned(unsafe) var node: ViewNode?

    // Guarded by `queue.lock`.
    var isDirty = false {
        didSet {
            guard isDirty != oldValue else { return }
            dirtyFlag.store(isDirty, ordering: .releasing)
            queue.dirtyMarks.add(isDirty ? 1 : -1, ordering: .releasing)
        }
    }
    var isQueued = false
    var trackedChange = false
    var causes: [RenderCause] = []

    /// `isDirty`, readable without the lock.
    private let dirtyFlag = Atomic<Bool>(false)

    init(queue: InvalidationQueue) {
        self.queue = queue
    }

    /// Marks the view dirty because of `cause`. Callable from any thread.
    func invalidate(_ cause: RenderCause?) {
        queue.lock.lock()
        if let cause {
            if !causes.contains(cause) { causes.append(cause) }
        } else {
            trackedChange = true
        }
        isDirty = true
        let render = queue.enqueueLocked(self)
        queue.lock.unlock()
        render?.schedule()
    }

    /// Clears the mark before a render and returns why it was set.
    func takeCauses() -> (dirty: Bool, tracked: Bool, causes: [RenderCause]) {
        queue.lock.lock()
        defer { queue.lock.unlock() }
        guard isDirty else { return (false, false, []) }
        let result = (true, trackedChange, causes)
        isDirty = false
        trackedChange = false
        causes = []
        return result
    }

    /// Whether the view is dirty, read without taking the lock: a mark set
    /// on another thread at the same moment may be missed, and is then
    /// rendered by the next pass (as with the lock, which only orders the
    /// two).
    var mayBeDirty: Bool {
        dirtyFlag.load(ordering: .acquiring)
    }

    var isMarkedDirty: Bool {
        queue.lock.lock()
        defer { queue.lock.unlock() }
        return isDirty
    }
}
