/// The cellx benchmark (Riim/cellx, as ported by js-reactivity-benchmark):
/// layers of four computed values, each layer computed from the one before,
/// with one effect per computed value.
///
/// The original builds the graph, reads the last layer, changes the four
/// start values from (1, 2, 3, 4) to (4, 3, 2, 1) in one batch, and reads
/// the last layer again, expecting fixed values for 1,000 and 2,500 layers.
/// Here an operation is that batch, in alternate directions, with both
/// reads; the check compares the last layer with the original's values (or,
/// for other sizes, with ``CellxModel``) and counts the effect runs and
/// recomputations of one change against the model.
///
/// The Observation adapter cannot run it at the original's sizes: a computed
/// value that recomputes on every read makes a read of layer `n` cost about
/// 1.618ⁿ computations (each prop reads one or two props of the layer
/// before), so it runs only at ``adapterLayers``.
struct Cellx: ReactivityCase {
    let layers: Int
    /// The most layers at which the adapter finishes in reasonable time.
    static let adapterLayers = 16

    var name: String { "cellx" }
    var parameters: [(String, String)] { [("layers", "\(layers)")] }
    var observationLimit: String? {
        layers <= Cellx.adapterLayers ? nil
            : "recomputing on every read, reading layer n costs about 1.618^n computations"
    }

    /// The original's expected last layers, before and after the change.
    static let published: [Int: (before: [Int], after: [Int])] = [
        1_000: ([-3, -6, -2, 2], [-2, -4, 2, 3]),
        2_500: ([-3, -6, -2, 2], [-2, -4, 2, 3]),
    ]

    func run<F: ReactiveFramework>(on framework: F) -> ReactivityRun {
        let initial = [1, 2, 3, 4]
        let changed = [4, 3, 2, 1]
        let start = initial.map { framework.signal($0) }
        let effectRuns = Counter()
        let recomputations = Counter()
        var layer = start.map(\.computed)
        for _ in 0..<layers {
            let m = layer
            let next = [
                framework.computed { () -> Int in recomputations.count += 1; return m[1].read() },
                framework.computed { () -> Int in recomputations.count += 1; return m[0].read() - m[2].read() },
                framework.computed { () -> Int in recomputations.count += 1; return m[1].read() + m[3].read() },
                framework.computed { () -> Int in recomputations.count += 1; return m[2].read() },
            ]
            for prop in next {
                framework.effect {
                    _ = prop.read()
                    effectRuns.count += 1
                }
            }
            layer = next
        }
        let end = layer

        let before = CellxModel(start: initial, layers: layers)
        let after = CellxModel(start: changed, layers: layers)
        let expectedBefore = Cellx.published[layers]?.before ?? before.end
        let expectedAfter = Cellx.published[layers]?.after ?? after.end
        let expectedEffectRuns = F.memoizesComputedValues ? CellxModel.changedProps(before, after) : 4 * layers
        let expectedRecomputations = CellxModel.recomputedProps(before, after)

        let expect = Expectations()
        var isChanged = false
        let flip = {
            expect.equal(end.map { $0.read() }, isChanged ? expectedAfter : expectedBefore, "last layer before")
            isChanged.toggle()
            let values = isChanged ? changed : initial
            framework.batch {
                for (signal, value) in zip(start, values) { signal.write(value) }
            }
            expect.equal(end.map { $0.read() }, isChanged ? expectedAfter : expectedBefore, "last layer after")
        }
        return ReactivityRun(repeating: flip) {
            effectRuns.count = 0
            recomputations.count = 0
            flip()
            try expect.verify(effectRuns.count, expectedEffectRuns, "effect runs of one change")
            if F.memoizesComputedValues {
                try expect.verify(recomputations.count, expectedRecomputations, "recomputations of one change")
            }
        }
    }
}
