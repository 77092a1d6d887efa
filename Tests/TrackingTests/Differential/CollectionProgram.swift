import Foundation

/// Random programs over one tracked list of cells, its aggregates (a count of
/// the cells whose `a` is odd, the subset whose `b` is odd) and observers
/// that read single elements, fields, positions, the structure, everything
/// and the aggregates, for differential testing against a plain array.

struct Item: Identifiable, Equatable, Sendable, CustomStringConvertible {
    let id: Int
    var a: Int
    var b: Int
    var description: String { "\(id):\(a)/\(b)" }
}

enum ItemField: CaseIterable, CustomStringConvertible {
    case a, b
    var description: String { self == .a ? "a" : "b" }
}

/// What an observer reads.
enum ItemRead: CustomStringConvertible {
    case element(id: Int)
    case field(id: Int, ItemField)
    case position(Int)
    case structure
    case everything
    case oddCount
    case subsetCount
    case subsetMembers
    case subsetContents

    var description: String {
        switch self {
        case .element(let id): "[id: \(id)]"
        case .field(let id, let field): "[id: \(id), \\.\(field)]"
        case .position(let position): "[\(position)]"
        case .structure: "ids"
        case .everything: "elements"
        case .oddCount: "oddCount"
        case .subsetCount: "subset.count"
        case .subsetMembers: "subset.ids"
        case .subsetContents: "subset.elements"
        }
    }
}

/// One edit of the list.
enum ItemEdit: CustomStringConvertible {
    /// `list[id: id]?.field = value` (nothing if absent).
    case edit(id: Int, ItemField, Int)
    /// `list[position].field = value`, for a valid position (taken modulo the count).
    case editAt(position: Int, ItemField, Int)
    /// `list[id: cell.id] = cell`: replaces, or appends.
    case assign(Item)
    /// `list[id: id] = nil`.
    case assignNil(id: Int)
    /// Refused with a diagnostic when the id is there.
    case append(Item)
    /// At `position` modulo count + 1.
    case insert(Item, position: Int)
    case removeID(Int)
    /// At `position` modulo count, if not empty.
    case removeAt(Int)
    /// `removeAll { $0.a % 2 == 1 }`.
    case removeOddA
    /// Positions modulo count, destination modulo count + 1.
    case move([Int], to: Int)
    /// By `a`, then id.
    case sort

    var description: String {
        switch self {
        case .edit(let id, let field, let value): "[id: \(id)]?.\(field) = \(value)"
        case .editAt(let position, let field, let value): "[\(position)].\(field) = \(value)"
        case .assign(let cell): "[id: \(cell.id)] = \(cell)"
        case .assignNil(let id): "[id: \(id)] = nil"
        case .append(let cell): "append(\(cell))"
        case .insert(let cell, let position): "insert(\(cell), at: \(position))"
        case .removeID(let id): "remove(id: \(id))"
        case .removeAt(let position): "remove(at: \(position))"
        case .removeOddA: "removeAll(odd a)"
        case .move(let source, let destination): "move(\(source), to: \(destination))"
        case .sort: "sort"
        }
    }
}

enum ItemStep: CustomStringConvertible {
    case edit(ItemEdit)
    case transaction([ItemEdit])
    case observe(ItemRead)
    /// Cancels the n-th observer created, if it exists.
    case cancel(Int)

    var description: String {
        switch self {
        case .edit(let edit): edit.description
        case .transaction(let edits): "withTransaction { \(edits.map(\.description).joined(separator: "; ")) }"
        case .observe(let read): "observe { \(read) }"
        case .cancel(let index): "cancel(#\(index))"
        }
    }
}

struct ItemProgram: CustomStringConvertible {
    var initial: [Item]
    var steps: [ItemStep]
    var description: String {
        "initial \(initial)\n" + steps.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
    }
}

/// What one step made observers do: (observer, what it saw) per run, in order.
typealias ItemTrace = [(observer: Int, seen: String)]

