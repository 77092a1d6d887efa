import Tracking

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
///   background task): when you call ``flush()``. Until then the change is
///   only recorded: the dirty views are queued, and ``snapshot`` still shows
///   the last render. ``hasPendingChanges`` tells whether a flush would
///   render.
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
/// Thread-safety: a host is single-threaded by design. Create it, interact
/// with it, flush it and read its results on one thread (or one actor) at a
/// time; the views' bodies and actions run on that thread. Models may be
/// changed on any thread: the invalidations they cause are queued under a
/// lock and rendered at the next ``flush()`` on the host's thread.
public final class ViewHost {
    /// How a host renders.
    public struct Options: Sendable {
        /// Whether bodies are also evaluated inside Apple's
        /// `withObservationTracking`, so that views reading `@Observable`
        /// models re-render when those change. It costs one
        /// `withObservationTracking` call per body evaluation, too little to
        /// measure on the Todo benchmark when no view reads an `@Observable`
        /// model; turning it off makes such models invisible to the host.
        /// Default: `true`.
        public var tracksObservation: Bool

        /// How many render passes one flush may take (a pass renders the
        /// dirty views; `onAppear`, `onChange` and `onDisappear` actions run
        /// between passes and may dirty more) before the host stops and
        /// reports views that keep invalidating each other. Default: 100.
        public var maximumPasses: Int

        /// Whether re-renders are logged in ``ViewHost/renderLog``. Body
        /// counts are kept either way. Default: `true`.
        public var recordsRenderLog: Bool

        /// Creates options.
        ///
        /// - Parameters:
        ///   - tracksObservation: Whether `@Observable` models are tracked.
        ///   - maximumPasses: The most render passes per flush (at least 1).
        ///   - recordsRenderLog: Whether re-renders are logged.
        public init(tracksObservation: Bool = true, maximumPasses: Int = 100, recordsRenderLog: Bool = true) {
            self.tracksObservation = tracksObservation
            self.maximumPasses = max(1, maximumPasses)
            self.recordsRenderLog = recordsRenderLog
        }
    }

    /// How this host renders.
    public let options: Options

    let queue = InvalidationQueue()
    let errorLog = ErrorLog()
    let names = TypeNames()
    private var layouts: [ObjectIdentifier: ViewLayout] = [:]
    private var kinds: [ObjectIdentifier: ViewKind] = [:]
    private var root: ViewNode?
    private var stampCounter: UInt64 = 0
    private var controls: [ControlKey: [ObjectIdentifier: ElementNode]] = [:]
    private var postActions: [() -> Void] = []
    private var isRendering = false
    /// The types of the views rendered in the last pass allowed before
    /// giving up; nil in the other passes, which record nothing. With the
    /// views still dirty, they are the views that kept invalidating one
    /// another.
    private var lastPassViewNames: Set<String>?
    private var countsByType: [ObjectIdentifier: (name: String, count: Int)] = [:]
    /// Incremented by ``resetCounts()``: a node's count is current only if
    /// its generation is this one.
    private(set) var countGeneration: UInt64 = 1
    /// The counters of this generation, for ``bodyCountsByIdentity``. They
    /// do not keep their nodes (or the nodes' state) alive.
    private var counters: [BodyCounter] = []
    private var log: [RenderRecord] = []

    /// Creates a host and renders `root` and everything below it; then runs
    /// the `onAppear` actions (and renders what they change).
    ///
    /// - Parameters:
    ///   - root: The view at the root of the tree.
    ///   - options: How to render.
    public init<Root: View>(_ root: Root, options: Options = Options()) {
        self.options = options
        let node = TypedViewNode(view: root, host: self, parent: nil, key: .index(0), environment: EnvironmentValues())
        self.root = node
        settle { node.render(extraCauses: []) }
    }

    deinit {
        root?.unmount()
    }

    // MARK: Rendering

    /// Renders the views invalidated since the last render, in one batch,
    /// parents before children; then runs the `onAppear`, `onChange` and
    /// `onDisappear` actions that rendering queued, and renders again what
    /// they changed, until nothing is dirty.
    ///
    /// Interactions flush on their own. Call it after changing models from
    /// outside the views. Calling it with nothing to do costs a lock; calling
    /// it from inside a view's body or action does nothing (the render in
    /// progress picks the changes up).
    public func flush() {
        settle(nil)
    }

    /// Whether something was invalidated since the last render, so that
    /// ``flush()`` would render.
    public var hasPendingChanges: Bool { !queue.isEmpty || !postActions.isEmpty }

