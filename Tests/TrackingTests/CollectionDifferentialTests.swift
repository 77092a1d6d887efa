import Foundation
import Testing
@testable import Tracking

/// Differential testing of `TrackedList` and its aggregates: random programs
/// of element edits, inserts, removes, moves, sorts and transactions, under
/// observers that read single elements, fields, positions, the structure,
/// everything and the aggregates, run on the list and on a plain array
/// (``CollectionReference``); the observers that run after each step, in
/// order, and what they see must be the same.
///
/// Seeded and reproducible; a failing program is shrunk to the fewest steps
/// that still fail. `TRACKING_DIFFERENTIAL_SECONDS` runs programs for that
/// long instead of 3,000, `TRACKING_DIFFERENTIAL_SEED` starts elsewhere.
@Suite struct CollectionDifferentialTests {
    @Test func theListAgreesWithAPlainArray() {
        let environment = ProcessInfo.processInfo.environment
        var seed = environment["TRACKING_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 1
        let deadline = environment["TRACKING_DIFFERENTIAL_SECONDS"].flatMap(Double.init).map { Date().addingTimeInterval($0) }
        var checked = 0
        var runs = 0
        while deadline.map({ Date() < $0 }) ?? (checked < 3_000) {
            let program = ItemProgramGenerator.make(seed: seed)
            let engine = CollectionEngineRunner.run(program)
            if !Self.same(engine, CollectionReference.run(program)) {
                let shrunk = Self.shrink(program)
                Issue.record("""
                    seed \(seed): the list disagrees with the plain array.
                    Shrunk program:
                    \(shrunk)
                    List:      \(Self.describe(CollectionEngineRunner.run(shrunk)))
                    Reference: \(Self.describe(CollectionReference.run(shrunk)))
                    """)
                return
            }
            runs += engine.reduce(0) { $0 + $1.count }
            seed += 1
            checked += 1
        }
        // The programs must make observers run, or they test nothing.
        #expect(runs > checked * 3)
    }

    @Test func theReferenceTellsTheRulesApart() {
        // A check of the reference itself: a reader of one element does not
        // run for another's edit, and does for its own.
        let program = ItemProgram(
            initial: [Item(id: 1, a: 0, b: 0), Item(id: 2, a: 0, b: 0)],
            steps: [.observe(.element(id: 1)), .edit(.edit(id: 2, .a, 1)), .edit(.edit(id: 1, .a, 1))])
        let expected: [[String]] = [["0:1:0/0"], [], ["0:1:1/0"]]
        #expect(CollectionReference.run(program).map { $0.map { "\($0.observer):\($0.seen)" } } == expected)
        #expect(CollectionEngineRunner.run(program).map { $0.map { "\($0.observer):\($0.seen)" } } == expected)
    }

    static func same(_ lhs: [ItemTrace], _ rhs: [ItemTrace]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { left, right in
            left.count == right.count && zip(left, right).allSatisfy { $0.observer == $1.observer && $0.seen == $1.seen }
        }
    }

    static func shrink(_ program: ItemProgram) -> ItemProgram {
        shrinkSteps(program, steps: \.steps) {
            !same(CollectionEngineRunner.run($0), CollectionReference.run($0))
        }
    }

    static func describe(_ traces: [ItemTrace]) -> String {
        traces.map { "[" + $0.map { "#\($0.observer) \($0.seen)" }.joined(separator: ", ") + "]" }.joined(separator: " ")
    }
}
