import Foundation
import Testing
@testable import Tracking

/// Differential (model-based) testing of the engine: random programs run on
/// Tracking and on ``ReferenceModel``; the observers that run, in what order,
/// and the values they see must be identical.
///
/// Seeded and reproducible. A failing seed is reported with the program
/// shrunk to the fewest steps that still fail. CI runs 10,000 programs; set
/// `TRACKING_DIFFERENTIAL_SECONDS` to run programs for that long instead
/// (the long mode), and `TRACKING_DIFFERENTIAL_SEED` to start elsewhere.
@Suite struct DifferentialTests {
    @Test func engineAgreesWithTheReferenceModel() {
        let environment = ProcessInfo.processInfo.environment
        let firstSeed = environment["TRACKING_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 1
        let seconds = environment["TRACKING_DIFFERENTIAL_SECONDS"].flatMap(Double.init)
        let deadline = seconds.map { Date().addingTimeInterval($0) }
        var seed = firstSeed
        var checked = 0
        while deadline.map({ Date() < $0 }) ?? (checked < 10_000) {
            let program = ProgramGenerator.make(seed: seed)
            if let failure = Self.disagreement(program) {
                let shrunk = Self.shrink(program)
                Issue.record("""
                    seed \(seed): the engine disagrees with the reference model.
                    \(failure)
                    Shrunk program:
                    \(shrunk)
                    Engine:    \(Self.describe(EngineRunner.run(shrunk)))
                    Reference: \(Self.describe(ReferenceModel.run(shrunk)))
                    """)
                return
            }
            seed += 1
            checked += 1
        }
        #expect(checked >= 1)
    }

    /// Where the two runs first differ, or nil if they agree.
    static func disagreement(_ program: Program) -> String? {
        let engine = EngineRunner.run(program)
        let reference = ReferenceModel.run(program)
        for (index, (actual, expected)) in zip(engine, reference).enumerated() where !same(actual, expected) {
            return "step \(index) (\(program.steps[index])): engine \(describe([actual])), reference \(describe([expected]))"
        }
        return nil
    }

    /// Removes steps and derived values while the program still fails.
    static func shrink(_ program: Program) -> Program {
        shrinkSteps(program, steps: \.steps) { disagreement($0) != nil }
    }

    static func same(_ lhs: StepTrace, _ rhs: StepTrace) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.observer == $1.observer && $0.values == $1.values }
    }

    static func describe(_ traces: [StepTrace]) -> String {
        traces.map { trace in
            "[" + trace.map { "#\($0.observer)\($0.values)" }.joined(separator: " ") + "]"
        }.joined(separator: " ")
    }
}