    private func settle(_ first: (() -> Void)?) {
        guard !isRendering else { return }
        isRendering = true
        defer { isRendering = false }
        var passes = 0
        if let first {
            passes += 1
            first()
        }
        while true {
            runPostActions()
            let marks = queue.takeAll()
            if marks.isEmpty {
                if postActions.isEmpty { return }
                continue
            }
            passes += 1
            if passes > options.maximumPasses {
                giveUp(marks)
                return
            }
            lastPassViewNames = passes == options.maximumPasses ? [] : nil
            renderPass(marks)
        }
    }

    /// Renders the dirty views of `marks`, shallowest first (in the order
    /// they were marked among equals). A view already rendered in this pass
    /// by its parent is no longer dirty and is skipped.
    ///
    /// A render may dirty more views (say, by setting an environment value
    /// that a view below a skipped child reads). Those deeper than the view
    /// just rendered join this pass, in depth order, so that they render
    /// before the views below them; the others wait for the next pass, so
    /// that no view renders after one of its descendants in the same pass.
    private func renderPass(_ marks: [DirtyMark]) {
        var pending = marks.enumerated().map { PassEntry(mark: $0.element, order: $0.offset) }
        pending.sort(by: >)
        var nextOrder = marks.count
        while let entry = pending.popLast() {
            guard let node = entry.mark.node, node.isMounted, entry.mark.isMarkedDirty else { continue }
            node.render(extraCauses: [])
            lastPassViewNames?.insert(names.name(of: node.viewType))
            if queue.isEmpty { continue }
            var later: [DirtyMark] = []
            for mark in queue.takeAll() {
                if let depth = mark.node?.depth, depth > node.depth {
                    let added = PassEntry(mark: mark, order: nextOrder)
                    nextOrder += 1
                    // `pending` is sorted deepest first; keep it so.
                    let index = pending.firstIndex { $0 < added } ?? pending.endIndex
                    pending.insert(added, at: index)
                } else {
                    later.append(mark)
                }
            }
            queue.requeue(later)
        }
    }

    private func runPostActions() {
        while !postActions.isEmpty {
            let actions = postActions
            postActions = []
            for action in actions { withTransaction(action) }
        }
    }

    private func giveUp(_ marks: [DirtyMark]) {
        let dirty = Set(marks.compactMap { $0.node.map { self.names.name(of: $0.viewType) } })
        let names = dirty.union(lastPassViewNames ?? []).sorted()
        lastPassViewNames = nil
        for mark in marks { _ = mark.takeCauses() }
        postActions = []
        errorLog.report(RenderingError(
            .didNotSettle,
            "Views kept invalidating each other and were still rendering after \(options.maximumPasses) render passes: "
                + "\(names.joined(separator: ", ")); the host stopped rendering them. A body or an action probably "
                + "changes state that it (or its parent) reads."))
    }

    func enqueuePostAction(_ action: @escaping () -> Void) {
        postActions.append(action)
    }

    func nextStamp() -> UInt64 {
        stampCounter &+= 1
        return stampCounter
    }

    func kind<V: View>(of type: V.Type) -> ViewKind {
        let key = ObjectIdentifier(type)
        if let kind = kinds[key] { return kind }
        let kind: ViewKind
        if let primitive = type as? any PrimitiveView.Type {
            kind = .primitive(primitive)
        } else {
            kind = V.Body.self == Never.self ? .bodiless : .custom
        }
        kinds[key] = kind
        return kind
    }

    func layout<V>(of type: V.Type) -> ViewLayout {
        let key = ObjectIdentifier(type)
        if let layout = layouts[key] { return layout }
        let layout = ViewLayout.of(type)
        layouts[key] = layout
        return layout
    }

    // MARK: Snapshot

    /// The tree as last rendered, as indented text: one line per built-in
    /// view that shows something, two spaces of indentation per level.
    ///
    /// ```
    /// VStack
    ///   Text("Total: 2")
    ///   List
    ///     HStack
    ///       Toggle("Buy milk", isOn: false)
    ///       Button("Delete")
    /// ```
    ///
    /// Custom views, `Group`, `ForEach`, `EmptyView`, `Spacer` and modifiers
    /// draw nothing themselves: their children appear at their level. A
    /// disabled control ends with ` [disabled]`; a view that could not render
    /// shows `Error("…")`. Lines are separated by `\n`, with no trailing
    /// newline. It does not flush: changes made outside interactions appear
    /// after ``flush()``.
    ///
    /// - Complexity: O(n) in the number of views.
    public var snapshot: String {
        var lines: [String] = []
        if let root { appendLines(of: root, indent: "", to: &lines) }
        return lines.joined(separator: "\n")
    }

