import Foundation
import Testing
import Tracking
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
@MainActor
@Suite struct RenderingDifferentialTests {
    static let ciPrograms = 500

    @Test func hostAgreesWithTheReferenceModel() {
        let environment = ProcessInfo.processInfo.environment
        let firstSeed = environment["RENDERING_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 1
        let seconds = environment["RENDERING_DIFFERENTIAL_SECONDS"].flatMap(Double.init)
        let deadline = seconds.map { Date().addingTimeInterval($0) }
        var seed = firstSeed
        var checked = 0
        while deadline.map({ Date() < $0 }) ?? (checked < Self.ciPrograms) {
            let program = ProgramGenerator.make(seed: seed)
            let outcome = HostRunner.run(program)
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
        if seconds != nil {
            print("RenderingDifferentialTests: \(checked) programs agreed (seeds \(firstSeed)..<\(seed))")
        }
        #expect(checked >= 1)
    }

    /// What a small program renders, spelled out: the snapshot lines and
    /// identities ``SpecView`` produces, and what one toggle and one write
    /// re-render.
    @Test func aSmallProgramRendersAndUpdatesAsTheReferenceSays() throws {
        let root = ViewSpec(number: 0)
        root.reads = [.property(.fixed(0), .number)]
        root.counter = true
        let child = ViewSpec(number: 1)
        child.reads = [.environment, .binding]
        child.toggle = .binding
        root.children = [ChildSpec(view: child, pass: .binding, wrapper: .environment(.property(.fixed(0), .number)))]
        let row = ViewSpec(number: 2)
        row.reads = [.item]
        root.rows = Rows(object: .fixed(1), row: ChildSpec(view: row, pass: .nothing, wrapper: .plain))
        let program = Program(
            models: [
                ModelValues(number: 2),
                ModelValues(items: [SpecItem(id: 4, value: 1), SpecItem(id: 7, value: 0)]),
                ModelValues(),
            ],
            root: root,
            steps: [.toggle("flip n1"), .writes([.set(object: 0, property: .number, value: .int(3))])])
        #expect(HostRunner.firstDisagreement(in: program) == nil)

        let models = program.models.map(SpecModel.init)
        let host = ViewHost(SpecView(spec: root, world: SpecWorld(models: models)))
        #expect(host.snapshot == """
            VStack
              Text("n0 o0.number=2")
              Button("inc n0")
              VStack
                Text("n1 env=2 binding=false")
                Toggle("flip n1", isOn: false)
              VStack
                Text("n2.4 item=4:1")
              VStack
                Text("n2.7 item=7:0")
            """)
        let content = "SpecView/EnvironmentWriter/VStack/TupleView"
        let n1 = content + "/Optional[5]/_ConditionalContent/_ConditionalContent[1]/EnvironmentWriter/SpecView"
        #expect(host.bodyCountsByIdentity == [
            "SpecView": 1,
            n1: 1,
            content + "/Optional[8]/ForEach/_ConditionalContent[id: 4]/_ConditionalContent[1]/SpecView[1]": 1,
            content + "/Optional[8]/ForEach/_ConditionalContent[id: 7]/_ConditionalContent[1]/SpecView[1]": 1,
        ])

        // The child reads its parent's flag through the binding; the parent
        // does not read it.
        host.resetCounts()
        try host.toggle("flip n1")
        #expect(host.bodyCountsByIdentity == [n1: 1])
        #expect(host.renderLog.map(\.description) == ["SpecView: @State<Bool>"])

        // The parent reads o0.number and sets the child's environment from
        // it; the rows' inputs are unchanged.
        host.resetCounts()
        models[0].number = 3
        host.flush()
        #expect(host.bodyCountsByIdentity == ["SpecView": 1, n1: 1])
        #expect(host.renderLog.map(\.description) == ["SpecView: \\SpecModel.number", "SpecView: @Environment"])
        #expect(host.snapshot.hasPrefix("""
            VStack
              Text("n0 o0.number=3")
              Button("inc n0")
              VStack
                Text("n1 env=3 binding=true")
                Toggle("flip n1", isOn: true)
            """))
    }
}
