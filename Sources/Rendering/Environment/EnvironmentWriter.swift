import Tracking

/// The node of a modifier that sets environment entries for its content:
/// `.environment(\.key, value)`, `.environment(object)`,
/// `.environmentObject(object)`, `.disabled(_:)`, `.onSubmit(_:)`.
///
/// Each entry lives in a box owned by the modifier's node, so that it keeps
/// its identity across renders; a render that sets a different value writes
/// the box, which re-renders exactly the views that read it.
struct EnvironmentWriter<Content: View>: View, PrimitiveView {
    let content: Content
    /// The entries to set, given the inherited environment.
    let entries: (EnvironmentValues) -> [(id: EnvironmentEntryID, value: Any)]

    var body: Never { builtInViewHasNoBody(Self.self) }

    func expand(into list: inout ChildList, key: NodeKey) {
        let (node, _) = list.element(Self.self, key: key)
        let state = node.modifierState as? EnvironmentWriterState ?? EnvironmentWriterState()
        node.modifierState = state
        let environment = state.update(
            entries(list.environment), inheriting: list.environment, owner: ObjectIdentifier(list.owner))
        list.expandChildren(of: node, environment: environment) { $0.add(content, key: .index(0)) }
    }
}

/// The boxes of one environment-writing modifier, and the environment it
/// passed down last time.
final class EnvironmentWriterState {
    private var boxes: [EnvironmentEntryID: EnvironmentBox] = [:]
    private var order: [EnvironmentEntryID] = []
    private var inherited: EnvironmentEntry?
    private var chain: EnvironmentEntry?

    /// Writes the entries that changed and returns the environment for the
    /// content: the same links as last time when the inherited environment
    /// and the set of entries are the same.
    func update(
        _ entries: [(id: EnvironmentEntryID, value: Any)], inheriting parent: EnvironmentValues, owner: ObjectIdentifier
    ) -> EnvironmentValues {
        var relink = parent.chain !== inherited || entries.map(\.id) != order
        for (id, value) in entries {
            if let box = boxes[id] {
                // The same rule as for a view's inputs: `==`, identity for
                // objects, member by member for optionals and structs.
                if !inputsAreEqual(untracked({ box.value }), value) { box.value = value }
            } else {
                boxes[id] = EnvironmentBox(value: value, owner: owner)
                relink = true
            }
        }
        if relink {
            var link = parent.chain
            for (id, _) in entries.reversed() {
                link = EnvironmentEntry(id: id, box: boxes[id]!, next: link)
            }
            order = entries.map(\.id)
            inherited = parent.chain
            chain = link
        }
        var environment = parent
        environment.chain = chain
        return environment
    }
}
