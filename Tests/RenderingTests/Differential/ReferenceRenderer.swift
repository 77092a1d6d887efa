/// Something a body can depend on: a tracked value the reference names.
enum Source: Hashable, CustomStringConvertible {
    case property(object: Int, Prop)
    /// The `count` state of the view with this tag.
    case count(String)
    /// The `flag` state of the view with this tag.
    case flag(String)
    /// The `isEnabled` entry the `.disabled` of the view with this tag sets.
    case enabled(String)
    /// The `specTag` entry of the `.environment` wrapping the view with this tag.
    case environment(String)

    var description: String {
        switch self {
        case .property(let object, let property): "o\(object).\(property)"
        case .count(let tag): "\(tag).count"
        case .flag(let tag): "\(tag).flag"
        case .enabled(let tag): "\(tag).isEnabled"
        case .environment(let tag): "env of \(tag)"
        }
    }
}

/// The inputs of a view that its parent computes (the spec, the world, the
/// tag and the binding are the same for one identity).
struct RefInputs: Equatable {
    var value: Int?
    var object: Int?
    var item: SpecItem?
}

/// One view of a reference render.
struct RefView {
    let tag: String
    /// The identity the host gives it.
    let path: String
    /// The tag of the view whose body made it.
    let parent: String?
    let inputs: RefInputs
    /// Whether it is given a closure: an input that always counts as changed.
    let takesClosure: Bool
    /// What its body read.
    var reads: Set<Source> = []
}

/// What a control does, in the reference.
enum ControlEffect {
    case increment(String)
    case toggleFlag(String)
    case toggleProperty(object: Int)
    case bump(object: Int, Prop)
}

struct RefControl {
    let isToggle: Bool
    let isDisabled: Bool
    let effect: ControlEffect
}

/// A whole tree rendered by the reference.
struct RefTree {
    var views: [String: RefView] = [:]
    /// Tags, parents before children.
    var order: [String] = []
    var lines: [String] = []
    /// The values of the environment entries the views set.
    var boxes: [Source: SpecValue] = [:]
    /// By label.
    var controls: [String: RefControl] = [:]
}

/// The reference renderer: renders a spec tree from scratch, as plain data,
/// given the models and the state of each identity. It records what each
/// body reads, what each view is given, the snapshot lines and the controls.
///
/// Deliberately simple: it re-renders everything; deciding what the host
/// may skip is ``ReferenceHost``'s job.
struct ReferenceRenderer {
    private let models: [ModelValues]
    private let states: [String: SpecState]
    private var tree = RefTree()

    /// A view as its parent made it.
    private struct Instance {
        var spec: ViewSpec
        var qualifiers: String
        var path: String
        var parent: String?
        var inputs = RefInputs()
        /// The tag whose `flag` the passed binding points at.
        var binding: String?
        /// The tag whose `count` the passed closure increments.
        var closure: String?
        /// The nearest `.environment` above: its tag and value.
        var environment: (writer: String?, value: Int) = (nil, SpecTagKey.defaultValue)
        var inheritsEnabled = true

        var tag: String { "n\(spec.number)\(qualifiers)" }
    }

    static func render(_ root: ViewSpec, models: [ModelValues], states: [String: SpecState]) -> RefTree {
        var renderer = ReferenceRenderer(models: models, states: states)
        renderer.render(Instance(spec: root, qualifiers: "", path: SpecLayout.root), indent: "")
        return renderer.tree
    }

    private init(models: [ModelValues], states: [String: SpecState]) {
        self.models = models
        self.states = states
    }

    private func state(_ tag: String) -> SpecState { states[tag] ?? SpecState() }

    private func object(_ reference: ObjectRef, in view: Instance) -> Int? {
        switch reference {
        case .fixed(let index): index
        case .passed: view.inputs.object
        }
    }

    private mutating func read(_ source: Source, by view: Instance) {
        tree.views[view.tag]!.reads.insert(source)
    }

    private mutating func evaluate(_ expr: Expr, in view: Instance) -> SpecValue {
        switch expr {
        case .property(let reference, let property):
            guard let object = object(reference, in: view) else { return .none }
            read(.property(object: object, property), by: view)
            return models[object].value(of: property)
        case .count:
            read(.count(view.tag), by: view)
            return .int(state(view.tag).count)
        case .flag:
            read(.flag(view.tag), by: view)
            return .bool(state(view.tag).flag)
        case .binding:
            guard let owner = view.binding else { return .none }
            read(.flag(owner), by: view)
            return .bool(state(owner).flag)
        case .environment:
            if let writer = view.environment.writer { read(.environment(writer), by: view) }
            return .int(view.environment.value)
        case .value:
            return view.inputs.value.map { .int($0) } ?? .none
        case .item:
            return view.inputs.item.map { .item($0) } ?? .none
        }
    }

