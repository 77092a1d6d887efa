import Synchronization
import Testing
import Tracking
@testable import Rendering

/// How `ForEach` matches its rows with the elements: by id, keeping each
/// row's identity and state while other rows are inserted, removed or moved
/// (see ``ForEachRows``), and through what a collection reports of its
/// changes (``IdentityChangeReporting``).
@MainActor
@Suite struct ForEachTests {
    @Test func insertionsRemovalsAndMovesKeepEveryOtherRowAndRenderOnlyTheNewOnes() throws {
        let checker = RowChecker(ids: Array(1...20))
        try checker.apply([0] + Array(1...20))                                  // insert at the top
        try checker.apply([0] + Array(1...10) + [100] + Array(11...20))         // in the middle
        try checker.apply([0] + Array(1...10) + [100] + Array(11...20) + [21])  // at the end
        try checker.apply(Array(1...10) + [100] + Array(11...21))               // remove the top
        try checker.apply(Array(1...10) + Array(11...21))                       // the middle
        try checker.apply([21] + Array(1...20))                                 // move the last to the top
        try checker.apply(Array(1...20) + [21])                                 // and back down
        try checker.apply([1, 3, 2] + Array(4...21))                            // swap two
        try checker.apply(Array((1...21).reversed()))                           // reverse
        try checker.apply((1...21).filter { $0 % 3 != 0 })                      // keep a subset
        try checker.apply(Array(1...21))                                        // and show the rest again
        try checker.apply([])                                                   // empty
        try checker.apply([5, 6, 7])                                            // all new
    }

    /// The same edits whatever the collection: an array, a slice whose
    /// indices do not start at 0 (both read in place, see ``RowWalk``), and
    /// a collection without contiguous storage (read by index).
    @Test(arguments: RowStorage.allCases)
    func insertionsRemovalsAndMovesOnEveryKindOfCollection(_ storage: RowStorage) throws {
        let checker = RowChecker(ids: Array(1...6), storage: storage)
        try checker.apply([0] + Array(1...6))        // insert at the top
        try checker.apply([0] + Array(1...6) + [7])  // at the end
        try checker.apply(Array(1...7))              // remove the top
        try checker.apply([1, 2, 3, 5, 6, 7])        // the middle
        try checker.apply([7, 1, 2, 3, 5, 6])        // move the last to the top
        try checker.apply([7, 1, 2, 3, 5, 6, 2, 8], shown: [7, 1, 2, 3, 5, 6, 8])   // a duplicate after the rest
        try checker.apply([])
        try checker.apply([5, 6, 7])
    }

    @Test(arguments: RowStorage.allCases)
    func randomEditsAgreeWithTheModel(_ storage: RowStorage) throws {
        var random = SeededGenerator(seed: 17)
        var ids = Array(0..<30)
        var nextID = 30
        let checker = RowChecker(ids: ids, storage: storage)
        for _ in 0..<300 {
            switch Int.random(in: 0..<7, using: &random) {
            case 0:
                ids.insert(nextID, at: Int.random(in: 0...ids.count, using: &random))
                nextID += 1
            case 1 where !ids.isEmpty:
                ids.remove(at: Int.random(in: 0..<ids.count, using: &random))
            case 2 where !ids.isEmpty:
                let moved = ids.remove(at: Int.random(in: 0..<ids.count, using: &random))
                ids.insert(moved, at: Int.random(in: 0...ids.count, using: &random))
            case 3:
                ids.shuffle(using: &random)
            case 4:
                ids = ids.filter { _ in Bool.random(using: &random) }
            case 5:
                for _ in 0..<Int.random(in: 1...5, using: &random) {
                    ids.insert(nextID, at: Int.random(in: 0...ids.count, using: &random))
                    nextID += 1
                }
            default:
                if ids.count > 2 { ids.swapAt(0, ids.count - 1) }
            }
            try checker.apply(ids)
        }
    }

