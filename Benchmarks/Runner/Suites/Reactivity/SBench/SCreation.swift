/// sBench's creation cases (after Solid's `bench.cjs`, as in
/// js-reactivity-benchmark): `createNtoM` creates effects that each read N
/// signals, M effects per signal. An operation is one effect created; the
/// benchmark body disposes of them all at its end, as the original's timing
/// includes its cleanup.
///
/// The effects read from a pool of signals made before timing (the original
/// makes them before its timer starts too). The check creates a thousand
/// more and verifies that each ran once and read its signals, and that
/// disposing of them left no dependency behind.
///
/// On the Observation adapter, disposing of an effect cannot remove its
/// registrations (Observation keeps them until the next change), so they
/// pile up in the pool during timing; the check replaces the pool to free
/// them.
struct SCreation: ReactivityCase {
    /// The original's name, e.g. `create1to8`.
    let caseName: String
    /// Signals each effect reads.
    let sourcesPerEffect: Int
    /// Effects reading each signal.
    let effectsPerSource: Int
    /// Signals in the pool.
    let poolSize: Int

    var name: String { "sBench: \(caseName)" }
    var parameters: [(String, String)] { [("signals", "\(poolSize)")] }

    /// The original's nine creation cases.
    static func all(poolSize: Int) -> [SCreation] {
        [(0, 1), (1, 1), (2, 1), (4, 1), (1_000, 1), (1, 2), (1, 4), (1, 8), (1, 1_000)].map {
            SCreation(
                caseName: "create\($0.0)to\($0.1)", sourcesPerEffect: $0.0, effectsPerSource: $0.1,
                poolSize: poolSize)
        }
    }

    func run<F: ReactiveFramework>(on framework: F) -> ReactivityRun {
        let pool = SignalPool(size: poolSize, on: framework)
        let tally = Tally()
        let expect = Expectations()
        var created = 0
        let (perEffect, perSource, poolSize) = (sourcesPerEffect, effectsPerSource, poolSize)

        /// The pool index of the first signal effect `j` reads; it reads
        /// `perEffect` consecutive ones.
        func firstIndex(_ j: Int) -> Int {
            (j / perSource) * perEffect % poolSize
        }
        func create(_ n: Int) {
            let before = tally.runs
            let signals = pool.signals
            for _ in 0..<n {
                let first = firstIndex(created)
                created += 1
                framework.effect {
                    var sum = 0
                    var index = first
                    for _ in 0..<perEffect {
                        sum &+= signals[index].read()
                        index += 1
                        if index == poolSize { index = 0 }
                    }
                    tally.add(sum)
                }
            }
            framework.cleanup()
            expect.equal(tally.runs - before, n, "effects run at creation")
        }
        return ReactivityRun(body: create) {
            let links = F.liveDependencyCount
            tally.sum = 0
            let first = created
            create(1_000)
            let expectedSum = (first..<created).reduce(0) { total, j in
                (0..<perEffect).reduce(total) { $0 &+ (firstIndex(j) + $1) % poolSize }
            }
            try expect.verify(tally.sum, expectedSum, "sum of the values the effects read")
            try expect.verify(F.liveDependencyCount, links, "dependencies left after cleanup")
            pool.renew()
        }
    }
}

/// The signals the creation cases read, valued by index.
final class SignalPool<F: ReactiveFramework> {
    private let framework: F
    private let size: Int
    private(set) var signals: [Signal<Int>]

    init(size: Int, on framework: F) {
        self.framework = framework
        self.size = size
        signals = SignalPool.observedOnce((0..<size).map { framework.signal($0) }, on: framework)
    }

    /// Replaces the signals, freeing whatever registrations they kept.
    func renew() {
        signals = SignalPool.observedOnce((0..<size).map { framework.signal($0) }, on: framework)
    }

    /// `signals`, once an effect has read them all and been disposed of:
    /// the cases time the creation of effects, not a signal's first
    /// observation. A reference signal is a graph node from the start; a
    /// `@Tracked` property gets its node at its first tracked read (some
    /// 400 instructions, paid once per property, and not by properties
    /// never observed). Without this, the timed effects of a pool of 10,000
    /// signals paid for those nodes until they had read every signal once,
    /// and an instruction count (a few operations on a fresh pool) always
    /// did.
    private static func observedOnce(_ signals: [Signal<Int>], on framework: F) -> [Signal<Int>] {
        framework.effect {
            var sum = 0
            for signal in signals { sum &+= signal.read() }
            blackHole(sum)
        }
        framework.cleanup()
        return signals
    }
}
