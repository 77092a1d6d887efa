/// What the host must do in one step.
struct Expectation {
    /// The tags of the views whose bodies must run, each once.
    var rendered: Set<String> = []
    /// ``ViewHost/bodyCountsByIdentity``.
    var counts: [String: Int] = [:]
    /// The render log, one entry per re-rendered view that is not new, by
    /// tag: `tag (inputs)`, `tag (tracked)` or `tag (inputs, tracked)`.
    var log: [String] = []
    var snapshot = ""
    /// Whether the step's interaction must throw: its control is missing,
    /// of the other kind, or disabled.
    var interactionFails = false
    /// The tag of each identity on screen before or after the step.
    var tagsByPath: [String: String] = [:]
}

/// The reference model of the host: plain model values, the state of each
/// identity, and the tree as last rendered. After each step it renders the
/// whole tree again (``ReferenceRenderer``) and decides directly which views
/// the host must re-render:
///
/// - views that are new (a tag that was not on screen: a branch taken, a
///   row inserted, an explicit id changed);
/// - views whose reads in the last render include a source that changed:
///   a property written to a different value (or mutated in place outside a
///   transaction), a state changed by an interaction, an environment entry
///   a render set to a different value;
/// - views whose parent re-rendered and passed different inputs (a closure
///   always counts as different).
///
/// Nothing else: a child with unchanged inputs is skipped. The environment a
/// parent passes never changes shape for one identity in this language, so
/// "new environment" never applies.
struct ReferenceHost {
    let root: ViewSpec
    private(set) var models: [ModelValues]
    /// By tag, for the views on screen (others start over at zero).
    private(set) var states: [String: SpecState] = [:]
    private(set) var tree: RefTree

    init(_ program: Program) {
        root = program.root
        models = program.models
        tree = ReferenceRenderer.render(program.root, models: program.models, states: [:])
    }

    /// The creation of the host: every view renders.
    var firstRender: Expectation {
        var expectation = Expectation()
        expectation.rendered = Set(tree.order)
        expectation.tagsByPath = Dictionary(uniqueKeysWithValues: tree.views.values.map { ($0.path, $0.tag) })
        expectation.counts = Dictionary(uniqueKeysWithValues: tree.order.map { (tree.views[$0]!.path, 1) })
        expectation.snapshot = tree.lines.joined(separator: "\n")
        return expectation
    }

    mutating func apply(_ step: Step) -> Expectation {
        var changed: Set<Source> = []
        var interactionFails = false
        switch step {
        case .writes(let writes):
            for write in writes {
                let property = write.property
                let before = models[write.object].value(of: property)
                switch models[write.object].apply(write) {
                case .inPlace:
                    changed.insert(.property(object: write.object, property))
                case .assigned where models[write.object].value(of: property) != before:
                    changed.insert(.property(object: write.object, property))
                case .assigned, .skipped:
                    break
                }
            }
        case .transaction(let writes):
            // Changed back before the end counts as unchanged.
            let before = models
            for write in writes { _ = models[write.object].apply(write) }
            changed = changes(from: before)
        case .tap(let label), .toggle(let label):
            let isToggle = if case .toggle = step { true } else { false }
            guard let control = tree.controls[label], control.isToggle == isToggle, !control.isDisabled else {
                interactionFails = true
                break
            }
            perform(control.effect, &changed)
        }
        var expectation = rerender(changed)
        expectation.interactionFails = interactionFails
        return expectation
    }

    private func changes(from before: [ModelValues]) -> Set<Source> {
        var changed: Set<Source> = []
        for object in models.indices {
            for property in Prop.allCases where models[object].value(of: property) != before[object].value(of: property) {
                changed.insert(.property(object: object, property))
            }
        }
        return changed
    }

    private mutating func perform(_ effect: ControlEffect, _ changed: inout Set<Source>) {
        switch effect {
        case .increment(let tag):
            states[tag, default: SpecState()].count += 1
            changed.insert(.count(tag))
        case .toggleFlag(let tag):
            states[tag, default: SpecState()].flag.toggle()
            changed.insert(.flag(tag))
        case .toggleProperty(let object):
            models[object].flag.toggle()
            changed.insert(.property(object: object, .flag))
        case .bump(let object, let property):
            let before = models
            models[object].bump(property)
            changed.formUnion(changes(from: before))
        }
    }

    /// Renders the tree again and decides which views the host had to render.
    private mutating func rerender(_ sourcesChanged: Set<Source>) -> Expectation {
        let old = tree
        tree = ReferenceRenderer.render(root, models: models, states: states)
        states = states.filter { tree.views[$0.key] != nil }
        var changed = sourcesChanged
        for (box, value) in tree.boxes where old.boxes[box].map({ $0 != value }) == true {
            changed.insert(box)
        }
        var expectation = Expectation()
        for tag in tree.order {
            let view = tree.views[tag]!
            guard let previous = old.views[tag] else {
                expectation.rendered.insert(tag)
                continue
            }
            let isDirty = !previous.reads.isDisjoint(with: changed)
            let parentRendered = view.parent.map { expectation.rendered.contains($0) } ?? false
            let hasNewInputs = parentRendered && (view.takesClosure || previous.inputs != view.inputs)
            guard isDirty || hasNewInputs else { continue }
            expectation.rendered.insert(tag)
            expectation.log.append(logEntry(tag, inputs: hasNewInputs, tracked: isDirty))
        }
        expectation.tagsByPath = Dictionary(
            (old.views.values.map { ($0.path, $0.tag) } + tree.views.values.map { ($0.path, $0.tag) }),
            uniquingKeysWith: { first, _ in first })
        expectation.counts = Dictionary(uniqueKeysWithValues: expectation.rendered.map { (tree.views[$0]!.path, 1) })
        expectation.log.sort()
        expectation.snapshot = tree.lines.joined(separator: "\n")
        return expectation
    }
}

/// One render log entry, as the reference and the host runner spell it.
func logEntry(_ tag: String, inputs: Bool, tracked: Bool) -> String {
    let causes = (inputs ? ["inputs"] : []) + (tracked ? ["tracked"] : [])
    return "\(tag) (\(causes.joined(separator: ", ")))"
}
