import Tracking

/// Memory per dependency, measured once when the suite is built, shown in
/// the parameters of its row:
/// - `link`: Tracking's own figure for one dependency
///   (`TrackingStatistics.bytesPerDependency`, the target is 48);
///   `reference link`: the reference engine's (one ``ReferenceLink``);
/// - `Tracking`, `Observation`, `reference`: malloc bytes per dependency
///   when 200 effects each read the same 1,000 signals (the effects' own
///   memory spread over their reads; the signals exist before);
/// - `graph`, `reference graph`: malloc bytes per link of a whole benchmark
///   graph (the dynamic graph 4-1000x12: its signals, computed values,
///   effect and links) on Tracking and on the reference engine.
///
/// The reference engine takes its links from blocks that it never frees,
/// so its figures are malloc's less the links reserved and not in use
/// (``ReferenceLinkPool/unusedBytes``).
///
/// An operation is one dependency: an effect reading signals, then disposed
/// of. The check holds Tracking to the 48-byte target, and every engine that
/// counts its dependencies to leaving none behind.
struct DependencyMemory: ReactivityCase {
    let name = "memory per dependency"
    let parameters: [(String, String)]
    let linkBytes = TrackingStatistics.bytesPerDependency
    let signalCount = 1_000

    init(quick: Bool) {
        let effects = quick ? 20 : 200
        var parameters = [("link", "\(linkBytes) B"), ("reference link", "\(ReferenceFramework.bytesPerLink) B")]
        let reads = signalCount
        let tracking = DependencyMemory.bytesPerDependency(TrackingFramework.self, effects: effects, reads: reads)
        let observation = DependencyMemory.bytesPerDependency(ObservationFramework.self, effects: effects, reads: reads)
        let reference = DependencyMemory.bytesPerDependency(ReferenceFramework.self, effects: effects, reads: reads)
        if let tracking, let observation, let reference {
            parameters += [
                ("Tracking", "\(format2(tracking)) B"), ("Observation", "\(format2(observation)) B"),
                ("reference", "\(format2(reference)) B"),
            ]
        }
        if let graph = DependencyMemory.graphBytesPerLink(TrackingFramework.self) {
            parameters.append(("graph", "\(format2(graph)) B"))
        }
        if let graph = DependencyMemory.graphBytesPerLink(ReferenceFramework.self) {
            parameters.append(("reference graph", "\(format2(graph)) B"))
        }
        self.parameters = parameters
    }

    /// Malloc bytes per dependency of `effects` effects that each read the
    /// same `reads` signals.
    private static func bytesPerDependency<F: ReactiveFramework>(_: F.Type, effects: Int, reads: Int) -> Double? {
        let framework = F()
        let signals = (0..<reads).map { framework.signal($0) }
        let readAll: @isolated(any) @Sendable () -> Void = {
            for signal in signals { _ = signal.read() }
        }
        // The first read of a property registers it with its object, once.
        framework.effect(readAll)
        framework.cleanup()
        guard let before = bytesInUse(F.self) else { return nil }
        for _ in 0..<effects { framework.effect(readAll) }
        guard let after = bytesInUse(F.self) else { return nil }
        framework.cleanup()
        return Double(after - before) / Double(effects * reads)
    }

    /// Malloc bytes per link of the 4-1000x12 dependency graph on `F`, which
    /// must count its dependencies.
    private static func graphBytesPerLink<F: ReactiveFramework>(_: F.Type) -> Double? {
        guard let config = DynamicGraphConfig.all.first(where: { $0.width == 1_000 && $0.totalLayers == 12 }),
              let links = F.liveDependencyCount, let before = bytesInUse(F.self) else { return nil }
        let graph = DynamicGraph(config, on: F())
        guard let after = bytesInUse(F.self), let linksAfter = F.liveDependencyCount else { return nil }
        withExtendedLifetime(graph) {}
        return Double(after - before) / Double(linksAfter - links)
    }

    /// Heap bytes in use, as far as `F` is concerned: malloc's figure, less
    /// the reference engine's links reserved and not in use.
    private static func bytesInUse<F: ReactiveFramework>(_: F.Type) -> Int? {
        guard let bytes = mallocBytesInUse() else { return nil }
        return F.self == ReferenceFramework.self ? bytes - ReferenceLinkPool.unusedBytes : bytes
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
            let links = F.liveDependencyCount
            tally.sum = 0
            link(signalCount)
            try expect.verify(tally.sum, signalCount * (signalCount - 1) / 2, "sum of the signals read")
            try expect.verify(F.liveDependencyCount, links, "dependencies left after cleanup")
            if linkBytes > 48 {
                throw BenchmarkFailure("a dependency takes \(linkBytes) bytes; the target is 48")
            }
        }
    }
}
