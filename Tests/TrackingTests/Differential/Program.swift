/// Random programs over trackable objects, derived values, observers, nested
/// observers, transactions, deallocations and cancellations, for differential
/// testing of the engine against a reference model.

/// A value read by a derived value or an observer.
enum Term: Hashable, CustomStringConvertible {
    /// Property `property` of object `object`; reads as -1 once the object is gone.
    case property(object: Int, property: Int)
    /// Derived value `index`.
    case derived(Int)

    var description: String {
        switch self {
        case .property(let object, let property): "o\(object).p\(property)"
        case .derived(let index): "d\(index)"
        }
    }
}

/// What a derived value or an observer reads: terms, possibly behind a branch.
struct Reads: CustomStringConvertible {
    /// When set, `condition` is read first; if its value is odd, `otherwise`
    /// is read instead of `terms`.
    var condition: Term?
    var terms: [Term]
    var otherwise: [Term]

    var description: String {
        guard let condition else { return terms.map(\.description).joined(separator: "+") }
        return "odd(\(condition)) ? \(otherwise.map(\.description).joined(separator: "+")) : \(terms.map(\.description).joined(separator: "+"))"
    }
}

/// A derived value: the sum of what it reads, modulo `modulus` (small moduli
/// make equal results, which exercise the equality cut-off).
struct DerivedSpec: CustomStringConvertible {
    var reads: Reads
    var modulus: Int
    var description: String { "(\(reads)) % \(modulus)" }
}

/// An observer: records the values it reads; may create a child observer on
/// every run (which the engine cancels when the parent runs again).
struct ObserverSpec: CustomStringConvertible {
    var reads: Reads
    var child: Reads?
    var description: String {
        child.map { "observe { \(reads); child { \($0) } }" } ?? "observe { \(reads) }"
    }
}

enum Step: CustomStringConvertible {
    case write(object: Int, property: Int, value: Int)
    case transaction([(object: Int, property: Int, value: Int)])
    case observe(ObserverSpec)
    /// Cancels the n-th top-level observer created.
    case cancel(Int)
    case deallocate(Int)
    /// Reads a derived value outside any observer.
    case read(Int)

    var description: String {
        switch self {
        case .write(let object, let property, let value): "o\(object).p\(property) = \(value)"
        case .transaction(let writes):
            "withTransaction { " + writes.map { "o\($0.object).p\($0.property) = \($0.value)" }.joined(separator: "; ") + " }"
        case .observe(let spec): spec.description
        case .cancel(let index): "cancel observer #\(index)"
        case .deallocate(let object): "deallocate o\(object)"
        case .read(let index): "read d\(index)"
        }
    }
}

struct Program: CustomStringConvertible {
    static let objectCount = 3
    static let propertyCount = 3

    var derived: [DerivedSpec]
    var steps: [Step]

    var description: String {
        var lines = derived.enumerated().map { "d\($0.offset) = \($0.element)" }
        lines += steps.map(\.description)
        return lines.joined(separator: "\n")
    }
}

/// What one step made observers do: (observer id, values seen) per run, in order.
typealias StepTrace = [(observer: Int, values: [Int])]

/// SplitMix64: a small seeded generator, so every program is reproducible.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum ProgramGenerator {
    static func make(seed: UInt64) -> Program {
        var random = SeededGenerator(seed: seed)
        let derivedCount = Int.random(in: 0...4, using: &random)
        var derived: [DerivedSpec] = []
        for index in 0..<derivedCount {
            derived.append(DerivedSpec(
                reads: reads(derivedBelow: index, using: &random),
                modulus: [2, 3, 5, 1_000].randomElement(using: &random)!))
        }
        var steps: [Step] = []
        var observers = 0
        for _ in 0..<Int.random(in: 5...25, using: &random) {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<30:
                steps.append(.write(
                    object: Int.random(in: 0..<Program.objectCount, using: &random),
                    property: Int.random(in: 0..<Program.propertyCount, using: &random),
                    value: Int.random(in: 0..<4, using: &random)))
            case 30..<50:
                steps.append(.transaction((0..<Int.random(in: 1...4, using: &random)).map { _ in
                    (Int.random(in: 0..<Program.objectCount, using: &random),
                     Int.random(in: 0..<Program.propertyCount, using: &random),
                     Int.random(in: 0..<4, using: &random))
                }))
            case 50..<72:
                let child = Bool.random(using: &random)
                    ? reads(derivedBelow: derivedCount, using: &random) : nil
                steps.append(.observe(ObserverSpec(
                    reads: reads(derivedBelow: derivedCount, using: &random), child: child)))
                observers += 1
            case 72..<80 where observers > 0:
                steps.append(.cancel(Int.random(in: 0..<observers, using: &random)))
            case 80..<85:
                steps.append(.deallocate(Int.random(in: 0..<Program.objectCount, using: &random)))
            case 85..<100 where derivedCount > 0:
                steps.append(.read(Int.random(in: 0..<derivedCount, using: &random)))
            default:
                break
            }
        }
        return Program(derived: derived, steps: steps)
    }

    private static func term(derivedBelow limit: Int, using random: inout SeededGenerator) -> Term {
        if limit > 0, Int.random(in: 0..<3, using: &random) == 0 {
            return .derived(Int.random(in: 0..<limit, using: &random))
        }
        return .property(
            object: Int.random(in: 0..<Program.objectCount, using: &random),
            property: Int.random(in: 0..<Program.propertyCount, using: &random))
    }

    private static func reads(derivedBelow limit: Int, using random: inout SeededGenerator) -> Reads {
        let terms = (0..<Int.random(in: 1...3, using: &random)).map { _ in term(derivedBelow: limit, using: &random) }
        guard Bool.random(using: &random) else { return Reads(condition: nil, terms: terms, otherwise: []) }
        let otherwise = (0..<Int.random(in: 1...2, using: &random)).map { _ in term(derivedBelow: limit, using: &random) }
        return Reads(condition: term(derivedBelow: limit, using: &random), terms: terms, otherwise: otherwise)
    }
}
