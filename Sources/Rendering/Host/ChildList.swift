/// The children of one node, rebuilt by a render: each view the render
/// produces is matched with the old child of the same key and view type,
/// which keeps its identity (and state); old children left unmatched leave
/// the tree when the list is finished.
///
/// Matching tries the same position first, so that a list whose order did
/// not change costs one comparison per child; the first miss builds a
/// dictionary of the old children by key. While every child is the old one
/// at its position, no new array is built: the old one is returned.
///
/// The rows of a `ForEach` are matched by the `ForEach` itself, which knows
/// their ids (see ``ForEachRows``): a list made with ``init(rowsOf:deferred:environment:)``
/// adds each view to the node it is given and builds nothing.
@MainActor struct ChildList {
    let deferred: DeferredChildren
    unowned(unsafe) let parent: Node
    /// The environment of the views being added.
    var environment: EnvironmentValues
    private let old: [Node]
    private var oldByKey: [NodeKey: Node]?
    /// The new children, once they differ from the old ones; until then,
    /// `kept` counts the old children kept at their positions.
    private var nodes: [Node]?
    private var kept = 0
    private let stamp: UInt64
    /// Set for a list of rows: the node the next view goes to, and the node
    /// it went to.
    private var row: (given: Node?, added: Node?)?

    init(deferred: DeferredChildren, parent: Node, environment: EnvironmentValues) {
        self.deferred = deferred
        self.parent = parent
        self.environment = environment
        self.old = parent.children
        self.stamp = parent.context.nextStamp()
    }

    /// A list whose caller matches the old children and keeps the array of
    /// children itself: each ``addRow(_:key:kind:reusing:)`` says which node
    /// the view goes to.
    init(rowsOf parent: Node, deferred: DeferredChildren, environment: EnvironmentValues) {
        self.deferred = deferred
        self.parent = parent
        self.environment = environment
        self.old = []
        self.stamp = 0
        self.row = (nil, nil)
    }

    private var count: Int { nodes?.count ?? kept }

    private mutating func append(_ node: Node) {
        if row != nil {
            row!.added = node
            return
        }
        if nodes == nil {
            if kept < old.count, old[kept] === node {
                kept += 1
                return
            }
            var copy = Array(old[0..<kept])
            copy.reserveCapacity(max(old.count, kept + 1))
            nodes = copy
        }
        nodes!.append(node)
    }

    var context: RenderContext { parent.context }

    /// The custom view whose render this is.
    var owner: ViewNode { deferred.owner }

    /// In a list of rows, adds `view`, of kind `kind`, to `node` (a row the
    /// caller matched), or to a new node under `key` if `node` is nil or of
    /// another type.
    ///
    /// - Returns: The node the view went to.
    mutating func addRow<V: View>(_ view: consuming V, key: NodeKey, kind: ViewKind, reusing node: Node?) -> Node {
        row = (node, nil)
        add(view, key: key, kind: kind)
        return row!.added!
    }

    /// Adds `view` as the next child, under `key`.
    mutating func add<V: View>(_ view: V, key: NodeKey) {
        add(view, key: key, kind: context.types.kind(of: V.self))
    }

    private mutating func add<V: View>(_ view: consuming V, key: NodeKey, kind: ViewKind) {
        switch kind {
        case .primitive(let type):
            expand(view, as: type, key: key)
        case .custom:
            addCustom(view, key: key)
        case .bodiless:
            let name = context.types.name(of: V.self)
            let error = RenderingError(
                .unsupportedView, "\(name) is not a view the host can draw: it is not built in and its body is Never")
            context.errorLog.report(error)
            errorElement(error, key: key)
        }
    }

    /// Expands a built-in view, whose type `V` is `P` (checked once per type
    /// by the host's type cache), without boxing it in an existential.
    private mutating func expand<V, P: PrimitiveView>(_ view: V, as _: P.Type, key: NodeKey) {
        unsafeBitCast(view, to: P.self).expand(into: &self, key: key)
    }

