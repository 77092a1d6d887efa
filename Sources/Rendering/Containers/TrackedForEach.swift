import Tracking

// A `ForEach` over a collection tracked element by element (a `TrackedList`).
//
// The rows are listed in a scope of their own, which reads the structure of
// the collection (its ids) and nothing else, and each row renders in a
// scope of its own, which reads its element. So:
// - the view containing the `ForEach` does not depend on the collection;
// - an edit of one element re-renders that element's row alone (a row whose
//   view is made again from the element, then compared as any child is);
// - an insertion, removal or move lists the rows again from what the
//   collection says changed, and gives views to the new rows only: the rows
//   that stay keep theirs, which cannot have changed, since the closure
//   that makes them is the same;
// - when the containing view renders again, its new closure may make
//   different views: every row is given a new one, as for any `ForEach`.
//
// The two scopes are views the host makes (``TrackedRows``, ``TrackedRow``);
// they are not counted as bodies.

extension ForEach where Data: ElementTrackingCollection, ID == Data.Element.ID {
    /// One view per element of a collection tracked element by element,
    /// identified by the element's `id`: `ForEach(manager.todos) { todo in … }`.
    ///
    /// The view that contains it does not depend on the collection; the
    /// `ForEach` tracks the ids, and each row its element. Editing one
    /// element re-renders its row only; inserting, removing or moving
    /// elements adds and removes rows as the collection reports, without
    /// comparing the rows that stay.
    ///
    /// - Parameters:
    ///   - data: The collection.
    ///   - content: Makes the view of an element.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, elementID: { $0.id }, content: content)
        tracked = TrackedForEachSource(list: data, content: content)
    }
}

/// What a `ForEach` over a tracked collection expands.
@MainActor protocol TrackedForEachExpanding {
    func expand<ForEachType>(_ type: ForEachType.Type, into list: inout ChildList, key: NodeKey)
}

struct TrackedForEachSource<List: ElementTrackingCollection, Content: View>: TrackedForEachExpanding {
    let list: List
    let content: (List.Element) -> Content

    func expand<ForEachType>(_ type: ForEachType.Type, into list: inout ChildList, key: NodeKey) {
        let (node, _) = list.element(type, key: key)
        let state = node.modifierState.map { unsafeDowncast($0, to: TrackedRowsState<List, Content>.self) }
            ?? TrackedRowsState(list: self.list, content: content)
        node.modifierState = state
        // The containing view rendered: its closure may make other views.
        state.content = content
        state.generation += 1
        let view = TrackedRows(state: state, generation: state.generation)
        list.expandChildren(of: node, environment: list.environment) { $0.add(view, key: .index(0)) }
    }
}

/// The state of one tracked `ForEach` in the tree: the collection, the
/// latest closure, and how many times the containing view gave one.
@MainActor final class TrackedRowsState<List: ElementTrackingCollection, Content: View>: ViewInput {
    let list: List
    var content: (List.Element) -> Content
    /// Bumped by each render of the containing view.
    var generation = 0
    /// The generation the rows were last given views of.
    var renderedGeneration = -1

    init(list: List, content: @escaping (List.Element) -> Content) {
        self.list = list
        self.content = content
    }

    nonisolated static func isSameInput(_ old: TrackedRowsState, _ new: TrackedRowsState) -> Bool { old === new }
}

/// A view the host does not count as a body: its own scaffolding.
protocol HostInternalView {}

/// The scope that lists the rows: it reads the ids.
struct TrackedRows<List: ElementTrackingCollection, Content: View>: View, HostInternalView {
    let state: TrackedRowsState<List, Content>
    let generation: Int

    var body: TrackedRowsContent<List, Content> { TrackedRowsContent(state: state) }
}

/// The rows of a tracked `ForEach`, one ``TrackedRow`` per id.
struct TrackedRowsContent<List: ElementTrackingCollection, Content: View>: View, PrimitiveView {
    let state: TrackedRowsState<List, Content>

    var body: Never { builtInViewHasNoBody(Self.self) }

    func expand(into list: inout ChildList, key: NodeKey) {
        let (node, _) = list.element(Self.self, key: key)
        // `if let`, not `Optional.map` and `flatMap`: in generic code, each
        // of those looks up metadata and costs a thousand instructions.
        let rows: ForEachRows<List.Element.ID>
        if let kept = node.modifierState {
            rows = unsafeDowncast(kept, to: ForEachRows<List.Element.ID>.self)
        } else {
            rows = ForEachRows<List.Element.ID>()
            node.modifierState = rows
        }
        let state = self.state
        let generation = state.generation
        let makeRow = { (id: List.Element.ID) in TrackedRow(state: state, id: id, generation: generation) }
        let collection = state.list
        var reported: IdentityChanges<List.Element.ID>?
        if let version = rows.reportedVersion, let changes = collection.identityChanges(since: version) {
            reported = IdentityChanges(removed: changes.removed, placed: changes.placed)
        }
        rows.reportedVersion = collection.identityVersion
        if state.renderedGeneration == generation, let reported {
            // Only the structure changed: the rows that stay keep their views.
            // The dependency on the structure (the count alone would not see
            // an insertion and a removal in one transaction).
            let count = collection.endIndex
            if rows.updateKeepingRows(
                reported, count: count, view: makeRow, node: node, deferred: list.deferred,
                environment: list.environment) {
                return
            }
        }
        state.renderedGeneration = generation
        rows.update(
            collection.ids, walk: RowWalk(), changes: reported, elementID: { $0 }, content: makeRow, node: node,
            deferred: list.deferred, environment: list.environment, reportDuplicate: { _, _, _ in })
    }
}

/// The scope of one row: it reads its element and makes the row's view.
struct TrackedRow<List: ElementTrackingCollection, Content: View>: View, HostInternalView {
    let state: TrackedRowsState<List, Content>
    let id: List.Element.ID
    let generation: Int

    var body: Content? {
        state.list[id: id].map(state.content)
    }
}
