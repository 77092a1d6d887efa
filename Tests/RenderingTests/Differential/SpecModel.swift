import Tracking

/// An element of a model's `items`, listed by `ForEach` by its id.
struct SpecItem: Hashable, CustomStringConvertible {
    var id: Int
    var value: Int

    var description: String { "\(id):\(value)" }
}

/// The tracked properties of a model.
enum Prop: Int, CaseIterable, CustomStringConvertible {
    case number, word, flag, items

    var description: String {
        switch self {
        case .number: "number"
        case .word: "word"
        case .flag: "flag"
        case .items: "items"
        }
    }
}

/// The fields of a model: on the host a `Trackable` object, in the reference
/// plain values; both apply writes with the same code (``ModelWrite``).
protocol ModelFields {
    var number: Int { get set }
    var word: String { get set }
    var flag: Bool { get set }
    var items: [SpecItem] { get set }
}

extension ModelFields {
    func value(of property: Prop) -> SpecValue {
        switch property {
        case .number: .int(number)
        case .word: .string(word)
        case .flag: .bool(flag)
        case .items: .items(items)
        }
    }
}

/// A model the views of a differential program read.
final class SpecModel: Trackable, ModelFields {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var number = 0
    @Tracked var word = ""
    @Tracked var flag = false
    @Tracked var items: [SpecItem] = []

    init(_ values: ModelValues) {
        number = values.number
        word = values.word
        flag = values.flag
        items = values.items
    }
}

/// A model's values, as the reference keeps them.
struct ModelValues: ModelFields, Equatable, CustomStringConvertible {
    var number = 0
    var word = ""
    var flag = false
    var items: [SpecItem] = []

    var description: String {
        "number: \(number), word: \(SpecValue.string(word)), flag: \(flag), items: \(SpecValue.items(items))"
    }
}
