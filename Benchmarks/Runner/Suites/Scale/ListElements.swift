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
    ]
}

/// A list of items, one of the three kinds.
protocol ItemList: AnyObject {
    func append(_ item: StructTodoItem)
    var count: Int { get }
    var last: StructTodoItem? { get }
}

final class PlainItemList: ItemList {
    var items: [StructTodoItem] = []
    func append(_ item: StructTodoItem) { items.append(item) }
    var count: Int { items.count }
    var last: StructTodoItem? { items.last }
}

final class TrackedItemList: ItemList {
    let items = TrackedList<StructTodoItem>()
    func append(_ item: StructTodoItem) { items.append(item) }
    var count: Int { items.count }
    var last: StructTodoItem? { items.last }
}

@Observable
final class ObservedItemList: ItemList {
    var items: [StructTodoItem] = []
    func append(_ item: StructTodoItem) { items.append(item) }
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