enum ItemProgramGenerator {
    static func make(seed: UInt64) -> ItemProgram {
        var random = SeededGenerator(seed: seed)
        let ids = 1...8
        func cell() -> Item {
            Item(id: Int.random(in: ids, using: &random), a: Int.random(in: 0...3, using: &random),
                 b: Int.random(in: 0...3, using: &random))
        }
        func field() -> ItemField { Bool.random(using: &random) ? .a : .b }
        func edit() -> ItemEdit {
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<5: .edit(id: Int.random(in: ids, using: &random), field(), Int.random(in: 0...3, using: &random))
            case 5..<8: .editAt(position: Int.random(in: 0..<8, using: &random), field(), Int.random(in: 0...3, using: &random))
            case 8: .assign(cell())
            case 9: .assignNil(id: Int.random(in: ids, using: &random))
            case 10, 11: .append(cell())
            case 12: .insert(cell(), position: Int.random(in: 0..<8, using: &random))
            case 13: .removeID(Int.random(in: ids, using: &random))
            case 14: .removeAt(Int.random(in: 0..<8, using: &random))
            case 15: .removeOddA
            case 16, 17:
                .move((0..<Int.random(in: 1...2, using: &random)).map { _ in Int.random(in: 0..<8, using: &random) },
                      to: Int.random(in: 0..<9, using: &random))
            default: .sort
            }
        }
        func read() -> ItemRead {
            switch Int.random(in: 0..<9, using: &random) {
            case 0: .element(id: Int.random(in: ids, using: &random))
            case 1: .field(id: Int.random(in: ids, using: &random), field())
            case 2: .position(Int.random(in: 0..<6, using: &random))
            case 3: .structure
            case 4: .everything
            case 5: .oddCount
            case 6: .subsetCount
            case 7: .subsetMembers
            default: .subsetContents
            }
        }
        var initial: [Item] = []
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            let new = cell()
            if !initial.contains(where: { $0.id == new.id }) { initial.append(new) }
        }
        var steps: [ItemStep] = []
        var observers = 0
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            steps.append(.observe(read()))
            observers += 1
        }
        for _ in 0..<Int.random(in: 5...25, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                steps.append(.observe(read()))
                observers += 1
            case 1:
                steps.append(.cancel(Int.random(in: 0..<observers, using: &random)))
            case 2, 3:
                steps.append(.transaction((0..<Int.random(in: 1...4, using: &random)).map { _ in edit() }))
            default:
                steps.append(.edit(edit()))
            }
        }
        return ItemProgram(initial: initial, steps: steps)
    }
}

extension Array where Element == Item {
    /// `edit` applied to a plain array, as the list does it; `edit` ids and
    /// positions resolved against the array as it is.
    mutating func apply(_ edit: ItemEdit) {
        switch edit {
        case .edit(let id, let field, let value):
            guard let index = firstIndex(where: { $0.id == id }) else { return }
            self[index].set(field, value)
        case .editAt(let position, let field, let value):
            guard !isEmpty else { return }
            self[position % count].set(field, value)
        case .assign(let cell):
            if let index = firstIndex(where: { $0.id == cell.id }) { self[index] = cell } else { append(cell) }
        case .assignNil(let id), .removeID(let id):
            removeAll { $0.id == id }
        case .append(let cell):
            if !contains(where: { $0.id == cell.id }) { append(cell) }
        case .insert(let cell, let position):
            if !contains(where: { $0.id == cell.id }) { insert(cell, at: position % (count + 1)) }
        case .removeAt(let position):
            if !isEmpty { remove(at: position % count) }
        case .removeOddA:
            removeAll { $0.a % 2 == 1 }
        case .move(let source, let destination):
            guard !isEmpty else { return }
            let offsets = IndexSet(source.map { $0 % count })
            let target = destination % (count + 1)
            let moving = offsets.map { self[$0] }
            var result = self.enumerated().filter { $0.offset < target && !offsets.contains($0.offset) }.map(\.element)
            result += moving
            result += self.enumerated().filter { $0.offset >= target && !offsets.contains($0.offset) }.map(\.element)
            self = result
        case .sort:
            sort { ($0.a, $0.id) < ($1.a, $1.id) }
        }
    }
}

extension Item {
    mutating func set(_ field: ItemField, _ value: Int) {
        switch field {
        case .a: a = value
        case .b: b = value
        }
    }

    func get(_ field: ItemField) -> Int { field == .a ? a : b }
}

/// What a read sees, as a string, computed from a plain array.
func seen(_ read: ItemRead, in cells: [Item]) -> String {
    switch read {
    case .element(let id): cells.first { $0.id == id }.map(\.description) ?? "nil"
    case .field(let id, let field): cells.first { $0.id == id }.map { "\($0.get(field))" } ?? "nil"
    case .position(let position): position < cells.count ? cells[position].description : "none"
    case .structure: "\(cells.map(\.id))"
    case .everything: "\(cells)"
    case .oddCount: "\(cells.filter { $0.a % 2 == 1 }.count)"
    case .subsetCount: "\(cells.filter { $0.b % 2 == 1 }.count)"
    case .subsetMembers: "\(cells.filter { $0.b % 2 == 1 }.map(\.id))"
    case .subsetContents: "\(cells.filter { $0.b % 2 == 1 })"
    }
}
