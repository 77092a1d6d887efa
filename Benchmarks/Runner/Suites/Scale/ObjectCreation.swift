import Tracking

/// Objects a creation benchmark made in one call, kept until the next
/// call's untimed reset, so that a sample times making objects (in fresh
/// memory, as a program that builds a model does) and not freeing them.
final class ObjectBatch {
    var items: [Any] = []

    /// Frees the last call's objects and makes room for `n` more.
    func prepare(_ n: Int) {
        items.removeAll(keepingCapacity: true)
        items.reserveCapacity(n)
    }
}

/// "create objects": ns per object and heap bytes per object, never
/// observed, on a plain class, Tracking and Observation; and on a Tracking
/// class that declares `Observable` (the bridge), never read (it has no
/// Apple registrar yet) and read once (the read makes it).
func objectCreationBenchmarks(probeCount: Int) -> [Benchmark] {
    [
        creation("create objects", variant: "plain", probeCount: probeCount, make: { ScalePlainItem() }) {
            try checkNewItem(ScalePlainItem.self)
        },
        creation("create objects", variant: "Tracking", probeCount: probeCount, make: { ScaleTrackedItem() }) {
            try checkNewItem(ScaleTrackedItem.self)
        },
        creation("create objects", variant: "Observation", probeCount: probeCount, make: { ScaleObservedItem() }) {
            try checkNewItem(ScaleObservedItem.self)
        },
        creation("create objects", variant: "bridged", probeCount: probeCount, make: { ScaleBridgedItem() }) {
            try checkNewItem(ScaleBridgedItem.self)
        },
        creation(
            "create objects", variant: "bridged, read once", probeCount: probeCount,
            make: {
                let item = ScaleBridgedItem()
                blackHole(item.number)
                return item
            },
            check: { try checkNewItem(ScaleBridgedItem.self) }),
    ]
}

/// Throws unless a new item holds the default values, and keeps a write.
private func checkNewItem<Item: ScaleItem>(_: Item.Type) throws {
    let item = Item()
    try expectValues(item, 0, "", false, "a new \(Item.self)")
    item.number = 7
    try expectValues(item, 7, "", false, "\(Item.self) after a write")
}

/// "create observed objects": each object gets one observer that reads its
/// three properties; ns and heap bytes per object with its observer.
func observedCreationBenchmarks(probeCount: Int) -> [Benchmark] {
    [
        .unsupported(
            suite: "scale", name: "create observed objects", variant: "plain",
            reason: "a plain class has no observers"),
        creation(
            "create observed objects", variant: "Tracking", probeCount: probeCount,
            make: {
                let item = ScaleTrackedItem()
                return (item, observeAll(item))
            },
            check: {
                // Each observer runs once at once, then once per write,
                // seeing the new value.
                let items = (0..<10).map { _ in ScaleTrackedItem() }
                let logs = items.map { _ in RunLog() }
                let tokens = zip(items, logs).map { item, log in observeAll(item, onRun: log.record) }
                for (index, item) in items.enumerated() { item.number = index + 1 }
                items[0].name = "renamed"
                for (index, log) in logs.enumerated() {
                    let expectedRuns = index == 0 ? 3 : 2
                    guard log.runs == expectedRuns, log.lastNumber == index + 1 else {
                        throw BenchmarkFailure(
                            "observer \(index) ran \(log.runs) times and last saw \(log.lastNumber), "
                                + "expected \(expectedRuns) runs and \(index + 1)")
                    }
                }
                withExtendedLifetime(tokens) {}
            }),
        creation(
            "create observed objects", variant: "Observation", probeCount: probeCount,
            make: {
                let item = ScaleObservedItem()
                observeAll(item)
                return item
            },
            check: {
                // Apple's onChange runs before the new value is stored, so the
                // re-armed run after a write still reads the old value.
                let items = (0..<10).map { _ in ScaleObservedItem() }
                let logs = items.map { _ in RunLog() }
                for (item, log) in zip(items, logs) { observeAll(item, onRun: log.record) }
                for (index, item) in items.enumerated() { item.number = index + 1 }
                for (index, (item, log)) in zip(items, logs).enumerated() {
                    guard log.runs == 2, log.lastNumber == 0, item.number == index + 1 else {
                        throw BenchmarkFailure(
                            "observer \(index) ran \(log.runs) times and last saw \(log.lastNumber), item holds "
                                + "\(item.number); expected 2 runs, 0 (the value before the write) and \(index + 1)")
                    }
                }
            }),
    ]
}

/// A benchmark that makes `n` objects per call with `make`, kept until the
/// next call's reset; its object probe keeps `probeCount` of them at once.
private func creation(
    _ name: String, variant: String, probeCount: Int, make: @escaping () -> Any, check: @escaping () throws -> Void
) -> Benchmark {
    let batch = ObjectBatch()
    return Benchmark(
        suite: "scale", name: name, variant: variant,
        body: { n in
            for _ in 0..<n { batch.items.append(make()) }
        },
        reset: { n in batch.prepare(n) },
        check: {
            batch.prepare(100)
            for _ in 0..<100 { batch.items.append(make()) }
            guard batch.items.count == 100 else {
                throw BenchmarkFailure("made \(batch.items.count) objects, expected 100")
            }
            try check()
        },
        teardown: { batch.items = [] },
        objects: ObjectProbe(count: probeCount, make: make))
}

/// Throws unless an item holds the expected values.
private func expectValues(
    _ item: some ScaleItem, _ number: Int, _ name: String, _ flag: Bool, _ what: String
) throws {
    guard item.number == number, item.name == name, item.flag == flag else {
        throw BenchmarkFailure(
            "\(what) holds (\(item.number), \"\(item.name)\", \(item.flag)), expected (\(number), \"\(name)\", \(flag))")
    }
}
