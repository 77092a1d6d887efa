/// Runs a tree of views without a screen: renders it to a text
/// ``snapshot``, performs interactions on it by label, and re-renders exactly
/// the views whose dependencies changed.
///
/// ```swift
/// let host = ViewHost(TrackedTodo.TodoListView(manager: manager))
/// try host.enter("Buy milk", into: "What needs doing?")
/// try host.tap("Add")
/// print(host.snapshot)
/// // VStack
/// //   HStack
/// //     TextField("What needs doing?", text: "")
/// //     Button("Add") [disabled]
/// //   …
/// try host.toggle("Buy milk")
/// host.bodyCount(of: TrackedTodo.TodoRowView.self)   // 1 (since the last reset)
/// host.renderLog.map(\.description)
/// // ["TodoCountsView: \TodoManager.completedCount", "TodoRowView: \TodoItem.isDone"]
/// ```
///
/// ## When it renders
///
/// - **At creation**: the whole tree, then `onAppear` actions.
/// - **After an interaction** (``tap(_:at:)``, ``toggle(_:at:)``,
///   ``enter(_:into:at:)``, ``submit(_:at:)``): automatically, before the
///   call returns.
/// - **After any other change** (a model mutated by a test, a benchmark or a
///   background task, on any thread): on the main actor, by a render the
///   change schedules there, or sooner when you call ``flush()``. Until then
///   the change is only recorded: the dirty views are queued, and
///   ``snapshot`` still shows the last render. ``hasPendingChanges`` tells
///   whether a flush would render. A program whose main actor never runs its
///   queue (a synchronous command-line program, a benchmark loop) calls
///   ``flush()``.
///
/// Each flush renders the dirty views in one batch, parents before children,
/// each at most once; a child whose inputs did not change and that is not
/// dirty itself is skipped. The rules are in <doc:InvalidationRules>.
///
/// ## Counting
///
/// Every body evaluation is counted, per view type (``bodyCount(of:)``,
/// ``bodyCounts``) and per identity (``bodyCountsByIdentity``), and every
/// re-render is logged with its cause (``renderLog``). ``resetCounts()``
/// starts over, in constant time, so that a benchmark can count one update.
///
/// ## Errors
///
/// A view that cannot render (a missing environment object, say) shows an
/// `Error("…")` line in the snapshot and its error is added to ``errors``; the
/// rest of the tree renders normally. Interactions that cannot be performed
/// throw a ``RenderingError``. Views that keep invalidating each other are
/// stopped after ``Options/maximumPasses`` passes, with an error. Nothing
/// traps, except reading a property wrapper's value outside a host where
/// SwiftUI would trap too (see ``EnvironmentObject``).
///
/// Isolation: main actor, like the views it runs. Bodies, actions and
/// `onAppear`/`onChange`/`onDisappear` run on the main actor. Models may be
/// changed on any thread: the invalidations they cause are queued under a
/// lock and schedule one render on the main actor, so a body never runs on
/// the thread that made the change. Changes that arrive before that render
/// runs are rendered together, each dirty view once.
@MainActor
public final class ViewHost {
    /// How this host renders.
    public let options: Options

    /// The parts the nodes share.
    let context: RenderContext
    private let loop: RenderLoop
    let root: ViewNode

    /// Creates a host and renders `root` and everything below it; then runs
    /// the `onAppear` actions (and renders what they change).
    ///
    /// - Parameters:
    ///   - root: The view at the root of the tree.
    ///   - options: How to render.
    public init<Root: View>(_ root: Root, options: Options = Options()) {
        self.options = options
        context = RenderContext(options: options)
        loop = RenderLoop(context: context, maximumPasses: options.maximumPasses)
        let node = TypedViewNode(view: root, context: context, parent: nil, key: .index(0), environment: EnvironmentValues())
        self.root = node
        context.queue.connect(ScheduledRender(host: self))
        loop.flush { node.render(extraCauses: []) }
    }

    isolated deinit {
        // Nobody can ask for the counts now: the nodes need not name themselves.
        context.counts.reset()
        root.unmount()
    }

    /// Renders the views invalidated since the last render, in one batch,
    /// parents before children; then runs the `onAppear`, `onChange` and
    /// `onDisappear` actions that rendering queued, and renders again what
    /// they changed, until nothing is dirty.
    ///
    /// Interactions flush on their own, and a change made elsewhere
    /// schedules a render on the main actor by itself; call it to render a
    /// change now, synchronously (a test, a benchmark, a program whose main
    /// actor never runs its queue). Calling it with nothing to do costs a
    /// lock; calling it from inside a view's body or action does nothing (the
    /// render in progress picks the changes up).
    public func flush() {
        loop.flush()
    }

    /// The render a change scheduled on the main actor (see
    /// ``ScheduledRender``): a flush, unless one already rendered the change.
    func renderScheduled() {
        context.queue.scheduledRenderDidStart()
        loop.flush()
    }

    /// Whether something was invalidated since the last render, so that
    /// ``flush()`` would render.
    public var hasPendingChanges: Bool { loop.hasPendingWork }
}
