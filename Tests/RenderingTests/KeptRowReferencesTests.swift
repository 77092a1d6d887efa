import Publishing
import Testing
import Tracking
@testable import Rendering

/// The rows of a `ForEach` that keep their views drop the new views'
/// references themselves when those are all the views hold (``KeptRows``,
/// ``BatchedReleases``): which view types qualify, and that every reference
/// is released exactly once, on both walks (the unchanged prefix, and the
/// rows matched after a change).
@MainActor
@Suite struct KeptRowReferencesTests {
    @Test func onlyViewsOfStrongReferencesAreDroppedWordByWord() {
        #expect(ViewLayout.of(SharedAndOwnRow.self).wordsAreStrongReferences)
        #expect(ViewLayout.of(ObservedRow.self).wordsAreStrongReferences)
        #expect(ViewLayout.of(OneReferenceRow.self).wordsAreStrongReferences)
        // Reflection reports these as class fields; they are not strong.
        #expect(!ViewLayout.of(UnownedRow.self).wordsAreStrongReferences)
        #expect(!ViewLayout.of(UnownedUnsafeRow.self).wordsAreStrongReferences)
        // Fields that are not references, or not compared as words.
        #expect(!ViewLayout.of(WeakRow.self).wordsAreStrongReferences)
        #expect(!ViewLayout.of(TitledRow.self).wordsAreStrongReferences)
        #expect(!ViewLayout.of(AnyObjectRow.self).wordsAreStrongReferences)
    }

    /// The row views of the lists that drop references: two words (the
    /// model and the item) or one (the item).
    enum RowShape: CaseIterable {
        case modelAndItem, itemOnly

        var rowName: String { self == .modelAndItem ? "SharedAndOwnRow" : "OneReferenceRow" }
    }

    @Test(arguments: RowShape.allCases)
    func aBodyThatRunsAgainLeavesEveryReferenceCountAsItWas(_ shape: RowShape) {
        let (model, host) = showList(shape, rows: 40)
        let before = referenceCounts(model)
        for _ in 0..<3 {
            model.generation += 1   // the list's body runs again; every row keeps its view
            host.flush()
        }
        #expect(host.bodyCounts == ["RowsList": 3])
        #expect(referenceCounts(model) == before)
    }

    /// An item inserted at the top makes every other row go through the
    /// matching walk; removing it again must give back the counts the rows
    /// had, both walks having dropped each new view's references once.
    @Test(arguments: RowShape.allCases)
    func rowsMatchedAfterAChangeReleaseEachReferenceOnce(_ shape: RowShape) {
        let (model, host) = showList(shape, rows: 40)
        let before = referenceCounts(model)
        for _ in 0..<3 {
            model.items.insert(RowItem(id: -1), at: 0)
            host.flush()
            model.items.removeFirst()
            host.flush()
        }
        #expect(host.bodyCounts == ["RowsList": 6, shape.rowName: 3])
        #expect(referenceCounts(model) == before)
    }

    @Test func viewsOfOtherFieldsAreStillDestroyedByTheWalk() {
        let (model, host) = showList(of: UnownedRow.self, rows: 10)
        let before = referenceCounts(model)
        model.generation += 1
        host.flush()
        model.items.insert(RowItem(id: -1), at: 0)
        host.flush()
        model.items.removeFirst()
        host.flush()
        #expect(referenceCounts(model) == before)
    }

    private func showList(_ shape: RowShape, rows: Int) -> (RowsModel, ViewHost) {
        switch shape {
        case .modelAndItem: showList(of: SharedAndOwnRow.self, rows: rows)
        case .itemOnly: showList(of: OneReferenceRow.self, rows: rows)
        }
    }

    /// A host showing a list of `rows` rows of type `row`, its counts reset.
    private func showList<Row: ItemRow>(of row: Row.Type, rows: Int) -> (RowsModel, ViewHost) {
        let model = RowsModel(count: rows)
        let host = ViewHost(RowsList<Row>(model: model))
        host.resetCounts()
        return (model, host)
    }

    /// The strong reference counts of the model and of each item, in order.
    private func referenceCounts(_ model: RowsModel) -> [UInt] {
        [_getRetainCount(model)] + model.items.map { _getRetainCount($0) }
    }
}

final class RowsModel: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var items: [RowItem]
    @Tracked var generation = 0

    init(count: Int) {
        items = (0..<count).map { RowItem(id: $0) }
    }
}

final class RowItem: Identifiable {
    let id: Int
    init(id: Int) { self.id = id }
}

final class PublishedRowModel: ObservableObject {}

/// A row made of an item and its model, shown by ``RowsList``.
protocol ItemRow: View {
    init(item: RowItem, model: RowsModel)
}

/// One row per item; its body runs again when the model's generation
/// changes.
struct RowsList<Row: ItemRow>: View {
    let model: RowsModel
    var body: some View {
        let _ = model.generation
        ForEach(model.items) { item in Row(item: item, model: model) }
    }
}

/// The usual row: a reference to the model every row shares and one to its
/// own item.
struct SharedAndOwnRow: ItemRow {
    @Bindable var item: RowItem
    let model: RowsModel
    var body: some View { Text("\(item.id)") }
}

struct UnownedRow: ItemRow {
    let item: RowItem
    unowned let model: RowsModel
    var body: some View { Text("\(item.id)") }
}

struct ObservedRow: View {
    @ObservedObject var model: PublishedRowModel
    var body: some View { Text("row") }
}

struct OneReferenceRow: ItemRow {
    let item: RowItem
    init(item: RowItem, model: RowsModel) { self.item = item }
    var body: some View { Text("\(item.id)") }
}

struct UnownedUnsafeRow: View {
    unowned(unsafe) let model: RowsModel
    var body: some View { Text("row") }
}

struct WeakRow: View {
    weak var model: RowsModel?
    var body: some View { Text("row") }
}

struct TitledRow: View {
    let model: RowsModel
    let title: String
    var body: some View { Text(title) }
}

struct AnyObjectRow: View {
    let model: AnyObject
    var body: some View { Text("row") }
}
