/// The render an invalidation schedules on the main actor, where the host
/// runs bodies: a change made on any thread (a write on a background thread,
/// the deallocation of an object a body read) is rendered there, never on
/// the thread that made it.
///
/// The engine calls a view's invalidation on the changing thread; the view's
/// ``DirtyMark`` queues itself and, if no render is on its way, schedules one
/// with this. Marks set before it runs are rendered by it, in one flush.
///
/// It refers to the host weakly: a render scheduled for a host that is gone
/// does nothing, and a scheduled render that never runs (a main actor that
/// never runs its queue) keeps nothing alive.
final class ScheduledRender: Sendable {
    private weak let host: ViewHost?

    init(host: ViewHost) {
        self.host = host
    }

    /// Schedules the render. Callable from any thread, outside every lock.
    func schedule() {
        Task { @MainActor [self] in
            host?.renderScheduled()
        }
    }
}
