import Foundation
@testable import Tracking

/// The reference for ``ItemProgram``s: a plain array of cells, and the rules
/// of `TrackedList` written out as what each step changes.
///
/// An observer runs at the end of a step (a single edit, or a transaction) if
/// something it depended on after its last run changed:
/// - an element (or one of its fields): it was removed during the step, or its
///   value (that field) differs between the start and the end of the step;
/// - the count: it differs between the start and the end of the step;
/// - the structure: an element came or went, or the order changed;
/// - everything: the structure changed, or an edit changed an element;
/// - a count: it differs between the start and the end of the step;
/// - the subset's members: an element came into it or left it, or the list's
///   order changed while it had members;
/// - the subset's contents: its members changed, or an edit changed a member
///   that stayed one.
enum CollectionReference {
    enum Dependency: Hashable {
        case element(Int)
        case field(Int, ItemField)
        case count
        case structure
        case everything
        case oddCount
        case subsetCount
        case subsetMembers
        case subsetContents
    }

    /// What an observer of `read` depends on after a run over `cells`.
    static func dependencies(_ read: ItemRead, _ cells: [Item]) -> Set<Dependency> {
        let ids = Set(cells.map(\.id))
        switch read {
        case .element(let id): return ids.contains(id) ? [.element(id)] : [.structure]
        case .field(let id, let field): return ids.contains(id) ? [.field(id, field)] : [.structure]
        case .position(let position):
            // `list.count`, then `list[position]` (the structure and that
            // element) if there is one.
            return position < cells.count ? [.count, .structure, .element(cells[position].id)] : [.count]
        case .structure: return [.structure]
        case .everything: return [.everything]
        case .oddCount: return [.oddCount]
        case .subsetCount: return [.subsetCount]
        case .subsetMembers: return [.subsetMembers]
        case .subsetContents: return [.subsetContents]
        }
    }

    /// What a step changed besides values.
    struct Changes {
        var structure = false
        var everything = false
        var died: Set<Int> = []
        var members = false
        var contents = false

        mutating func record(_ edit: ItemEdit, before: [Item], after: [Item]) {
            let beforeIDs = before.map(\.id)
            let afterIDs = after.map(\.id)
            if isElementEdit(edit, before) {
                guard let old = before.first(where: { $0.id == editedID(edit, before) }),
                      let new = after.first(where: { $0.id == old.id }) else { return }
                let changed = old != new
                if changed { everything = true }
                let was = old.b % 2 == 1
                let now = new.b % 2 == 1
                if was != now {
                    members = true
                    contents = true
                } else if now, changed {
                    contents = true
                }
                return
            }
            let removed = Set(beforeIDs).subtracting(afterIDs)
            let inserted = Set(afterIDs).subtracting(beforeIDs)
            let reordered = isReorder(edit) && beforeIDs != afterIDs
            if !removed.isEmpty || !inserted.isEmpty || reordered {
                structure = true
                everything = true
            }
            died.formUnion(removed)
            let memberCame = after.contains { inserted.contains($0.id) && $0.b % 2 == 1 }
            let memberLeft = before.contains { removed.contains($0.id) && $0.b % 2 == 1 }
            if memberCame || memberLeft || (reordered && after.contains { $0.b % 2 == 1 }) {
                members = true
                contents = true
            }
        }

        private func isElementEdit(_ edit: ItemEdit, _ before: [Item]) -> Bool {
            switch edit {
            case .edit, .editAt: return true
            case .assign(let cell): return before.contains { $0.id == cell.id }
            default: return false
            }
        }

        private func editedID(_ edit: ItemEdit, _ before: [Item]) -> Int? {
            switch edit {
            case .edit(let id, _, _): return id
            case .editAt(let position, _, _): return before.isEmpty ? nil : before[position % before.count].id
            case .assign(let cell): return cell.id
            default: return nil
            }
        }

        private func isReorder(_ edit: ItemEdit) -> Bool {
            switch edit {
            case .move, .sort: return true
            default: return false
            }
        }
    }

    static func isDirty(_ dependency: Dependency, start: [Item], end: [Item], changes: Changes) -> Bool {
        func cell(_ id: Int, _ cells: [Item]) -> Item? { cells.first { $0.id == id } }
        func count(_ cells: [Item], _ field: ItemField) -> Int { cells.filter { $0.get(field) % 2 == 1 }.count }
        switch dependency {
        case .element(let id): return changes.died.contains(id) || cell(id, start) != cell(id, end)
        case .field(let id, let field):
            return changes.died.contains(id) || cell(id, start)?.get(field) != cell(id, end)?.get(field)
        case .count: return start.count != end.count
        case .structure: return changes.structure
        case .everything: return changes.everything
        case .oddCount: return count(start, .a) != count(end, .a)
        case .subsetCount: return count(start, .b) != count(end, .b)
        case .subsetMembers: return changes.members
        case .subsetContents: return changes.contents
        }
    }

