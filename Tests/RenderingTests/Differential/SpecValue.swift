/// What an expression of the spec language evaluates to, and how a view
/// shows it, branches on it, or turns it into an id or a number.
enum SpecValue: Equatable, CustomStringConvertible {
    case int(Int)
    case string(String)
    case bool(Bool)
    case items([SpecItem])
    case item(SpecItem)
    /// An input the view was not given (no object, no binding, no item).
    case none

    var description: String {
        switch self {
        case .int(let value): "\(value)"
        case .string(let value): "'\(value)'"
        case .bool(let value): "\(value)"
        case .items(let items): "[" + items.map(\.description).joined(separator: ",") + "]"
        case .item(let item): item.description
        case .none: "nil"
        }
    }

    /// Whether a branch on this value takes its first arm (odd numbers and
    /// lengths, `true`).
    var truth: Bool { number % 2 != 0 }

    /// The value as a small number: for ids, values passed to children and
    /// choosing an object.
    var number: Int {
        switch self {
        case .int(let value): value
        case .string(let value): value.count
        case .bool(let value): value ? 1 : 0
        case .items(let items): items.count
        case .item(let item): item.value
        case .none: 0
        }
    }
}
