/// The spec language of differential programs: a tree of view specs that
/// ``SpecView`` interprets on the host and ``ReferenceRenderer`` renders in
/// the reference.

/// Which model an expression or a control refers to.
enum ObjectRef: Hashable, CustomStringConvertible {
    /// One of the program's models.
    case fixed(Int)
    /// The object the parent passed (none: the expression is `nil`).
    case passed

    var description: String {
        switch self {
        case .fixed(let index): "o\(index)"
        case .passed: "passed"
        }
    }
}

/// Something a view's body reads. Evaluated in the view that holds it; the
/// expressions of a child (what is passed, its id, its environment value)
/// are evaluated in the parent.
enum Expr: Hashable, CustomStringConvertible {
    /// A model's tracked property.
    case property(ObjectRef, Prop)
    /// The view's own `@State var count`.
    case count
    /// The view's own `@State var flag`.
    case flag
    /// The `Binding<Bool>` the parent passed (its `flag`).
    case binding
    /// `@Environment(\.specTag)`.
    case environment
    /// The value the parent passed.
    case value
    /// The `ForEach` element the parent passed.
    case item

    var description: String {
        switch self {
        case .property(let object, let property): "\(object).\(property)"
        case .count: "count"
        case .flag: "flag"
        case .binding: "binding"
        case .environment: "env"
        case .value: "value"
        case .item: "item"
        }
    }
}

/// What a view's toggle ("flip <tag>") is bound to.
enum ToggleTarget: Hashable, CustomStringConvertible {
    /// `$flag`, its own state.
    case own
    /// The binding its parent passed (the parent's `$flag`).
    case binding
    /// `Bindable(object).flag`.
    case object(ObjectRef)

    var description: String {
        switch self {
        case .own: "$flag"
        case .binding: "binding"
        case .object(let object): "$\(object).flag"
        }
    }
}

/// What a parent passes to a child, besides the spec and the world.
enum Pass: Hashable, CustomStringConvertible {
    case nothing
    /// An `Int`: the expression's number.
    case value(Expr)
    /// A model: the expression's number, modulo the number of models.
    case object(Expr)
    /// The same, as a `Bindable`: an input compared by the wrapper's rule.
    case bindable(Expr)
    /// `$flag`, a binding to the parent's state.
    case binding
    /// A closure that increments the parent's `count`: an input that always
    /// counts as changed.
    case closure

    var description: String {
        switch self {
        case .nothing: ""
        case .value(let expr): " value: \(expr)"
        case .object(let expr): " object: \(expr)"
        case .bindable(let expr): " bindable: \(expr)"
        case .binding: " binding: $flag"
        case .closure: " closure: { count += 1 }"
        }
    }
}

/// How a child is wrapped.
enum Wrapper: Hashable, CustomStringConvertible {
    case plain
    /// `.id(number of the expression)`.
    case id(Expr)
    /// `.environment(\.specTag, number of the expression)`.
    case environment(Expr)

    var idExpr: Expr? {
        if case .id(let expr) = self { return expr }
        return nil
    }

    var environmentExpr: Expr? {
        if case .environment(let expr) = self { return expr }
        return nil
    }

    var description: String {
        switch self {
        case .plain: ""
        case .id(let expr): " .id(\(expr))"
        case .environment(let expr): " .environment(\\.specTag, \(expr))"
        }
    }
}

/// A child of a view: its spec, what it is given, how it is wrapped.
struct ChildSpec {
    var view: ViewSpec
    var pass: Pass
    var wrapper: Wrapper

    func copy() -> ChildSpec {
        ChildSpec(view: view.copy(), pass: pass, wrapper: wrapper)
    }
}

/// `if condition { then } else { otherwise }`.
struct Branch {
    var condition: Expr
    var then: ChildSpec?
    var otherwise: ChildSpec?
}

/// `ForEach(object.items, id: \.id) { item in row }`, each row given its item.
struct Rows {
    var object: ObjectRef
    var row: ChildSpec
}

/// One view of the tree. A class, so that a view passes its spec to its
/// children as an input that compares by identity; mutated only while a
/// program is generated or shrunk, never while it runs.
final class ViewSpec {
    /// Unique in the program: a view's tag is `n<number>` followed by the
    /// `ForEach` ids (`.7`) and explicit ids (`#2`) on its path.
    let number: Int
    /// Shown in the view's text, each as `expr=value`.
    var reads: [Expr] = []
    /// An "inc <tag>" button: `count += 1`.
    var counter = false
    /// A "flip <tag>" toggle.
    var toggle: ToggleTarget?
    /// A "write <tag>" button that bumps a model's property (see
    /// ``ModelFields/bump(_:)``).
    var write: (object: ObjectRef, property: Prop)?
    /// `.disabled(truth of the expression)` on the view's content; without
    /// it, `.disabled(false)`.
    var disabled: Expr?
    /// At most two children, at fixed positions.
    var children: [ChildSpec] = []
    var branch: Branch?
    var rows: Rows?

    init(number: Int) {
        self.number = number
    }

    /// A deep copy, for shrinking.
    func copy() -> ViewSpec {
        let copy = ViewSpec(number: number)
        copy.reads = reads
        copy.counter = counter
        copy.toggle = toggle
        copy.write = write
        copy.disabled = disabled
        copy.children = children.map { $0.copy() }
        copy.branch = branch.map { Branch(condition: $0.condition, then: $0.then?.copy(), otherwise: $0.otherwise?.copy()) }
        copy.rows = rows.map { Rows(object: $0.object, row: $0.row.copy()) }
        return copy
    }

    /// Every spec of the subtree, this one first.
    var all: [ViewSpec] {
        var result = [self]
        for child in children { result += child.view.all }
        if let then = branch?.then { result += then.view.all }
        if let otherwise = branch?.otherwise { result += otherwise.view.all }
        if let row = rows?.row { result += row.view.all }
        return result
    }

    /// The spec as indented text, one line per view.
    func lines(indent: String = "") -> [String] {
        var parts: [String] = []
        if !reads.isEmpty { parts.append("reads " + reads.map(\.description).joined(separator: ", ")) }
        if counter { parts.append("counter") }
        if let toggle { parts.append("toggle \(toggle)") }
        if let write { parts.append("write \(write.object).\(write.property)") }
        if let disabled { parts.append("disabled \(disabled)") }
        var result = [indent + "n\(number)" + (parts.isEmpty ? "" : ": " + parts.joined(separator: "; "))]
        let inner = indent + "  "
        func add(_ title: String, _ child: ChildSpec) {
            result.append(inner + title + child.pass.description + child.wrapper.description + ":")
            result += child.view.lines(indent: inner + "  ")
        }
        for (index, child) in children.enumerated() { add("child \(index)", child) }
        if let branch {
            if let then = branch.then { add("if truth(\(branch.condition))", then) }
            if let otherwise = branch.otherwise { add("if !truth(\(branch.condition))", otherwise) }
        }
        if let rows { add("ForEach \(rows.object).items", rows.row) }
        return result
    }
}
