import CInstructionCounter
import Foundation

/// The runner's side of counting under callgrind: started by
/// `CallgrindInstructionCounter` as `benchmarks SUITE [--quick]
/// --instructions-worker PLAN`, it runs each planned benchmark, warmed up,
/// for n and for 2n operations, each inside `instruction_region_run` (one
/// callgrind profile part per call), and lists what it measured, in order,
/// in `PLAN.done`.
enum InstructionWorker {
    /// A plan: one `n<TAB>identifier` line per benchmark.
    static func encode(_ plan: [(id: String, n: Int)]) -> String {
        plan.map { "\($0.n)\t\($0.id)" }.joined(separator: "\n") + "\n"
    }

    static func donePath(_ planPath: String) -> String { planPath + ".done" }

    /// Runs the plan at `planPath` on `benchmarks`; the exit status.
    static func run(_ benchmarks: [Benchmark], planPath: String) -> Int32 {
        guard let text = try? String(contentsOfFile: planPath, encoding: .utf8) else {
            printError("error: --instructions-worker: cannot read '\(planPath)'")
            return 2
        }
        let byId = Dictionary(benchmarks.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        var measured: [String] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard fields.count == 2, let n = Int(fields[0]), let benchmark = byId[String(fields[1])] else { continue }
            benchmark.reset?(n)
            benchmark.body(n)  // warm-up, not counted
            _ = InstructionCounting.counts(benchmark, n: n) { body in
                withCCallback(body) { function, context in instruction_region_run(function, context) }
                return 0  // callgrind has the counts
            }
            benchmark.teardown?()
            measured.append(benchmark.identifier)
        }
        do {
            try (measured.joined(separator: "\n") + "\n").write(
                toFile: donePath(planPath), atomically: true, encoding: .utf8)
        } catch {
            printError("error: --instructions-worker: cannot write '\(donePath(planPath))': \(error)")
            return 2
        }
        return 0
    }
}
