import Examples
import Foundation
import Observation
import Tracking

/// What one more element of a list of structs costs, appended and never
/// read: ns per append and heap bytes per element (issue 18: "an element
/// nobody reads costs at most a few words"), in a plain array, a
/// `TrackedList` and an `@Observable` model's array. The heap figure is the
/// growth of the heap over 100,000 appends (10,000 with `--quick`), divided
/// by their number: capacity doubling included, so it moves with where the
/// last doubling fell.
func listElementBenchmarks(probeCount: Int) -> [Benchmark] {
    [
        listAppend(variant: "plain", probeCount: probeCount, makeList: { PlainItemList() }),
        listAppend(variant: "Tracking", probeCount: probeCount, makeList: { TrackedItemList() }),
        listAppend(variant: "Observation", probeCount: probeCount, makeList: { ObservedItemList() }),
        elementToggle(variant: "plain", observed: false, makeList: { PlainItemList() }),
        elementToggle(variant: "Tracking", observed: false, makeList: { TrackedItemList() }),
        elementToggle(variant: "Observation", observed: false, makeList: { ObservedItemList() }),
        .unsupported(
            suite: "scale", name: "toggle one list element, one reader per element", variant: "plain",
            reason: "a plain array has no readers"),
        elementToggle(variant: "Tracking", observed: true, makeList: { TrackedItemList() }),
        elementToggle(variant: "Observation", observed: true, makeList: { ObservedItemList() }),
    ]
}

/// The number of elements of the lists that ``elementToggle`` edits.
private let toggledListSize = 1_000

/// Toggles `isCompleted` of element `i % 1,000` of a list of 1,000, as
/// `list[i].isCompleted.toggle()` (by position: the plain array's idiom, and
/// `TrackedList`'s positional subscript). `observed`: one reader per element
/// first (an observer that reads its element's `isCompleted`, as a row does;
/// `withObservationTracking` re-armed in `onChange` on Observation, which
/// reads the array).
private func elementToggle(variant: String, observed: Bool, makeList: @escaping () -> any ItemList) -> Benchmark {
    let list = makeList()
    for _ in 0..<toggledListSize { list.append(newItem()) }
    let readers = ReaderRuns()
    var tokens: [TrackingToken] = []
    if observed { tokens = list.observeEachElement(readers) }
    var next = 0
    let name = observed ? "toggle one list element, one reader per element" : "toggle one list element, no reader"
    return Benchmark(
        suite: "scale", name: name, variant: variant,
        body: { n in
            for _ in 0..<n {
                list.toggle(at: next % toggledListSize)
                next &+= 1
            }
        },
        check: {
            let before = readers.count
            let wasCompleted = list.isCompleted(at: 7)
            list.toggle(at: 7)
            guard list.isCompleted(at: 7) != wasCompleted else {
                throw BenchmarkFailure("\(variant): toggling element 7 left it \(wasCompleted)")
            }
            // Tracking runs the toggled element's reader; Observation every
            // reader of the array.
            let expected = !observed ? 0 : variant == "Tracking" ? 1 : toggledListSize
            guard readers.count - before == expected else {
                throw BenchmarkFailure("\(variant): one toggle ran \(readers.count - before) readers, expected \(expected)")
            }
        },
        teardown: { tokens.removeAll() })
}

/// Counts reader runs; readers run on the toggling thread.
final class ReaderRuns: @unchecked Sendable {
    var count = 0
}

/// A list of items, one of the three kinds.
protocol ItemList: AnyObject {
    func append(_ item: StructTodoItem)
    var count: Int { get }
    var last: StructTodoItem? { get }
    func toggle(at index: Int)
    func isCompleted(at index: Int) -> Bool
    /// One reader per element, each reading that element's `isCompleted`.
    func observeEachElement(_ runs: ReaderRuns) -> [TrackingToken]
}

