/// Makes a random program from a seed: models, a tree of at most
/// ``maximumViews`` specs, and steps. Taps and toggles pick a control on
/// screen at that point, so the generator runs the reference as it goes.
struct ProgramGenerator {
    static let maximumViews = 12
    static let maximumDepth = 4
    static let words = ["", "a", "bb"]

    private var random: SeededGenerator
    private var nextNumber = 0

    static func make(seed: UInt64) -> Program {
        var generator = ProgramGenerator(random: SeededGenerator(seed: seed))
        return generator.program()
    }

    private init(random: SeededGenerator) {
        self.random = random
    }

    private mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &random) < percent
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &random)
    }

    /// One of `choices`, each as likely as its weight.
    private mutating func pick<T>(_ choices: [(weight: Int, make: (inout Self) -> T)]) -> T {
        var roll = Int.random(in: 0..<choices.reduce(0) { $0 + $1.weight }, using: &random)
        for choice in choices {
            if roll < choice.weight { return choice.make(&self) }
            roll -= choice.weight
        }
        fatalError("unreachable")
    }

    private mutating func program() -> Program {
        let models = (0..<Program.modelCount).map { _ in
            ModelValues(number: int(0...3), word: Self.words.randomElement(using: &random)!, flag: .random(using: &random),
                items: items())
        }
        let root = view(depth: 0, inRows: false)
        var program = Program(models: models, root: root, steps: [])
        var reference = ReferenceHost(program)
        for _ in 0..<int(6...16) {
            let step = self.step(reference)
            _ = reference.apply(step)
            program.steps.append(step)
        }
        return program
    }

    // MARK: Trees

    private mutating func items() -> [SpecItem] {
        let ids = Array(0..<6).shuffled(using: &random).prefix(int(0...3))
        return ids.map { SpecItem(id: $0, value: int(0...2)) }
    }

    private mutating func objectReference() -> ObjectRef {
        chance(25) ? .passed : .fixed(int(0...(Program.modelCount - 1)))
    }

    private mutating func expr() -> Expr {
        pick([
            (55, { .property($0.objectReference(), Prop.allCases.randomElement(using: &$0.random)!) }),
            (9, { _ in .count }),
            (9, { _ in .flag }),
            (7, { _ in .binding }),
            (9, { _ in .environment }),
            (6, { _ in .value }),
            (5, { _ in .item }),
        ])
    }

    private mutating func view(depth: Int, inRows: Bool) -> ViewSpec {
        let spec = ViewSpec(number: nextNumber)
        nextNumber += 1
        spec.reads = (0..<int(0...3)).map { _ in expr() }
        spec.counter = chance(30)
        if chance(30) {
            spec.toggle = pick([(4, { _ in .own }), (3, { _ in .binding }), (3, { .object($0.objectReference()) })])
        }
        if chance(25) { spec.write = (objectReference(), Prop.allCases.randomElement(using: &random)!) }
        if chance(20) { spec.disabled = expr() }
        guard depth < Self.maximumDepth else { return spec }
        for _ in 0..<int(0...2) where nextNumber < Self.maximumViews {
            spec.children.append(child(depth: depth + 1, inRows: inRows))
        }
        if nextNumber < Self.maximumViews, chance(30) {
            let condition = expr()
            let then = chance(80) ? child(depth: depth + 1, inRows: inRows) : nil
            let otherwise = chance(70) && nextNumber < Self.maximumViews ? child(depth: depth + 1, inRows: inRows) : nil
            spec.branch = Branch(condition: condition, then: then, otherwise: otherwise)
        }
        // Rows inside rows multiply the views: rarer.
        if nextNumber < Self.maximumViews, chance(inRows ? 8 : 25) {
            spec.rows = Rows(object: objectReference(), row: child(depth: depth + 1, inRows: true))
        }
        return spec
    }

    private mutating func child(depth: Int, inRows: Bool) -> ChildSpec {
        let pass: Pass = pick([
            (30, { _ in .nothing }),
            (25, { .value($0.expr()) }),
            (12, { .object($0.expr()) }),
            (8, { .bindable($0.expr()) }),
            (15, { _ in .binding }),
            (10, { _ in .closure }),
        ])
        let wrapper: Wrapper = pick([(50, { _ in .plain }), (25, { .id($0.expr()) }), (25, { .environment($0.expr()) })])
        return ChildSpec(view: view(depth: depth, inRows: inRows), pass: pass, wrapper: wrapper)
    }

    // MARK: Steps

    private mutating func step(_ reference: ReferenceHost) -> Step {
        let controls = reference.tree.controls.sorted { $0.key < $1.key }
        let buttons = controls.filter { !$0.value.isToggle }.map(\.key)
        let toggles = controls.filter(\.value.isToggle).map(\.key)
        let roll = int(0...99)
        if roll < 25, !buttons.isEmpty { return .tap(buttons.randomElement(using: &random)!) }
        if roll < 40, !toggles.isEmpty { return .toggle(toggles.randomElement(using: &random)!) }
        let writes = (0..<int(1...3)).map { _ in write(reference) }
        return chance(45) ? .transaction(writes) : .writes(writes)
    }

    /// A write, more often than not to a property the views on screen read.
    private mutating func write(_ reference: ReferenceHost) -> ModelWrite {
        var read: Set<[Int]> = []
        for view in reference.tree.views.values {
            for case .property(let object, let property) in view.reads { read.insert([object, property.rawValue]) }
        }
        // Sorted: a set's order differs between processes.
        let target = chance(60) ? read.sorted { $0.lexicographicallyPrecedes($1) }.randomElement(using: &random) : nil
        let object = target?[0] ?? int(0...(Program.modelCount - 1))
        let property = target.map { Prop(rawValue: $0[1])! } ?? Prop.allCases.randomElement(using: &random)!
        let last = max(reference.models[object].items.count - 1, 0)
        switch property {
        case .number where chance(30):
            return .increment(object: object)
        case .items:
            return pick([
                (25, { .set(object: object, property: .items, value: $0.value(of: .items)) }),
                (25, { .insert(object: object, item: SpecItem(id: $0.int(0...5), value: $0.int(0...2)), at: $0.int(0...last + 1)) }),
                (20, { .remove(object: object, at: $0.int(0...last)) }),
                (15, { .move(object: object, from: $0.int(0...last), to: $0.int(0...last)) }),
                (15, { .bumpItem(object: object, at: $0.int(0...last)) }),
            ])
        default:
            return .set(object: object, property: property, value: value(of: property))
        }
    }

    private mutating func value(of property: Prop) -> SpecValue {
        switch property {
        case .number: .int(int(0...3))
        case .word: .string(Self.words.randomElement(using: &random)!)
        case .flag: .bool(.random(using: &random))
        case .items: .items(items())
        }
    }
}
