import Rendering
import Tracking

/// Runs a program on a real ``ViewHost`` next to ``ReferenceHost``, and
/// compares them after the first render and after every step.
@MainActor
enum HostRunner {
    struct Outcome {
        /// Where the host first disagrees with the reference, or nil.
        var disagreement: String?
    }

    static func firstDisagreement(in program: Program) -> String? {
        run(program).disagreement
    }

    static func run(_ program: Program) -> Outcome {
        var outcome = Outcome()
        let models = program.models.map(SpecModel.init)
        let world = SpecWorld(models: models)
        var reference = ReferenceHost(program)
        let host = ViewHost(SpecView(spec: program.root, world: world))
        if let problems = compare(host, world, reference.firstRender, reference, &outcome, step: "first render") {
            outcome.disagreement = "first render:\n\(problems)"
            return outcome
        }
        for (index, step) in program.steps.enumerated() {
            host.resetCounts()
            world.rendered = []
            let expected = reference.apply(step)
            let thrown = perform(step, on: host, models: models)
            let name = "step \(index) (\(step))"
            if (thrown != nil) != expected.interactionFails {
                outcome.disagreement = "\(name): the interaction "
                    + (thrown.map { "threw: \($0)" } ?? "did not throw") + "; the reference says it "
                    + (expected.interactionFails ? "must throw" : "must not")
                return outcome
            }
            if let problems = compare(host, world, expected, reference, &outcome, step: name) {
                outcome.disagreement = "\(name):\n\(problems)"
                return outcome
            }
        }
        return outcome
    }

    /// Performs a step, then renders; returns what an interaction threw.
    private static func perform(_ step: Step, on host: ViewHost, models: [SpecModel]) -> (any Error)? {
        func apply(_ writes: [ModelWrite]) {
            for write in writes {
                var fields = models[write.object]
                _ = fields.apply(write)
            }
        }
        do {
            switch step {
            case .writes(let writes):
                apply(writes)
                host.flush()
            case .transaction(let writes):
                withTransaction { apply(writes) }
                host.flush()
            case .tap(let label):
                try host.tap(label)
            case .toggle(let label):
                try host.toggle(label)
            }
            return nil
        } catch {
            return error
        }
    }

    /// What differs between the host and the expectation, one problem a
    /// line; nil if nothing does, or a known issue explains it all.
    private static func compare(
        _ host: ViewHost, _ world: SpecWorld, _ expected: Expectation, _ reference: ReferenceHost,
        _ outcome: inout Outcome, step: String
    ) -> String? {
        let observed = observe(host, world, expected)
        var problems: [String] = []
        if observed.rendered != expected.rendered.sorted() {
            problems.append("bodies run: host \(observed.rendered), reference \(expected.rendered.sorted())")
        }
        if observed.counts != expected.counts {
            problems.append(
                "body counts by identity: host \(describe(observed.counts, expected)), "
                    + "reference \(describe(expected.counts, expected))")
        }
        if observed.log.map(\.entry) != expected.log {
            problems.append("render log: host \(observed.log.map(\.entry)), reference \(expected.log)")
        }
        let snapshot = host.snapshot
        if snapshot != expected.snapshot {
            problems.append("snapshot:\n--- host\n\(snapshot)\n--- reference\n\(expected.snapshot)")
        }
        let fresh = ViewHost(SpecView(spec: reference.root, world: SpecWorld(models: world.models, seeds: reference.states)))
        if fresh.snapshot != snapshot {
            problems.append("snapshot differs from a new host's:\n--- host\n\(snapshot)\n--- new host\n\(fresh.snapshot)")
        }
        if !host.errors.isEmpty {
            problems.append("errors: \(host.errors.map(\.message))")
        }
        if host.hasPendingChanges {
            problems.append("changes still pending after the render")
        }
        return problems.isEmpty ? nil : problems.joined(separator: "\n")
    }

    private static func observe(_ host: ViewHost, _ world: SpecWorld, _ expected: Expectation) -> RenderObservation {
        let log = host.renderLog.map { record in
            let tag = expected.tagsByPath[record.identity] ?? record.identity
            let inputs = record.causes.contains { $0.hasPrefix("new inputs from ") }
            let environment = record.causes.contains { $0.hasPrefix("new environment from ") }
            let tracked = record.causes.contains {
                !$0.hasPrefix("new inputs from ") && !$0.hasPrefix("new environment from ")
            }
            let entry = logEntry(tag, inputs: inputs, tracked: tracked)
            return (tag: tag, entry: environment ? entry + " (new environment)" : entry)
        }
        return RenderObservation(
            rendered: world.rendered.sorted(), counts: host.bodyCountsByIdentity,
            log: log.sorted { $0.entry < $1.entry })
    }

    /// Counts by identity, each identity shown by its tag where known.
    private static func describe(_ counts: [String: Int], _ expected: Expectation) -> String {
        let named = counts.map { (expected.tagsByPath[$0.key] ?? $0.key, $0.value) }.sorted { $0.0 < $1.0 }
        return "[" + named.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "]"
    }
}