extension ItemList {
    func observeEachElement(_ runs: ReaderRuns) -> [TrackingToken] { [] }
}

final class PlainItemList: ItemList {
    var items: [StructTodoItem] = []
    func append(_ item: StructTodoItem) { items.append(item) }
    func toggle(at index: Int) { items[index].isCompleted.toggle() }
    func isCompleted(at index: Int) -> Bool { items[index].isCompleted }
    var count: Int { items.count }
    var last: StructTodoItem? { items.last }
}

final class TrackedItemList: ItemList, @unchecked Sendable {
    let items = TrackedList<StructTodoItem>()
    func append(_ item: StructTodoItem) { items.append(item) }
    func toggle(at index: Int) { items[index].isCompleted.toggle() }
    func isCompleted(at index: Int) -> Bool { untracked { items[index].isCompleted } }

    func observeEachElement(_ runs: ReaderRuns) -> [TrackingToken] {
        let ids = untracked { items.ids }
        return ids.map { id in
            observe {
                _ = self.items[id: id]?.isCompleted
                runs.count += 1
            }
        }
    }
    var count: Int { items.count }
    var last: StructTodoItem? { items.last }
}

@Observable
final class ObservedItemList: ItemList, @unchecked Sendable {
    var items: [StructTodoItem] = []
    func append(_ item: StructTodoItem) { items.append(item) }
    func toggle(at index: Int) { items[index].isCompleted.toggle() }
    func isCompleted(at index: Int) -> Bool { items[index].isCompleted }

    func observeEachElement(_ runs: ReaderRuns) -> [TrackingToken] {
        for index in 0..<items.count { observeElement(index, runs) }
        return []
    }

    /// Apple's idiom for a continuous reader: re-armed in `onChange`.
    private func observeElement(_ index: Int, _ runs: ReaderRuns) {
        withObservationTracking {
            _ = items[index].isCompleted
        } onChange: { [unowned self] in
            runs.count += 1
            observeElement(index, runs)
        }
    }
    var count: Int { items.count }
    var last: StructTodoItem? { items.last }
}

/// Appends `n` items per call to a list made afresh in the reset; the probe
/// appends `probeCount` items to one list.
private func listAppend(variant: String, probeCount: Int, makeList: @escaping () -> any ItemList) -> Benchmark {
    var list = makeList()
    let probed = makeList()
    return Benchmark(
        suite: "scale", name: "append list elements", variant: variant,
        body: { n in
            // A new id each time: the tracked list refuses a repeated one.
            for _ in 0..<n { list.append(newItem()) }
        },
        reset: { _ in list = makeList() },
        check: {
            let fresh = makeList()
            for index in 0..<100 { fresh.append(StructTodoItem(title: "Task \(index)")) }
            guard fresh.count == 100, fresh.last?.title == "Task 99" else {
                throw BenchmarkFailure("\(variant): 100 appends left \(fresh.count) elements, the last \(String(describing: fresh.last))")
            }
        },
        teardown: { list = makeList() },
        objects: ObjectProbe(count: probeCount, make: {
            probed.append(newItem())
            return 0
        }))
}

/// An item with a new id, made from a counter (`UUID()` reads the system's
/// random source, which would cost more than the append).
private func newItem() -> StructTodoItem {
    ItemIDs.next += 1
    let n = ItemIDs.next
    let id = UUID(uuid: (
        UInt8(truncatingIfNeeded: n), UInt8(truncatingIfNeeded: n >> 8), UInt8(truncatingIfNeeded: n >> 16),
        UInt8(truncatingIfNeeded: n >> 24), UInt8(truncatingIfNeeded: n >> 32), UInt8(truncatingIfNeeded: n >> 40),
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    return StructTodoItem(id: id, title: "Task", createdAt: ItemIDs.date)
}

private enum ItemIDs {
    nonisolated(unsafe) static var next: UInt64 = 0
    static let date = Date(timeIntervalSince1970: 0)
}