    private func appendLines(of node: Node, indent: String, to lines: inout [String]) {
        if let line = node.snapshotLine {
            lines.append(indent + line)
            guard node.snapshotShowsChildren else { return }
            let childIndent = indent + "  "
            for child in node.children { appendLines(of: child, indent: childIndent, to: &lines) }
        } else {
            for child in node.children { appendLines(of: child, indent: indent, to: &lines) }
        }
    }

    // MARK: Errors

    /// The problems found while rendering, oldest first, each once (until
    /// ``clearErrors()``).
    public var errors: [RenderingError] { errorLog.all }

    /// Forgets the errors reported so far.
    public func clearErrors() {
        errorLog.removeAll()
    }

    // MARK: Counts

    func recordRender(of node: ViewNode, causes: [RenderCause]?) {
        let typeKey = node.typeID
        if let entry = countsByType[typeKey] {
            countsByType[typeKey] = (entry.name, entry.count + 1)
        } else {
            countsByType[typeKey] = (names.name(of: node.viewType), 1)
        }
        let counter: BodyCounter
        if node.countGeneration == countGeneration, let current = node.counter {
            counter = current
        } else {
            counter = BodyCounter(identity: node.identity)
            node.counter = counter
            node.countGeneration = countGeneration
            counters.append(counter)
        }
        counter.count += 1
        if let causes, options.recordsRenderLog {
            log.append(RenderRecord(viewType: names.name(of: node.viewType), identity: node.identity, causeValues: causes))
        }
    }

    /// How many times the bodies of views of type `type` were evaluated
    /// since the host was created or ``resetCounts()`` was last called,
    /// first renders included.
    ///
    /// - Parameter type: A custom view type (built-in views have no body).
    /// - Returns: The count; 0 for a type that never rendered.
    public func bodyCount<V: View>(of type: V.Type) -> Int {
        countsByType[ObjectIdentifier(type)]?.count ?? 0
    }

    /// The total number of body evaluations since the last reset.
    public var totalBodyCount: Int {
        countsByType.values.reduce(0) { $0 + $1.count }
    }

    /// Body evaluations since the last reset, by view type name (generic
    /// arguments dropped, so `Wrapper<A>` and `Wrapper<B>` add up). Types
    /// that did not render are absent.
    public var bodyCounts: [String: Int] {
        countsByType.values.reduce(into: [:]) { $0[$1.name, default: 0] += $1.count }
    }

    /// Body evaluations since the last reset, by view identity: the path
    /// from the root, one component per view (custom or built in), each the
    /// view's type name followed by `[i]` for a structural position other
    /// than the first, or `[id: x]` for a `ForEach` element or an `.id(x)`.
    ///
    /// ```
    /// ["TodoListView/VStack/TupleView/List[2]/ForEach/TodoRowView[id: 7]": 1]
    /// ```
    public var bodyCountsByIdentity: [String: Int] {
        counters.reduce(into: [:]) { $0[$1.identity, default: 0] += $1.count }
    }

    /// The re-renders since the last reset, in order, with their causes.
    /// First renders are counted but not logged.
    public var renderLog: [RenderRecord] { log }

    /// Sets every count to zero and empties ``renderLog``. Constant time, so
    /// a benchmark can call it before each update.
    public func resetCounts() {
        countsByType.removeAll(keepingCapacity: true)
        countGeneration &+= 1
        counters.removeAll(keepingCapacity: true)
        log.removeAll(keepingCapacity: true)
    }

    // MARK: Interactions

    func controlDidChange(_ node: ElementNode, from old: Control?) {
        let oldKey = old?.key
        let newKey = node.control?.key
        guard oldKey != newKey else { return }
        let id = ObjectIdentifier(node)
        if let oldKey {
            controls[oldKey]?[id] = nil
            if controls[oldKey]?.isEmpty == true { controls[oldKey] = nil }
        }
        if let newKey { controls[newKey, default: [:]][id] = node }
    }