    private mutating func addCustom<V: View>(_ view: consuming V, key: NodeKey) {
        if let node = take(key, ObjectIdentifier(V.self)) {
            // A call on the node, which knows its view type: reaching its
            // fields from here would look the generic class up by `V`.
            let typed = unsafeDowncast(node, to: ViewNode.self)
            var view = view
            typed.receive(&view, environment: environment.withoutReader)
            append(typed)
            deferred.append(typed)
        } else {
            let typed = TypedViewNode(
                view: view, context: context, parent: parent, key: key, environment: environment.withoutReader)
            append(typed)
            deferred.append(typed)
        }
    }

    /// The element node for a built-in view of type `V` under `key`: the old
    /// one if there is one, else a new one.
    mutating func element<V>(_ type: V.Type, key: NodeKey) -> (node: ElementNode, isNew: Bool) {
        if let node = take(key, ObjectIdentifier(type)) {
            append(node)
            return (unsafeDowncast(node, to: ElementNode.self), false)
        }
        let node = ElementNode(context: context, parent: parent, key: key, viewType: type)
        append(node)
        return (node, true)
    }

    /// Rebuilds the children of `node` with `build`.
    func expandChildren(of node: Node, environment: EnvironmentValues, _ build: (inout ChildList) -> Void) {
        var list = ChildList(deferred: deferred, parent: node, environment: environment)
        build(&list)
        node.children = list.finish()
    }

    /// Adds a node that only passes its children through.
    mutating func structural<V>(_ type: V.Type, key: NodeKey, _ build: (inout ChildList) -> Void) {
        let (node, _) = element(type, key: key)
        expandChildren(of: node, environment: environment, build)
    }

    /// Adds a node that draws `line` above its children.
    mutating func container<V>(_ type: V.Type, name: String, key: NodeKey, _ build: (inout ChildList) -> Void) {
        let (node, _) = element(type, key: key)
        node.drawing = .container(name)
        expandChildren(of: node, environment: environment, build)
    }

    /// Adds a control whose label is a view: the label is expanded as the
    /// node's children, read as text (see ``ElementNode/labelText``), and
    /// not drawn on lines of its own.
    ///
    /// - Parameter drawing: What to draw, given the label text and whether
    ///   the control is disabled.
    mutating func labelledControl<V, Label: View>(
        _ type: V.Type, key: NodeKey, label: Label, kind: Control.Kind, action: Control.Action,
        drawing: (String, Bool) -> Drawing
    ) {
        let (node, _) = element(type, key: key)
        expandChildren(of: node, environment: environment) { $0.add(label, key: .index(0)) }
        let text = node.labelText
        let isDisabled = !environment.isEnabled
        node.drawing = drawing(text, isDisabled)
        node.showsChildren = false
        node.control = Control(kind: kind, label: text, isDisabled: isDisabled, action: action, ownerType: owner.viewType)
    }

    /// Adds an `Error("…")` line for `error`.
    mutating func errorElement(_ error: RenderingError, key: NodeKey) {
        let (node, _) = element(ErrorLine.self, key: key)
        node.drawing = .error(error.message)
    }

    /// Takes the unmatched old children out of the tree and returns the new
    /// children, in order.
    func finish() -> [Node] {
        guard let nodes else {
            if kept == old.count { return old }
            for node in old[kept...] { node.unmount() }
            return Array(old[0..<kept])
        }
        for node in old where node.stamp != stamp {
            node.unmount()
        }
        return nodes
    }

    private mutating func take(_ key: NodeKey, _ typeID: ObjectIdentifier) -> Node? {
        if let given = row?.given {
            row!.given = nil
            return given.typeID == typeID ? given : nil
        }
        if row != nil { return nil }
        let position = count
        var candidate: Node?
        if position < old.count, old[position].key == key {
            candidate = old[position]
        } else if old.count <= 8 {
            candidate = old.first { $0.key == key }
        } else {
            if oldByKey == nil {
                oldByKey = Dictionary(old.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            }
            candidate = oldByKey?[key]
        }
        guard let candidate, candidate.typeID == typeID, candidate.stamp != stamp else { return nil }
        candidate.stamp = stamp
        return candidate
    }
}
