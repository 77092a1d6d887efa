import Foundation

/// The reactivity suite against its yardstick, for `report.md`: for every
/// case, the medians of Tracking, the reference engine and the Observation
/// adapter, **Tracking ÷ reference** and **reference ÷ Observation** from
/// paired samples of the same run (`ratio_to_reference`), the heap
/// allocations per operation of the two engines and, when the run counted
/// them (`--instructions`), **instructions Tracking ÷ reference**: a ratio
/// that holds still where this kind of machine's times move by up to 2×.
///
/// The reference engine is alien-signals' algorithm, single-threaded, in
/// `Benchmarks/Runner/Suites/Reactivity/Reference` (docs/benchmarks.md).
enum ReferenceComparison {
    /// The reference engine's variant name.
    static let variant = "reference"

    /// The section's lines, or none when no record has the reference variant.
    static func markdown(_ records: [BenchmarkRecord]) -> [String] {
        let groups = records.filter { $0.suite == "reactivity" }.map(\.groupLabel).uniqued().compactMap { label in
            let rows = records.filter { $0.suite == "reactivity" && $0.groupLabel == label }
            return rows.contains { $0.variant == variant } ? (label, rows) : nil
        }
        guard !groups.isEmpty else { return [] }
        let counted = groups.contains { _, rows in rows.contains { $0.instructions != nil } }
        var lines = [
            "## reactivity: Tracking against the reference engine",
            "",
            "The reference engine is alien-signals' algorithm written single-threaded in Swift (see "
                + "docs/benchmarks.md). Tracking ÷ reference: how much Tracking pays over the algorithmic limit "
                + "(1× is the limit); reference ÷ Observation: below 1×, the reference is faster than Apple's "
                + "Observation adapter. Both ratios are medians of sample-by-sample ratios taken back to back in "
                + "this run. allocs: heap allocations per operation, Tracking / reference."
                + (counted ? " instr: instructions per operation, Tracking ÷ reference (counts do not move with "
                    + "the machine's load, times do)." : ""),
            "",
            "| benchmark | Tracking | reference | Observation | Tracking ÷ reference | reference ÷ Observation | allocs |"
                + (counted ? " instr Tracking ÷ reference |" : ""),
            "|---|---:|---:|---:|---:|---:|---:|" + (counted ? "---:|" : ""),
        ]
        for (label, rows) in groups {
            let tracking = rows.first { $0.variant == ResultTable.reference }  // Tracking
            let engine = rows.first { $0.variant == variant }
            let observation = rows.first { $0.variant == "Observation" }
            var cells = [
                label, median(tracking), median(engine), median(observation),
                tracking?.ratioToReference.map(ratio) ?? "",
                observation?.ratioToReference.map { ratio(1 / $0) } ?? "",
                [tracking, engine].map { $0?.allocations.map(format2) ?? "-" }.joined(separator: " / "),
            ]
            if counted { cells.append(instructionRatio(tracking, engine)) }
            let escaped = cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }
            lines.append("| " + escaped.joined(separator: " | ") + " |")
        }
        return lines
    }

    /// `5.62×`, and two significant digits below 0.1 (`0.0052×`), where
    /// the usual two decimals would round to nothing.
    private static func ratio(_ value: Double) -> String {
        value >= 0.1 ? formatRatio(value) : String(format: "%.2g×", value)
    }

    /// Tracking's instructions per operation over the reference's, or `-`
    /// when either was not counted.
    private static func instructionRatio(_ tracking: BenchmarkRecord?, _ engine: BenchmarkRecord?) -> String {
        guard let mine = tracking?.instructions, let theirs = engine?.instructions, theirs > 0 else { return "-" }
        return ratio(mine / theirs)
    }

    /// The median, `-` for a variant that was not run, empty for one absent.
    private static func median(_ record: BenchmarkRecord?) -> String {
        guard let record else { return "" }
        return record.medianNanoseconds.map(formatNanoseconds) ?? "-"
    }
}
