/// Shrinks a failing program: removes steps, writes, and parts of the tree,
/// and simplifies what remains, for as long as it still fails.
enum ProgramShrinker {
    static func shrink(_ program: Program, fails: (Program) -> Bool) -> Program {
        var current = program
        var progress = true
        while progress {
            progress = false
            for make in candidates(current) {
                let candidate = make()
                guard fails(candidate) else { continue }
                current = candidate
                progress = true
                break
            }
        }
        return current
    }

    /// Makers of simpler programs, each one change away from `program`.
    private static func candidates(_ program: Program) -> [() -> Program] {
        var makers: [() -> Program] = []
        for index in program.steps.indices.reversed() {
            makers.append {
                var candidate = program
                candidate.steps.remove(at: index)
                return candidate
            }
            if case .writes(let writes) = program.steps[index], writes.count > 1 {
                for write in writes.indices {
                    makers.append {
                        var candidate = program
                        candidate.steps[index] = .writes(writes.enumerated().filter { $0.offset != write }.map(\.element))
                        return candidate
                    }
                }
            }
            if case .transaction(let writes) = program.steps[index] {
                makers.append {
                    var candidate = program
                    candidate.steps[index] = .writes(writes)
                    return candidate
                }
                for write in writes.indices where writes.count > 1 {
                    makers.append {
                        var candidate = program
                        candidate.steps[index] = .transaction(writes.enumerated().filter { $0.offset != write }.map(\.element))
                        return candidate
                    }
                }
            }
        }
        // A child of the root as the root.
        for child in children(of: program.root) {
            makers.append {
                var candidate = program.copy()
                candidate.root = candidate.root.all.first { $0.number == child.view.number }!
                return candidate
            }
        }
        for spec in program.root.all {
            for edit in edits(of: spec) {
                makers.append {
                    let candidate = program.copy()
                    edit(candidate.root.all.first { $0.number == spec.number }!)
                    return candidate
                }
            }
        }
        return makers
    }

    /// The simplifications of one spec, as changes to make to its copy.
    private static func edits(of spec: ViewSpec) -> [(ViewSpec) -> Void] {
        var edits: [(ViewSpec) -> Void] = []
        for index in spec.children.indices.reversed() {
            edits.append { $0.children.remove(at: index) }
        }
        if let branch = spec.branch {
            edits.append { $0.branch = nil }
            if branch.then != nil { edits.append { $0.branch?.then = nil } }
            if branch.otherwise != nil { edits.append { $0.branch?.otherwise = nil } }
        }
        if spec.rows != nil { edits.append { $0.rows = nil } }
        for index in spec.reads.indices.reversed() {
            edits.append { $0.reads.remove(at: index) }
        }
        if spec.counter { edits.append { $0.counter = false } }
        if spec.toggle != nil { edits.append { $0.toggle = nil } }
        if spec.write != nil { edits.append { $0.write = nil } }
        if spec.disabled != nil { edits.append { $0.disabled = nil } }
        // What a child is given and how it is wrapped.
        let slots: [(ChildSpec?, (ViewSpec, (inout ChildSpec) -> Void) -> Void)] =
            spec.children.indices.map { index in (spec.children[index], { view, change in change(&view.children[index]) }) }
            + [
                (spec.branch?.then, { view, change in if view.branch?.then != nil { change(&view.branch!.then!) } }),
                (spec.branch?.otherwise, { view, change in if view.branch?.otherwise != nil { change(&view.branch!.otherwise!) } }),
                (spec.rows?.row, { view, change in if view.rows != nil { change(&view.rows!.row) } }),
            ]
        for (child, apply) in slots {
            guard let child else { continue }
            if child.pass != .nothing { edits.append { apply($0) { $0.pass = .nothing } } }
            if child.wrapper != .plain { edits.append { apply($0) { $0.wrapper = .plain } } }
            // A grandchild in the child's place: one level less.
            for grandchild in children(of: child.view) {
                edits.append {
                    apply($0) { slot in slot = children(of: slot.view).first { $0.view.number == grandchild.view.number }! }
                }
            }
        }
        return edits
    }

    /// The children of a spec, in all its slots.
    private static func children(of spec: ViewSpec) -> [ChildSpec] {
        spec.children + [spec.branch?.then, spec.branch?.otherwise, spec.rows?.row].compactMap { $0 }
    }
}
