/// The benchmark's rectangular dependency graph (js-reactivity-benchmark's
/// `makeGraph` and `runGraph`): a layer of sources, layers of computed
/// values each reading `nSources` neighbours of the layer before, and one
/// effect reading a share of the last layer.
///
/// Values are `Double`, as JavaScript numbers: the deep configuration's sum
/// is about 3e241, and the expected sums are the floating-point results of
/// the original's order of additions.
///
/// The sources start as a full run leaves them (source `d` last written
/// `iterations - width + 2d`), where the original starts them at `d` and
/// makes three warm-up runs: every run, the first one included, then does
/// what the original measures.
final class DynamicGraph<F: ReactiveFramework> {
    let config: DynamicGraphConfig
    let framework: F
    let sources: [Signal<Double>]
    let readLeaves: [Computed<Double>]
    /// Computations of every computed value, as the original counts them.
    let counter = Counter()

    init(_ config: DynamicGraphConfig, on framework: F) {
        self.config = config
        self.framework = framework
        sources = (0..<config.width).map { framework.signal(Double(config.iterations - config.width + 2 * $0)) }
        var row = sources.map(\.computed)
        var random = PseudoRandom()
        for _ in 0..<config.totalLayers - 1 {
            row = DynamicGraph.makeRow(after: row, config, framework, counter, &random)
        }
        var leaves = row
        var leafRandom = PseudoRandom()
        for _ in 0..<(config.width - config.readLeafCount) {
            leaves.remove(at: Int(leafRandom.next() * Double(leaves.count)))
        }
        readLeaves = leaves
        let effectLeaves = leaves
        framework.effect {
            for leaf in effectLeaves { _ = leaf.read() }
        }
    }

    private static func makeRow(
        after previous: [Computed<Double>], _ config: DynamicGraphConfig, _ framework: F,
        _ counter: Counter, _ random: inout PseudoRandom
    ) -> [Computed<Double>] {
        (0..<previous.count).map { index in
            let inputs = (0..<config.nSources).map { previous[(index + $0) % previous.count] }
            if random.next() < config.staticFraction {
                return framework.computed { () -> Double in
                    counter.count += 1
                    var sum = 0.0
                    for input in inputs { sum += input.read() }
                    return sum
                }
            }
            // Dynamic: an odd first input drops the input at (first % tail).
            let first = inputs[0]
            let tail = Array(inputs.dropFirst())
            let tailCount = Double(tail.count)
            return framework.computed { () -> Double in
                counter.count += 1
                var sum = first.read()
                let shouldDrop = sum.truncatingRemainder(dividingBy: 2) != 0
                let dropIndex = sum.truncatingRemainder(dividingBy: tailCount)
                for (index, input) in tail.enumerated() {
                    if shouldDrop && Double(index) == dropIndex { continue }
                    sum += input.read()
                }
                return sum
            }
        }
    }

    /// Iteration `i` of a run: writes one source in a batch, then reads the
    /// leaves.
    func iterate(_ i: Int) {
        let sourceIndex = i % sources.count
        framework.batch { sources[sourceIndex].write(Double(i + sourceIndex)) }
        for leaf in readLeaves { _ = leaf.read() }
    }

    /// The sum of the read leaves, added in the original's order.
    var sum: Double {
        readLeaves.reduce(0) { total, leaf in leaf.read() + total }
    }
}