    /// Taps the button labelled `label`, then renders what its action
    /// changed.
    ///
    /// A button's label is its title (`Button("Add")`), or the texts and
    /// image names of its label view joined by spaces
    /// (`Button { Image(systemName: "trash") }` is `"trash"`).
    ///
    /// - Parameters:
    ///   - label: The exact label.
    ///   - index: Which one, counting from 0 in snapshot order, when several
    ///     buttons have the label; may be omitted when only one has it.
    /// - Throws: ``RenderingError`` when no enabled button has the label, or
    ///   several do and `index` is missing or out of range. Nothing runs then.
    public func tap(_ label: String, at index: Int? = nil) throws {
        let control = try findControl(.button, label, at: index)
        guard case .tap(let action) = control.action else { return }
        perform(action)
    }

    /// Flips the toggle labelled `label`, then renders what changed.
    ///
    /// - Parameters:
    ///   - label: The toggle's exact label.
    ///   - index: Which one, in snapshot order, when several have the label.
    /// - Throws: ``RenderingError`` as ``tap(_:at:)`` does.
    public func toggle(_ label: String, at index: Int? = nil) throws {
        let control = try findControl(.toggle, label, at: index)
        guard case .toggle(let isOn) = control.action else { return }
        perform { isOn.wrappedValue.toggle() }
    }

    /// Replaces the text of the text field whose placeholder is
    /// `placeholder` with `text`, as if typed, then renders what changed.
    ///
    /// - Parameters:
    ///   - text: The new content of the field.
    ///   - placeholder: The field's exact placeholder (its title).
    ///   - index: Which one, in snapshot order, when several share it.
    /// - Throws: ``RenderingError`` as ``tap(_:at:)`` does.
    public func enter(_ text: String, into placeholder: String, at index: Int? = nil) throws {
        let control = try findControl(.textField, placeholder, at: index)
        guard case .text(let binding, _) = control.action else { return }
        perform { binding.wrappedValue = text }
    }

    /// Submits the text field whose placeholder is `placeholder` (the return
    /// key): runs the nearest `onSubmit` action above it, if any, then
    /// renders what changed.
    ///
    /// - Parameters:
    ///   - placeholder: The field's exact placeholder.
    ///   - index: Which one, in snapshot order, when several share it.
    /// - Throws: ``RenderingError`` as ``tap(_:at:)`` does.
    public func submit(_ placeholder: String, at index: Int? = nil) throws {
        let control = try findControl(.textField, placeholder, at: index)
        guard case .text(_, let submit) = control.action, let submit else { return }
        perform(submit.action)
    }

    /// Runs an interaction's action as one transaction, then renders.
    private func perform(_ action: () -> Void) {
        withTransaction(action)
        flush()
    }

    private func findControl(_ kind: Control.Kind, _ label: String, at index: Int?) throws -> Control {
        let matches = controls[ControlKey(kind: kind, label: label)] ?? [:]
        let noun = kind.noun
        guard let first = matches.values.first else {
            let labels = Set(controls.keys.filter { $0.kind == kind }.map(\.label)).sorted()
            let shown = labels.prefix(10).map { "\"\($0)\"" }.joined(separator: ", ")
            let onScreen = labels.isEmpty ? "there is none on screen" : "on screen: \(shown)\(labels.count > 10 ? ", …" : "")"
            throw RenderingError(.noSuchControl, "No \(noun) labelled \"\(label)\"; \(onScreen)")
        }
        var node = first
        if matches.count > 1 || (index ?? 0) != 0 {
            let ordered = inSnapshotOrder(Set(matches.keys))
            guard let index else {
                let owners = Set(ordered.compactMap { $0.control.map { names.name(of: $0.ownerType) } }).sorted()
                throw RenderingError(
                    .ambiguousControl,
                    "\(ordered.count) \(noun)s are labelled \"\(label)\" (in \(owners.joined(separator: ", "))); "
                        + "pass at: to choose one, 0 being the first in the snapshot")
            }
            guard ordered.indices.contains(index) else {
                throw RenderingError(
                    .ambiguousControl,
                    "No \(noun) labelled \"\(label)\" at index \(index); there are \(ordered.count), indexed from 0")
            }
            node = ordered[index]
        }
        let control = node.control!
        if control.isDisabled {
            throw RenderingError(
                .disabledControl,
                "The \(noun) \"\(label)\" in \(names.name(of: control.ownerType)) is disabled")
        }
        return control
    }

    /// The nodes among `ids`, in snapshot order (a walk of the tree).
    private func inSnapshotOrder(_ ids: Set<ObjectIdentifier>) -> [ElementNode] {
        var found: [ElementNode] = []
        func visit(_ node: Node) {
            if let element = node as? ElementNode, ids.contains(ObjectIdentifier(element)) { found.append(element) }
            for child in node.children { visit(child) }
        }
        if let root { visit(root) }
        return found
    }
}
