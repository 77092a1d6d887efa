import Tracking

/// The controls on screen, by kind and label, as their nodes register them:
/// what the host's interactions find.
@MainActor final class ControlRegistry {
    private var byKey: [ControlKey: [ObjectIdentifier: ElementNode]] = [:]

    /// Moves `node` from the key of its `old` control to the key of its
    /// current one.
    func controlDidChange(_ node: ElementNode, from old: Control?) {
        let oldKey = old?.key
        let newKey = node.control?.key
        guard oldKey != newKey else { return }
        let id = ObjectIdentifier(node)
        if let oldKey {
            byKey[oldKey]?[id] = nil
            if byKey[oldKey]?.isEmpty == true { byKey[oldKey] = nil }
        }
        if let newKey { byKey[newKey, default: [:]][id] = node }
    }

    /// The enabled control of `kind` labelled `label`, the `index`-th in
    /// snapshot order when several are.
    func find(_ kind: Control.Kind, _ label: String, at index: Int?, in root: Node, types: ViewTypes) throws -> Control {
        let matches = byKey[ControlKey(kind: kind, label: label)] ?? [:]
        let noun = kind.noun
        guard let first = matches.values.first else {
            let labels = Set(byKey.keys.filter { $0.kind == kind }.map(\.label)).sorted()
            let shown = labels.prefix(10).map { "\"\($0)\"" }.joined(separator: ", ")
            let onScreen = labels.isEmpty ? "there is none on screen" : "on screen: \(shown)\(labels.count > 10 ? ", …" : "")"
            throw RenderingError(.noSuchControl, "No \(noun) labelled \"\(label)\"; \(onScreen)")
        }
        var node = first
        if matches.count > 1 || (index ?? 0) != 0 {
            let ordered = Self.inSnapshotOrder(Set(matches.keys), from: root)
            guard let index else {
                let owners = Set(ordered.compactMap { $0.control.map { types.name(of: $0.ownerType) } }).sorted()
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
                "The \(noun) \"\(label)\" in \(types.name(of: control.ownerType)) is disabled")
        }
        return control
    }

    /// The nodes among `ids`, in snapshot order (a walk of the tree).
    private static func inSnapshotOrder(_ ids: Set<ObjectIdentifier>, from root: Node) -> [ElementNode] {
        var found: [ElementNode] = []
        func visit(_ node: Node) {
            if let element = node as? ElementNode, ids.contains(ObjectIdentifier(element)) { found.append(element) }
            for child in node.children { visit(child) }
        }
        visit(root)
        return found
    }
}

extension ViewHost {
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

    private func findControl(_ kind: Control.Kind, _ label: String, at index: Int?) throws -> Control {
        try context.controls.find(kind, label, at: index, in: root, types: context.types)
    }

    /// Runs an interaction's action as one transaction, then renders.
    private func perform(_ action: () -> Void) {
        withTransaction(action)
        flush()
    }
}
