import Rendering
import Tracking

/// Runs a program on a real ``ViewHost`` next to ``ReferenceHost``, and
/// compares them after the first render and after every step.
enum HostRunner {
    /// Where the host first disagrees with the reference, or nil.
    static func firstDisagreement(in program: Program) -> String? {
        let models = program.models.map(SpecModel.init)
        let world = SpecWorld(models: models)
        var reference = ReferenceHost(program)
        let host = ViewHost(SpecView(spec: program.root, world: world))
        if let problems = compare(host, world, reference.firstRender, reference) {
            return "first render:\n\(problems)"
        }
        for (index, step) in program.steps.enumerated() {
            host.resetCounts()
            world.rendered = []
            let expected = reference.apply(step)
            let thrown = perform(step, on: host, models: models)
            if (thrown != nil) != expected.interactionFails {
                return "step \(index) (\(step)): the interaction "
                    + (thrown.map { "threw: \($0)" } ?? "did not throw") + "; the reference says it "
                    + (expected.interactionFails ? "must throw" : "must not")
            }
            if let problems = compare(host, world, expected, reference) {
                return "step \(index) (\(step)):\n\(problems)"
            }
        }
        return nil
    }

    /// Performs a step, then renders; returns what an interaction threw.
    private static func perform(_ step: Step, on host: ViewHost, models: [SpecModel]) -> (any Error)? {
        do {
            switch step {
            case .writes(let writes):
                for write in writes {
                    var fields = models[write.object]
                    _ = fields.apply(write)
                }
                host.flush()
            case .transaction(let writes):
                withTransaction {
                    for write in writes {
                        var fields = models[write.object]
                        _ = fields.apply(write)
                    }
                }
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

    /// What differs between the host and the expectation, one problem a line.
    private static func compare(
        _ host: ViewHost, _ world: SpecWorld, _ expected: Expectation, _ reference: ReferenceHost
    ) -> String? {
        var problems: [String] = []
        let rendered = world.rendered.sorted()
        if rendered != expected.rendered.sorted() {
            problems.append("bodies run: host \(rendered), reference \(expected.rendered.sorted())")
        }
        let counts = host.bodyCountsByIdentity
        if counts != expected.counts {
            problems.append("body counts by identity: host \(sorted(counts)), reference \(sorted(expected.counts))")
        }
        let tags = Dictionary(uniqueKeysWithValues: reference.tree.views.values.map { ($0.path, $0.tag) })
        let log = host.renderLog.map { record in
            let inputs = record.causes.contains { $0.hasPrefix("new inputs from ") }
            let environment = record.causes.contains { $0.hasPrefix("new environment from ") }
            let tracked = record.causes.contains { !$0.hasPrefix("new inputs from ") && !$0.hasPrefix("new environment from ") }
            let entry = logEntry(tags[record.identity] ?? record.identity, inputs: inputs, tracked: tracked)
            return environment ? entry + " (new environment)" : entry
        }.sorted()
        if log != expected.log {
            problems.append("render log: host \(log), reference \(expected.log)")
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

    private static func sorted(_ counts: [String: Int]) -> String {
        "[" + counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
    }
}
