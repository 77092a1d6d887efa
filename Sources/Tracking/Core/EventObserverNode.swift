/// An observer whose body takes an ``Announcement`` (``observe(options:fileID:line:isolation:_:)``):
/// besides what every ``ObserverNode`` keeps, what woke it since its last
/// run, for the event of the next. A subclass, so that the observers that
/// take no events, most of them, carry none of it.
final class EventObserverNode: ObserverNode, @unchecked Sendable {
    /// The body; ``ignoreEvent`` once cancelled. Guarded like
    /// ``ObserverNode``'s callback: by the component lock, stable while the
    /// node is `.running`.
    @exclusivity(unchecked)
    private var eventCallback: @Sendable (Announcement) -> Void

    /// The kind of the latest announcement that woke the observer since its
    /// last run, and every property whose change did, retained, without
    /// repeats. Guarded by the component lock.
    @exclusivity(unchecked)
    private var pendingKind: AnnouncementKind?
    @exclusivity(unchecked)
    private var pendingChanges: [Node] = []

    /// The event of the run in progress: what woke it. Set when the run
    /// begins; only the running thread uses it.
    @exclusivity(unchecked)
    var runKind: AnnouncementKind = .initial
    @exclusivity(unchecked)
    private var runChanges: [Node] = []

    init(
        origin: SourceLocation, binding: ActorBinding?, options: Announcements,
        eventCallback: @escaping @Sendable (Announcement) -> Void
    ) {
        self.eventCallback = eventCallback
        super.init(
            mode: .rerun, origin: origin, binding: binding, options: options, takesEvents: true,
            callback: doNothing)
    }

    /// An announcement woke the observer: a death, or a change of `cause`.
    /// Call under the lock.
    func recordEventLocked(death: Bool, cause: Node) {
        if death {
            pendingKind = .deinit
            return
        }
        pendingKind = options.contains(.didSet) ? .didSet : .willSet
        if !pendingChanges.contains(where: { $0 === cause }) { pendingChanges.append(cause) }
    }

    /// The run does not happen after all: what woke it is forgotten. Call
    /// under the lock.
    @inline(never)
    func dropPendingEventsLocked(_ state: ThreadState) {
        pendingKind = nil
        if pendingChanges.isEmpty { return }
        // Each reference moves to the releases, so that emptying the array
        // under the lock ends no node.
        for change in pendingChanges { state.releaseLater(Unmanaged.passRetained(change)) }
        pendingChanges.removeAll()
    }

    /// What woke the observer becomes its run's event (`.initial` for the
    /// `first` run). Call under the lock, as the run begins.
    @inline(never)
    func takeEventLocked(first: Bool) {
        runKind = first ? .initial : pendingKind ?? .didSet
        pendingKind = nil
        if pendingChanges.isEmpty {
            runChanges = []
        } else {
            runChanges = pendingChanges
            pendingChanges = []
        }
    }

    /// Calls the body with the run's event. Only the running thread.
    func callEventCallback() {
        let changes = runChanges
        runChanges = []
        eventCallback(Announcement(kind: runKind, changes: changes, to: self))
    }

    /// The body, replaced by ``ignoreEvent``, for the caller to release
    /// after the lock: the observer is cancelled. Call under the lock.
    func takeEventCallbackLocked() -> @Sendable (Announcement) -> Void {
        let body = eventCallback
        eventCallback = ignoreEvent
        return body
    }
}