    @Test func aDuplicateIDIsShownOnceAndReportedWithBothOffsets() throws {
        let checker = RowChecker(ids: [1, 2, 3])
        try checker.apply([1, 2, 3, 2], shown: [1, 2, 3])
        #expect(checker.host.errors.map(\.message) == [
            "ForEach in RowList has more than one element with id 2 (at offsets 1 and 3); only the first is shown"
        ])
        try checker.apply([4, 4, 1], shown: [4, 1])
        #expect(checker.host.errors.map(\.message).last
            == "ForEach in RowList has more than one element with id 4 (at offsets 0 and 1); only the first is shown")
        // The last two elements have the ids shown last (a suffix kept as
        // it is), but the first element has one of them too: it is the one
        // shown, and the later one is the duplicate.
        try checker.apply([5, 6, 7])
        try checker.apply([6, 8, 6, 7], shown: [6, 8, 7])
        #expect(checker.host.errors.map(\.message).last
            == "ForEach in RowList has more than one element with id 6 (at offsets 0 and 2); only the first is shown")
    }

    @Test func aCollectionThatReportsItsChangesIsNotAskedForItsIDs() throws {
        let source = ReportingSource(ids: Array(1...10))
        let host = ViewHost(ReportedRowList(source: source))
        let first = RowChecker.rows(in: host.snapshot)
        #expect(first.map(\.id) == Array(1...10))
        #expect(CountedID.reads == 10)   // the first render has nothing to compare with

        CountedID.reads = 0
        host.resetCounts()
        source.edit { ids, changes in
            ids.remove(at: 2)                       // 3
            ids.insert(42, at: 0)
            ids.insert(ids.remove(at: ids.count - 1), at: 1)   // 10, moved to the top
            changes = IdentityChanges(removed: [3], placed: [(42, 0), (10, 1)])
        }
        host.flush()
        let rows = RowChecker.rows(in: host.snapshot)
        #expect(rows.map(\.id) == [42, 10, 1, 2, 4, 5, 6, 7, 8, 9])
        #expect(CountedID.reads == 0)
        #expect(host.bodyCounts == ["ReportedRowList": 1, "TokenRow": 1])   // the list and the new row
        let kept = Dictionary(uniqueKeysWithValues: first.map { ($0.id, $0.token) })
        for row in rows where row.id != 42 { #expect(row.token == kept[row.id]) }

        // A report that does not fit the rows shown is ignored: the ids are
        // compared instead, and the rows are still right.
        CountedID.reads = 0
        source.edit { ids, changes in
            ids.removeLast()
            changes = IdentityChanges(removed: [], placed: [])
        }
        host.flush()
        #expect(RowChecker.rows(in: host.snapshot).map(\.id) == [42, 10, 1, 2, 4, 5, 6, 7, 8])
        #expect(CountedID.reads == 9)
        #expect(host.errors.isEmpty)
    }

    /// A row given nothing new by its list is passed over while no view is
    /// dirty; one that its list's body dirtied (here, by a write during the
    /// body) still renders in the list's pass, in its place among the
    /// list's children: before the view after the list.
    @Test func aRowDirtiedDuringItsListsRenderRendersInItsPlace() {
        let model = HighlightModel()
        let host = ViewHost(HighlightList(model: model))
        #expect(host.snapshot.contains("Text(\"5: 5\")"))
        host.resetCounts()

        model.ids.append(6)
        host.flush()
        #expect(host.snapshot.contains("Text(\"5: 6\")"))
        #expect(host.snapshot.contains("Text(\"6: 0\")"))
        #expect(host.snapshot.contains("Text(\"rows: 6\")"))
        #expect(host.renderLog.map(\.description) == [
            "HighlightList: \\HighlightModel.ids",
            "HighlightRow: \\HighlightModel.highlighted",
            "HighlightFooter: new inputs from HighlightList",
        ])
        #expect(host.bodyCounts == ["HighlightList": 1, "HighlightRow": 2, "HighlightFooter": 1])
    }
}

// MARK: Support

private final class HighlightModel: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var ids = [1, 2, 3, 4, 5]
    /// Read by row 5 only; the list's body writes it.
    @Tracked var highlighted = 0
}

private struct HighlightList: View {
    let model: HighlightModel

    var body: some View {
        let ids = model.ids
        // A body should not write state; this one does, to dirty a row
        // while its list renders.
        untracked { model.highlighted = ids.count }
        return VStack {
            ForEach(ids, id: \.self) { HighlightRow(id: $0, model: model) }
            HighlightFooter(count: ids.count)
        }
    }
}

private struct HighlightRow: View {
    let id: Int
    let model: HighlightModel

    var body: some View {
        Text("\(id): \(id == 5 ? model.highlighted : 0)")
    }
}

private struct HighlightFooter: View {
    let count: Int

    var body: some View {
        Text("rows: \(count)")
    }
}

/// The ids to list, tracked.
private final class RowIDs: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var ids: [Int]

    init(_ ids: [Int]) {
        self.ids = ids
    }
}

/// A row whose state, made once per identity, shows whether the row was
/// kept or made anew.
private struct TokenRow: View {
    let id: Int
    @State private var token = TokenRow.makeToken()

    static let tokens = Atomic<Int>(0)

    static func makeToken() -> Int {
        tokens.wrappingAdd(1, ordering: .relaxed).newValue
    }

    var body: some View {
        Text("\(id):\(token)")
    }
}

