import Foundation
import Synchronization

/// The marks waiting to be rendered, in the order they were set, and the
/// render they scheduled on the main actor.
///
/// A mark set on any thread queues itself here under the lock; the first one
/// since the last scheduled render ran also schedules one (see
/// ``ScheduledRender``). An explicit ``ViewHost/flush()`` takes the marks
/// without waiting for it; the scheduled render then finds nothing to do.
final class InvalidationQueue: @unchecked Sendable {
    let lock = NSLock()
    /// Guarded by `lock`.
    var pending: [DirtyMark] = []
    /// How many marks are dirty, queued or taken by the pass in progress:
    /// written under `lock` (by ``DirtyMark/isDirty``), readable without it.
    /// While it is zero, no view has anything to render but what its parent
    /// gives it, and a parent passes over the children it gave nothing new
    /// without reading them (see ``DeferredChildren/applyParentUpdate()``).
    let dirtyMarks = Atomic<Int>(0)
    /// Whether a scheduled render is on its way to the main actor. Cleared
    /// only when it starts, so that a host flushed by hand (a benchmark, a
    /// synchronous program whose main actor never runs its queue) keeps at
    /// most one scheduled render waiting. Guarded by `lock`.
    private var isRenderScheduled = false
    /// Where scheduled renders go; set once by the host, before its first
    /// render. Guarded by `lock`.
    private var scheduledRender: ScheduledRender?

    /// Connects the queue to the host it schedules renders of.
    func connect(_ render: ScheduledRender) {
        lock.lock()
        defer { lock.unlock() }
        scheduledRender = render
    }

    /// Queues `mark` if it is not queued. Called with `lock` held.
    ///
    /// - Returns: The render to schedule once the lock is released, if this
    ///   is the first mark since the last scheduled render started.
    func enqueueLocked(_ mark: DirtyMark) -> ScheduledRender? {
        if !mark.isQueued {
            mark.isQueued = true
            pending.append(mark)
        }
        guard !isRenderScheduled, let scheduledRender else { return nil }
        isRenderScheduled = true
        return scheduledRender
    }

    /// Called by a scheduled render as it starts: the next mark schedules
    /// another.
    func scheduledRenderDidStart() {
        lock.lock()
        defer { lock.unlock() }
        isRenderScheduled = false
    }

    func takeAll() -> [DirtyMark] {
        lock.lock()
        defer { lock.unlock() }
        let taken = pending
        pending = []
        for mark in taken { mark.isQueued = false }
        return taken
    }

    /// Puts back marks taken by ``takeAll()`` for a later pass.
    func requeue(_ marks: [DirtyMark]) {
        if marks.isEmpty { return }
        lock.lock()
        defer { lock.unlock() }
        for mark in marks where !mark.isQueued {
            mark.isQueued = true
            pending.append(mark)
        }
    }

    var isEmpty: Bool {
        lock.lock()
        defer { lock.unlock() }
        return pending.isEmpty
    }
}
