/// A write a step makes to a model: an assignment, or an in-place mutation.
///
/// Indices and ids are checked when the write is applied, so that a write
/// stays meaningful (or is skipped, on the host and in the reference alike)
/// after shrinking removed the writes before it.
enum ModelWrite: CustomStringConvertible {
    /// `property = value`: an equal value notifies nobody.
    case set(object: Int, property: Prop, value: SpecValue)
    /// `number += 1`, in place.
    case increment(object: Int)
    /// `items.insert(item, at: index)`, in place; skipped if the id is taken.
    case insert(object: Int, item: SpecItem, at: Int)
    /// `items.remove(at: index)`, in place.
    case remove(object: Int, at: Int)
    /// `items.insert(items.remove(at: from), at: to)`, in place.
    case move(object: Int, from: Int, to: Int)
    /// `items[index].value += 1`, in place.
    case bumpItem(object: Int, at: Int)

    var object: Int {
        switch self {
        case .set(let object, _, _), .increment(let object), .insert(let object, _, _), .remove(let object, _),
            .move(let object, _, _), .bumpItem(let object, _):
            object
        }
    }

    /// The property the write touches.
    var property: Prop {
        switch self {
        case .set(_, let property, _): property
        case .increment: .number
        case .insert, .remove, .move, .bumpItem: .items
        }
    }

    var description: String {
        let model = "o\(object)"
        switch self {
        case .set(_, let property, let value): return "\(model).\(property) = \(value)"
        case .increment: return "\(model).number += 1"
        case .insert(_, let item, let index): return "\(model).items.insert(\(item), at: \(index))"
        case .remove(_, let index): return "\(model).items.remove(at: \(index))"
        case .move(_, let from, let to): return "\(model).items.move(\(from) -> \(to))"
        case .bumpItem(_, let index): return "\(model).items[\(index)].value += 1"
        }
    }
}

/// How a write was applied.
enum WriteEffect {
    /// By assignment: it notifies if the value changed.
    case assigned
    /// In place: outside a transaction it notifies even if the result is
    /// equal (the engine does not compare what it did not copy).
    case inPlace
    /// Not applied (an index out of range, an id already taken).
    case skipped
}

extension ModelFields {
    mutating func apply(_ write: ModelWrite) -> WriteEffect {
        switch write {
        case .set(_, let property, let value):
            switch (property, value) {
            case (.number, .int(let value)): number = value
            case (.word, .string(let value)): word = value
            case (.flag, .bool(let value)): flag = value
            case (.items, .items(let value)): items = value
            default: return .skipped
            }
            return .assigned
        case .increment:
            number += 1
        case .insert(_, let item, let index):
            guard !items.contains(where: { $0.id == item.id }) else { return .skipped }
            items.insert(item, at: min(index, items.count))
        case .remove(_, let index):
            guard index < items.count else { return .skipped }
            items.remove(at: index)
        case .move(_, let from, let to):
            guard from < items.count, to < items.count else { return .skipped }
            items.insert(items.remove(at: from), at: to)
        case .bumpItem(_, let index):
            guard index < items.count else { return .skipped }
            items[index].value += 1
        }
        return .inPlace
    }

    /// What a view's "write" button does to `property`: always a change.
    mutating func bump(_ property: Prop) {
        switch property {
        case .number: number += 1
        case .word: word = ["", "a", "bb"][(word.count + 1) % 3]
        case .flag: flag.toggle()
        case .items:
            if items.count < 4 {
                let id = (0...).first { id in !items.contains { $0.id == id } }!
                items.append(SpecItem(id: id, value: 0))
            } else {
                items.removeFirst()
            }
        }
    }
}