/// The kind of collection a ``RowList`` gives its `ForEach`.
enum RowStorage: CaseIterable, Sendable {
    /// The array itself.
    case array
    /// A slice of an array, whose first index is 1.
    case slice
    /// A lazy map of the array: no contiguous storage.
    case mapped
}

private struct RowList: View {
    let model: RowIDs
    let storage: RowStorage

    var body: some View {
        switch storage {
        case .array:
            ForEach(model.ids, id: \.self) { TokenRow(id: $0) }
        case .slice:
            ForEach(([0] + model.ids).dropFirst(), id: \.self) { TokenRow(id: $0) }
        case .mapped:
            ForEach(model.ids.lazy.map { $0 }, id: \.self) { TokenRow(id: $0) }
        }
    }
}

/// Applies id lists to a host and checks, after each, the rows on screen,
/// which rows were kept, and which rendered.
@MainActor
private final class RowChecker {
    let model: RowIDs
    let host: ViewHost
    /// The token of each row shown.
    private var tokens: [Int: Int] = [:]
    private var usedTokens: Set<Int> = []

    init(ids: [Int], storage: RowStorage = .array) {
        model = RowIDs(ids)
        host = ViewHost(RowList(model: model, storage: storage))
        for row in Self.rows(in: host.snapshot) {
            tokens[row.id] = row.token
            usedTokens.insert(row.token)
        }
    }

    struct Row: Equatable {
        let id: Int
        let token: Int
    }

    static func rows(in snapshot: String) -> [Row] {
        snapshot.split(separator: "\n").compactMap { line in
            let text = line.trimmingPrefix(" ")
            guard text.hasPrefix("Text(\""), text.hasSuffix("\")") else { return nil }
            let parts = text.dropFirst(6).dropLast(2).split(separator: ":")
            guard parts.count == 2, let id = Int(parts[0]), let token = Int(parts[1]) else { return nil }
            return Row(id: id, token: token)
        }
    }

    func apply(_ ids: [Int], shown: [Int]? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let shown = shown ?? ids
        let changed = ids != model.ids
        host.resetCounts()
        model.ids = ids
        host.flush()
        let rows = Self.rows(in: host.snapshot)
        #expect(rows.map(\.id) == shown, sourceLocation: sourceLocation)
        var newRows = 0
        var next: [Int: Int] = [:]
        for row in rows {
            if let token = tokens[row.id] {
                #expect(row.token == token, "row \(row.id) was made anew", sourceLocation: sourceLocation)
            } else {
                #expect(!usedTokens.contains(row.token), "row \(row.id) reused a state", sourceLocation: sourceLocation)
                usedTokens.insert(row.token)
                newRows += 1
            }
            next[row.id] = row.token
        }
        tokens = next
        #expect(host.bodyCounts["TokenRow", default: 0] == newRows, sourceLocation: sourceLocation)
        #expect(host.bodyCounts["RowList", default: 0] == (changed ? 1 : 0), sourceLocation: sourceLocation)
    }
}

/// An id whose reads are counted: a `ForEach` that learns the changes from
/// its collection does not read them.
private struct CountedID: Hashable {
    let value: Int
    nonisolated(unsafe) static var reads = 0

    var id: Int {
        Self.reads += 1
        return value
    }
}

/// A collection that reports the changes made through ``edit(_:)``, as a
/// collection tracked element by element would.
private final class ReportingSource: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked private(set) var ids: [Int]
    private(set) var version: UInt64 = 0
    private var lastChanges: (from: UInt64, changes: IdentityChanges<Int>)?

    init(ids: [Int]) {
        self.ids = ids
    }

    func edit(_ body: (inout [Int], inout IdentityChanges<Int>) -> Void) {
        var changes = IdentityChanges<Int>(removed: [], placed: [])
        var edited = ids
        body(&edited, &changes)
        lastChanges = (version, changes)
        version += 1
        ids = edited
    }

    func changes(since version: UInt64) -> IdentityChanges<Int>? {
        guard let lastChanges, lastChanges.from == version else { return nil }
        return lastChanges.changes
    }
}

private struct ReportedIDs: RandomAccessCollection, IdentityChangeReporting {
    let source: ReportingSource
    let ids: [Int]

    var startIndex: Int { 0 }
    var endIndex: Int { ids.count }
    subscript(position: Int) -> CountedID { CountedID(value: ids[position]) }

    var identityVersion: UInt64 { source.version }

    func identityChanges(since version: UInt64) -> IdentityChanges<Int>? {
        source.changes(since: version)
    }
}

private struct ReportedRowList: View {
    let source: ReportingSource

    var body: some View {
        ForEach(ReportedIDs(source: source, ids: source.ids), id: \.id) { TokenRow(id: $0.value) }
    }
}
