import Foundation
import Testing
@testable import Rendering

/// Differential (model-based) testing of the view host: random view trees
/// (``ViewSpec``, interpreted by ``SpecView``) and random mutations run on a
/// ``ViewHost`` and on ``ReferenceHost``. After every step, the bodies that
/// ran, the body counts per identity, the render log's causes and the
/// snapshot must be the reference's, and the snapshot must equal that of a
/// new host rendering the same tree from scratch.
///
/// Seeded and reproducible. A failing seed is reported with the program
/// shrunk. CI runs ``ciPrograms`` programs; set
/// `RENDERING_DIFFERENTIAL_SECONDS` to run programs for that long instead
/// (the long mode), and `RENDERING_DIFFERENTIAL_SEED` to start elsewhere.
@Suite struct RenderingDifferentialTests {
    static let ciPrograms = 300

    @Test func hostAgreesWithTheReferenceModel() {
        let environment = ProcessInfo.processInfo.environment
        let firstSeed = environment["RENDERING_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 1
        let seconds = environment["RENDERING_DIFFERENTIAL_SECONDS"].flatMap(Double.init)
        let deadline = seconds.map { Date().addingTimeInterval($0) }
        var seed = firstSeed
        var checked = 0
        var knownIssues: [KnownIssue: (programs: Int, first: String)] = [:]
        while deadline.map({ Date() < $0 }) ?? (checked < Self.ciPrograms) {
            let program = ProgramGenerator.make(seed: seed)
            let outcome = HostRunner.run(program)
            for issue in Set(outcome.knownIssues.map(\.issue)) {
                let step = outcome.knownIssues.first { $0.issue == issue }!.step
                knownIssues[issue, default: (0, "seed \(seed), \(step)")].programs += 1
            }
            if let failure = outcome.disagreement {
                let shrunk = ProgramShrinker.shrink(program) { HostRunner.firstDisagreement(in: $0) != nil }
                Issue.record("""
                    seed \(seed): the host disagrees with the reference model.
                    \(failure)
                    Shrunk program:
                    \(shrunk)
                    Shrunk failure:
                    \(HostRunner.firstDisagreement(in: shrunk) ?? "none")
                    """)
                return
            }
            seed += 1
            checked += 1
        }
        for (issue, count) in knownIssues.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            withKnownIssue("\(issue.rawValue)") {
                Issue.record("\(count.programs) of \(checked) programs hit it; the first: \(count.first)")
            }
        }
        if seconds != nil {
            let issues = knownIssues.map { "\($0.value.programs) with the known issue \($0.key)" }
            print("RenderingDifferentialTests: \(checked) programs agreed (seeds \(firstSeed)..<\(seed))"
                + (issues.isEmpty ? "" : ", " + issues.joined(separator: ", ")))
        }
        #expect(checked >= 1)
    }
}
