/// What the nodes of one host share: the services a render uses below the
/// ``ViewHost``, which owns it. Nodes reach the host only through it, so that
/// the render path runs one way: host, render loop, nodes, these parts.
///
/// Used on the main actor only, except ``queue`` and ``errorLog``, which
/// other threads reach through dirty marks and bindings.
@MainActor final class RenderContext {
    /// Whether bodies are also tracked with Apple's Observation.
    let tracksObservation: Bool
    /// The views invalidated since they last rendered.
    let queue = InvalidationQueue()
    /// The problems found while rendering.
    let errorLog = ErrorLog()
    /// Names and kinds of the view types met so far.
    let types = ViewTypes()
    /// Body evaluations and the render log.
    let counts: BodyCounts
    /// The controls on screen, by label.
    let controls = ControlRegistry()
    /// `onAppear`, `onChange` and `onDisappear` actions queued by rendering,
    /// run by the render loop after the pass that queued them.
    private(set) var postActions: [() -> Void] = []
    @exclusivity(unchecked) private var stampCounter: UInt64 = 0

    init(options: ViewHost.Options) {
        tracksObservation = options.tracksObservation
        counts = BodyCounts(types: types, recordsLog: options.recordsRenderLog)
    }

    func enqueuePostAction(_ action: @escaping () -> Void) {
        postActions.append(action)
    }

    /// Hands the queued actions to the render loop and forgets them.
    func takePostActions() -> [() -> Void] {
        defer { postActions = [] }
        return postActions
    }

    /// A number not handed out before, for a child list to mark the nodes it
    /// matched (see ``ChildList``).
    func nextStamp() -> UInt64 {
        stampCounter &+= 1
        return stampCounter
    }
}
