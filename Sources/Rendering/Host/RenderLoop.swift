import Tracking

/// How a host renders after a change: in passes, until nothing is dirty.
///
/// A pass (``RenderPass``) renders the views that are dirty when it starts.
/// After each pass, the actions that rendering queued (`onAppear`,
/// `onChange`, `onDisappear`) run, each as one transaction, and may dirty more
/// views for the next pass. Views that keep invalidating each other are
/// stopped after ``ViewHost/Options/maximumPasses`` passes, with an error that
/// names them.
@MainActor final class RenderLoop {
    private let context: RenderContext
    private let maximumPasses: Int
    /// Set during a flush, so that a flush asked for from inside a body or
    /// an action does nothing: the flush in progress picks the changes up.
    private var isRendering = false

    init(context: RenderContext, maximumPasses: Int) {
        self.context = context
        self.maximumPasses = maximumPasses
    }

    /// Whether something was invalidated or queued since the last flush.
    var hasPendingWork: Bool { !context.queue.isEmpty || !context.postActions.isEmpty }

    /// Runs `first` (the first render of the tree) as a pass of its own, if
    /// given; then renders in passes until nothing is dirty.
    func flush(first: (() -> Void)? = nil) {
        guard !isRendering else { return }
        isRendering = true
        defer { isRendering = false }
        var passes = 0
        if let first {
            passes += 1
            first()
        }
        /// The views the last pass allowed rendered: with the views still
        /// dirty after it, the ones that kept invalidating one another.
        var lastAllowedPass: Set<String> = []
        while true {
            runPostActions()
            let marks = context.queue.takeAll()
            if marks.isEmpty {
                if context.postActions.isEmpty { return }
                continue
            }
            passes += 1
            if passes > maximumPasses {
                giveUp(marks, lastAllowedPass: lastAllowedPass)
                return
            }
            var pass = RenderPass(context: context, recordsViewNames: passes == maximumPasses)
            pass.run(marks)
            if let names = pass.renderedViewNames { lastAllowedPass = names }
        }
    }

    private func runPostActions() {
        while !context.postActions.isEmpty {
            for action in context.takePostActions() { withTransaction(action) }
        }
    }

    private func giveUp(_ marks: [DirtyMark], lastAllowedPass: Set<String>) {
        let dirty = Set(marks.compactMap { $0.node.map { self.context.types.name(of: $0.viewType) } })
        let names = dirty.union(lastAllowedPass).sorted()
        for mark in marks { _ = mark.takeCauses() }
        _ = context.takePostActions()
        context.errorLog.report(RenderingError(
            .didNotSettle,
            "Views kept invalidating each other and were still rendering after \(maximumPasses) render passes: "
                + "\(names.joined(separator: ", ")); the host stopped rendering them. A body or an action probably "
                + "changes state that it (or its parent) reads."))
    }
}