    static func run(_ program: ItemProgram) -> [ItemTrace] {
        var cells = program.initial
        var observers: [(read: ItemRead, dependencies: Set<Dependency>, alive: Bool)] = []
        var traces: [ItemTrace] = []
        for step in program.steps {
            var trace: ItemTrace = []
            var edits: [ItemEdit] = []
            switch step {
            case .observe(let read):
                observers.append((read, dependencies(read, cells), true))
                trace.append((observers.count - 1, seen(read, in: cells)))
            case .cancel(let index):
                if index < observers.count { observers[index].alive = false }
            case .edit(let edit):
                edits = [edit]
            case .transaction(let list):
                edits = list
            }
            if !edits.isEmpty {
                let start = cells
                var changes = Changes()
                for edit in edits {
                    let before = cells
                    cells.apply(edit)
                    changes.record(edit, before: before, after: cells)
                }
                for index in observers.indices where observers[index].alive {
                    let dirty = observers[index].dependencies.contains {
                        isDirty($0, start: start, end: cells, changes: changes)
                    }
                    if dirty {
                        trace.append((index, seen(observers[index].read, in: cells)))
                        observers[index].dependencies = dependencies(observers[index].read, cells)
                    }
                }
            }
            traces.append(trace)
        }
        return traces
    }
}

/// Runs ``ItemProgram``s on a `TrackedList`.
enum CollectionEngineRunner {
    static func run(_ program: ItemProgram) -> [ItemTrace] {
        TrackingDiagnostics.withHandler({ _ in }) { runQuietly(program) }
    }

    private static func runQuietly(_ program: ItemProgram) -> [ItemTrace] {
        let list = TrackedList(program.initial, name: "items")
        let odd = list.counting { $0.a % 2 == 1 }
        let subset = list.filtering { $0.b % 2 == 1 }
        let sink = Locked<ItemTrace>([])
        var tokens: [TrackingToken] = []
        var traces: [ItemTrace] = []
        for step in program.steps {
            sink.mutate { $0.removeAll() }
            switch step {
            case .observe(let read):
                let index = tokens.count
                tokens.append(observe { sink.append((index, seen(read, list, odd, subset))) })
            case .cancel(let index):
                if index < tokens.count { tokens[index].cancel() }
            case .edit(let edit):
                apply(edit, to: list)
            case .transaction(let edits):
                withTransaction { for edit in edits { apply(edit, to: list) } }
            }
            traces.append(sink.current)
        }
        withExtendedLifetime((tokens, odd, subset)) {}
        return traces
    }

    static func seen(_ read: ItemRead, _ list: TrackedList<Item>, _ odd: ElementCount<Item>, _ subset: ElementSubset<Item>) -> String {
        switch read {
        case .element(let id): list[id: id].map(\.description) ?? "nil"
        case .field(let id, let field):
            (field == .a ? list[id: id, \.a] : list[id: id, \.b]).map { "\($0)" } ?? "nil"
        case .position(let position): position < list.count ? list[position].description : "none"
        case .structure: "\(list.ids)"
        case .everything: "\(list.elements)"
        case .oddCount: "\(odd.value)"
        case .subsetCount: "\(subset.count)"
        case .subsetMembers: "\(subset.ids)"
        case .subsetContents: "\(subset.elements)"
        }
    }

    static func apply(_ edit: ItemEdit, to list: TrackedList<Item>) {
        let count = untracked { list.count }
        switch edit {
        case .edit(let id, let field, let value): list[id: id]?.set(field, value)
        case .editAt(let position, let field, let value): if count > 0 { list[position % count].set(field, value) }
        case .assign(let cell): list[id: cell.id] = cell
        case .assignNil(let id): list[id: id] = nil
        case .append(let cell): list.append(cell)
        case .insert(let cell, let position): list.insert(cell, at: position % (count + 1))
        case .removeID(let id): list.remove(id: id)
        case .removeAt(let position): if count > 0 { list.remove(at: position % count) }
        case .removeOddA: list.removeAll { $0.a % 2 == 1 }
        case .move(let source, let destination):
            if count > 0 { list.move(fromOffsets: IndexSet(source.map { $0 % count }), toOffset: destination % (count + 1)) }
        case .sort: list.sort { ($0.a, $0.id) < ($1.a, $1.id) }
        }
    }
}
