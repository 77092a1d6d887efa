import Tracking

/// Memory per dependency, measured once when the suite is built, shown in
/// the parameters of its row:
/// - `link`: Tracking's own figure for one dependency
///   (`TrackingStatistics.bytesPerDependency`, the target is 48);
/// - `Tracking`, `Observation`: malloc bytes per dependency when 200
///   effects each read the same 1,000 signals (the effects' own memory
///   spread over their reads; the signals exist before);
/// - `graph`: malloc bytes per link of a whole benchmark graph (the dynamic
///   graph 4-1000x12: its signals, computed values, effect and links).
///
/// An operation is one dependency: an effect reading signals, then disposed
/// of. The check holds Tracking to the 48-byte target, and to leaving no
/// dependency behind.
struct DependencyMemory: ReactivityCase {
    let name = "memory per dependency"
    let parameters: [(String, String)]
    let linkBytes = TrackingStatistics.bytesPerDependency
    let signalCount = 1_000

    init(quick: Bool) {
        let effects = quick ? 20 : 200
        var parameters = [("link", "\(linkBytes) B")]
        let tracking = DependencyMemory.bytesPerDependency(TrackingFramework.self, effects: effects, reads: signalCount)
        let observation = DependencyMemory.bytesPerDependency(ObservationFramework.self, effects: effects, reads: signalCount)
        if let tracking, let observation {
            parameters += [("Tracking", "\(format2(tracking)) B"), ("Observation", "\(format2(observation)) B")]
        }
        if let graph = DependencyMemory.graphBytesPerLink() {
            parameters.append(("graph", "\(format2(graph)) B"))
        }
        self.parameters = parameters
    }

    /// Malloc bytes per dependency of `effects` effects that each read the
    /// same `reads` signals.
    private static func bytesPerDependency<F: ReactiveFramework>(_: F.Type, effects: Int, reads: Int) -> Double? {
        let framework = F()
        let signals = (0..<reads).map { framework.signal($0) }
        let readAll: @Sendable () -> Void = {
            for signal in signals { _ = signal.read() }
        }
        // The first read of a property registers it with its object, once.
        framework.effect(readAll)
        framework.cleanup()
        guard let before = mallocBytesInUse() else { return nil }
        for _ in 0..<effects { framework.effect(readAll) }
        guard let after = mallocBytesInUse() else { return nil }
        framework.cleanup()
        return Double(after - before) / Double(effects * reads)
    }

    /// Malloc bytes per link of the 4-1000x12 dependency graph on Tracking.
    private static func graphBytesPerLink() -> Double? {
        guard let config = DynamicGraphConfig.all.first(where: { $0.width == 1_000 && $0.totalLayers == 12 }),
              let before = mallocBytesInUse() else { return nil }
        let links = TrackingStatistics.liveDependencyCount
        let graph = DynamicGraph(config, on: TrackingFramework())
        guard let after = mallocBytesInUse() else { return nil }
        let created = TrackingStatistics.liveDependencyCount - links
        withExtendedLifetime(graph) {}
        return Double(after - before) / Double(created)
    }

    func run<F: ReactiveFramework>(on framework: F) -> ReactivityRun {
        let signals = (0..<signalCount).map { framework.signal($0) }
        let tally = Tally()
        let expect = Expectations()
        /// `n` dependencies: effects reading up to `signalCount` signals each.
        let link = { (n: Int) in
            var remaining = n
            while remaining > 0 {
                let inputs = signals.prefix(remaining)
                remaining -= inputs.count
                framework.effect {
                    var sum = 0
                    for input in inputs { sum &+= input.read() }
                    tally.add(sum)
                }
            }
            framework.cleanup()
        }
        let linkBytes = linkBytes
        return ReactivityRun(body: link) {
            let links = TrackingStatistics.liveDependencyCount
            tally.sum = 0
            link(signalCount)
            try expect.verify(tally.sum, signalCount * (signalCount - 1) / 2, "sum of the signals read")
            try expect.verify(TrackingStatistics.liveDependencyCount, links, "dependencies left after cleanup")
            if linkBytes > 48 {
                throw BenchmarkFailure("a dependency takes \(linkBytes) bytes; the target is 48")
            }
        }
    }
}
