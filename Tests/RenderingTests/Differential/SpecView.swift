import Rendering
import Tracking

/// The state of one view identity: what "inc" and "flip" change.
struct SpecState: Equatable {
    var count = 0
    var flag = false
}

/// What the views of one host share: the models, the state each identity
/// starts with, and the log of body evaluations.
final class SpecWorld {
    let models: [SpecModel]
    /// The initial `@State` of each identity, by tag: empty for the host under
    /// test; the current state for a host that renders it all from scratch.
    let seeds: [String: SpecState]
    /// The tags of the views whose bodies ran, in order.
    var rendered: [String] = []

    init(models: [SpecModel], seeds: [String: SpecState] = [:]) {
        self.models = models
        self.seeds = seeds
    }
}

/// The environment value `.environment` wrappers set and `env` reads.
struct SpecTagKey: EnvironmentKey {
    static let defaultValue = -1
}

extension EnvironmentValues {
    var specTag: Int {
        get { self[SpecTagKey.self] }
        set { self[SpecTagKey.self] = newValue }
    }
}

/// Which model a number chooses.
func modelIndex(_ number: Int) -> Int {
    ((number % Program.modelCount) + Program.modelCount) % Program.modelCount
}

/// The interpreter of the spec language: one view type whose body does what
/// its ``ViewSpec`` says, so that random trees run on the real host.
///
/// Its body always has the same shape (see ``SpecLayout``); the spec only
/// decides which optional parts are present and what they read.
struct SpecView: View {
    let spec: ViewSpec
    let world: SpecWorld
    /// The `ForEach` ids and explicit ids on the path, for the tag.
    let qualifiers: String
    var value: Int?
    var object: SpecModel?
    var bindable: Bindable<SpecModel>?
    var item: SpecItem?
    var binding: Binding<Bool>?
    var action: (() -> Void)?
    @State private var count: Int
    @State private var flag: Bool
    @Environment(\.specTag) private var environmentTag

    init(spec: ViewSpec, world: SpecWorld, qualifiers: String = "") {
        self.spec = spec
        self.world = world
        self.qualifiers = qualifiers
        let seed = world.seeds["n\(spec.number)\(qualifiers)"] ?? SpecState()
        _count = State(initialValue: seed.count)
        _flag = State(initialValue: seed.flag)
    }

    /// Unique among the views on screen; it names the view's controls.
    var tag: String { "n\(spec.number)\(qualifiers)" }

    var body: some View {
        world.rendered.append(tag)
        var summary = tag
        for read in spec.reads { summary += " \(read)=\(evaluate(read))" }
        let isDisabled = spec.disabled.map { evaluate($0).truth } ?? false
        return VStack {
            Text(summary)
            if spec.counter {
                Button("inc \(tag)") { count += 1 }
            }
            if let toggle = toggleBinding {
                Toggle("flip \(tag)", isOn: toggle)
            }
            if let action {
                Button("act \(tag)", action: action)
            }
            if let write = spec.write, let target = model(write.object) {
                Button("write \(tag)") {
                    var fields = target
                    fields.bump(write.property)
                }
            }
            if spec.children.count > 0 {
                child(spec.children[0])
            }
            if spec.children.count > 1 {
                child(spec.children[1])
            }
            if let branch = spec.branch {
                if evaluate(branch.condition).truth {
                    if let then = branch.then { child(then) }
                } else {
                    if let otherwise = branch.otherwise { child(otherwise) }
                }
            }
            if let rows = spec.rows {
                ForEach(model(rows.object)?.items ?? [], id: \.id) { item in
                    child(rows.row, item: item)
                }
            }
        }
        .disabled(isDisabled)
    }

    private func model(_ reference: ObjectRef) -> SpecModel? {
        switch reference {
        case .fixed(let index): world.models[index]
        case .passed: object ?? bindable?.wrappedValue
        }
    }

    private func evaluate(_ expr: Expr) -> SpecValue {
        switch expr {
        case .property(let reference, let property): model(reference)?.value(of: property) ?? .none
        case .count: .int(count)
        case .flag: .bool(flag)
        case .binding: binding.map { .bool($0.wrappedValue) } ?? .none
        case .environment: .int(environmentTag)
        case .value: value.map { .int($0) } ?? .none
        case .item: item.map { .item($0) } ?? .none
        }
    }

    private var toggleBinding: Binding<Bool>? {
        switch spec.toggle {
        case nil: nil
        case .own: $flag
        case .binding: binding
        case .object(.passed) where bindable != nil: bindable?.flag
        case .object(let reference): model(reference).map { Bindable($0).flag }
        }
    }

    @ViewBuilder
    private func child(_ child: ChildSpec, item: SpecItem? = nil) -> some View {
        let id = child.wrapper.idExpr.map { evaluate($0).number }
        let view = makeChild(child, item: item, id: id)
        if let id {
            view.id(id)
        } else {
            withEnvironment(view, child.wrapper.environmentExpr)
        }
    }

    @ViewBuilder
    private func withEnvironment(_ view: SpecView, _ expr: Expr?) -> some View {
        if let expr {
            view.environment(\.specTag, evaluate(expr).number)
        } else {
            view
        }
    }

    private func makeChild(_ child: ChildSpec, item: SpecItem?, id: Int?) -> SpecView {
        var qualifiers = self.qualifiers
        if let item { qualifiers += ".\(item.id)" }
        if let id { qualifiers += "#\(id)" }
        var view = SpecView(spec: child.view, world: world, qualifiers: qualifiers)
        view.item = item
        switch child.pass {
        case .nothing: break
        case .value(let expr): view.value = evaluate(expr).number
        case .object(let expr): view.object = world.models[modelIndex(evaluate(expr).number)]
        case .bindable(let expr): view.bindable = Bindable(world.models[modelIndex(evaluate(expr).number)])
        case .binding: view.binding = $flag
        case .closure: view.action = { count += 1 }
        }
        return view
    }
}

/// Where ``SpecView``'s body puts its custom children, as the host names
/// identities (``ViewHost/bodyCountsByIdentity``): the body is an
/// `EnvironmentWriter` (`.disabled`) around a `VStack` of a `TupleView` whose
/// positions 5 and 6 are the children, 7 the branch and 8 the rows.
enum SpecLayout {
    static let root = "SpecView"

    private static func content(of path: String) -> String {
        path + "/EnvironmentWriter/VStack/TupleView"
    }

    static func child(_ index: Int, of path: String) -> String {
        content(of: path) + "/Optional[\(5 + index)]"
    }

    static func then(of path: String) -> String {
        content(of: path) + "/Optional[7]/_ConditionalContent/Optional"
    }

    static func otherwise(of path: String) -> String {
        content(of: path) + "/Optional[7]/_ConditionalContent/Optional[1]"
    }

    static func rows(of path: String) -> String {
        content(of: path) + "/Optional[8]/ForEach"
    }

    /// The path of a child added under `container` at `key` (`""` for the
    /// first position, `[id: 3]` for a row), as `child(_:item:)` wraps it.
    static func wrapped(in container: String, key: String, wrapper: Wrapper, id: Int?) -> String {
        let top = container + "/_ConditionalContent" + key
        if let id { return top + "/IdentifiedView/SpecView[id: \(id)]" }
        if wrapper.environmentExpr != nil { return top + "/_ConditionalContent[1]/EnvironmentWriter/SpecView" }
        return top + "/_ConditionalContent[1]/SpecView[1]"
    }
}