    private mutating func render(_ view: Instance, indent: String) {
        let tag = view.tag
        let spec = view.spec
        tree.views[tag] = RefView(
            tag: tag, path: view.path, parent: view.parent, inputs: view.inputs, takesClosure: view.closure != nil)
        tree.order.append(tag)

        var summary = tag
        for read in spec.reads { summary += " \(read)=\(evaluate(read, in: view))" }
        // `.disabled` reads the isEnabled its parent's `.disabled` set (the
        // root has none: the default, untracked).
        if let parent = view.parent { read(.enabled(parent), by: view) }
        let isDisabled = spec.disabled.map { evaluate($0, in: view).truth } ?? false
        let isEnabled = view.inheritsEnabled && !isDisabled
        tree.boxes[.enabled(tag)] = .bool(isEnabled)

        let inner = indent + "  "
        tree.lines.append(indent + "VStack")
        tree.lines.append(inner + "Text(\(String(reflecting: summary)))")
        let suffix = isEnabled ? "" : " [disabled]"
        func control(_ label: String, _ effect: ControlEffect, isOn: Bool? = nil) {
            tree.controls[label] = RefControl(isToggle: isOn != nil, isDisabled: !isEnabled, effect: effect)
            if let isOn {
                tree.lines.append(inner + "Toggle(\(String(reflecting: label)), isOn: \(isOn))" + suffix)
            } else {
                tree.lines.append(inner + "Button(\(String(reflecting: label)))" + suffix)
            }
        }
        if spec.counter { control("inc \(tag)", .increment(tag)) }
        if let (flagOwner, object) = toggleTarget(of: view) {
            // A toggle reads its binding to draw itself.
            if let object {
                read(.property(object: object, .flag), by: view)
                control("flip \(tag)", .toggleProperty(object: object), isOn: models[object].flag)
            } else if let flagOwner {
                read(.flag(flagOwner), by: view)
                control("flip \(tag)", .toggleFlag(flagOwner), isOn: state(flagOwner).flag)
            }
        }
        if let owner = view.closure { control("act \(tag)", .increment(owner)) }
        if let write = spec.write, let object = object(write.object, in: view) {
            control("write \(tag)", .bump(object: object, write.property))
        }

        for (index, child) in spec.children.enumerated() {
            renderChild(child, of: view, isEnabled: isEnabled, at: SpecLayout.child(index, of: view.path), indent: inner)
        }
        if let branch = spec.branch {
            if evaluate(branch.condition, in: view).truth {
                if let then = branch.then {
                    renderChild(then, of: view, isEnabled: isEnabled, at: SpecLayout.then(of: view.path), indent: inner)
                }
            } else if let otherwise = branch.otherwise {
                renderChild(
                    otherwise, of: view, isEnabled: isEnabled, at: SpecLayout.otherwise(of: view.path), indent: inner)
            }
        }
        if let rows = spec.rows, let object = object(rows.object, in: view) {
            read(.property(object: object, .items), by: view)
            for item in models[object].items {
                renderChild(
                    rows.row, of: view, isEnabled: isEnabled, at: SpecLayout.rows(of: view.path), key: "[id: \(item.id)]",
                    item: item, indent: inner)
            }
        }
    }

    /// What the toggle of `view` is bound to: a view's `flag`, or a model's.
    private func toggleTarget(of view: Instance) -> (flagOwner: String?, object: Int?)? {
        switch view.spec.toggle {
        case nil: return nil
        case .own: return (view.tag, nil)
        case .binding: return view.binding.map { ($0, nil) }
        case .object(let reference): return object(reference, in: view).map { (nil, $0) }
        }
    }

    /// Renders a child: its id, environment value and inputs are computed,
    /// and read, by the parent.
    private mutating func renderChild(
        _ child: ChildSpec, of parent: Instance, isEnabled: Bool, at container: String, key: String = "",
        item: SpecItem? = nil, indent: String
    ) {
        let id = child.wrapper.idExpr.map { evaluate($0, in: parent).number }
        var qualifiers = parent.qualifiers
        if let item { qualifiers += ".\(item.id)" }
        if let id { qualifiers += "#\(id)" }
        var view = Instance(
            spec: child.view, qualifiers: qualifiers,
            path: SpecLayout.wrapped(in: container, key: key, wrapper: child.wrapper, id: id), parent: parent.tag)
        view.inputs.item = item
        view.environment = parent.environment
        view.inheritsEnabled = isEnabled
        switch child.pass {
        case .nothing: break
        case .value(let expr): view.inputs.value = evaluate(expr, in: parent).number
        case .object(let expr), .bindable(let expr):
            view.inputs.object = modelIndex(evaluate(expr, in: parent).number)
        case .binding: view.binding = parent.tag
        case .closure: view.closure = parent.tag
        }
        if let expr = child.wrapper.environmentExpr {
            let value = evaluate(expr, in: parent).number
            view.environment = (view.tag, value)
            tree.boxes[.environment(view.tag)] = .int(value)
        }
        render(view, indent: indent)
    }
}
