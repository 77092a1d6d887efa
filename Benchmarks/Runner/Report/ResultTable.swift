/// The results as tables, one section per suite and one group of rows per
/// benchmark (name and parameters), a row per variant. Shared by the
/// terminal and the Markdown report, which only lay it out.
struct ResultTable {
    /// The variant every other is divided by.
    static let reference = "Tracking"

    struct Column {
        var title: String
        var alignRight: Bool
    }

    struct Group {
        var label: String
        /// One cell per column.
        var rows: [[String]]
    }

    struct Section {
        var suite: String
        /// What the ratio column means in this suite.
        var legend: [String]
        var groups: [Group]
    }

    var columns: [Column]
    var sections: [Section]

    /// Columns that appear only when some record has their figure.
    struct OptionalColumns {
        var instructions: Bool
        var heapPerObject: Bool

        init(_ records: [BenchmarkRecord]) {
            instructions = records.contains { $0.instructions != nil }
            heapPerObject = records.contains { $0.heapBytesPerObject != nil }
        }
    }

    init(records: [BenchmarkRecord], comparison: Comparison?) {
        let optional = OptionalColumns(records)
        columns = [
            Column(title: "variant", alignRight: false),
            Column(title: "median", alignRight: true),
            Column(title: "p90", alignRight: true),
            Column(title: "min", alignRight: true),
            Column(title: "spread", alignRight: true),
            Column(title: "rounds Δ", alignRight: true),
            Column(title: "allocs", alignRight: true),
        ]
        if optional.instructions { columns.append(Column(title: "instr", alignRight: true)) }
        if optional.heapPerObject { columns.append(Column(title: "heap/object", alignRight: true)) }
        columns.append(Column(title: "vs \(Self.reference)", alignRight: true))
        if comparison != nil { columns.append(Column(title: "vs old", alignRight: true)) }
        columns.append(Column(title: "notes", alignRight: false))

        var sections: [Section] = []
        for suite in records.map(\.suite).uniqued() {
            let inSuite = records.filter { $0.suite == suite }
            let groups = inSuite.map(\.groupLabel).uniqued().map { label in
                let rows = inSuite.filter { $0.groupLabel == label }
                let reference = rows.first { $0.variant == Self.reference }?.medianNanoseconds
                return Group(
                    label: label,
                    rows: rows.map { Self.cells($0, reference: reference, comparison: comparison, optional: optional) })
            }
            sections.append(Section(suite: suite, legend: Self.legend(suite), groups: groups))
        }
        self.sections = sections
    }

    /// What the columns mean, once for all suites.
    static let legend = [
        "median: time per operation, the quickest round's median; p90, min: over all samples.",
        "spread: (p90 − min) / median; rounds Δ: how far the rounds' medians differ "
            + "(slowest − quickest) / quickest; allocs: heap allocations per operation.",
        "instr (with --instructions): instructions per operation; heap/object: heap bytes per object "
            + "the operation makes (where it declares its objects).",
        "vs \(reference): this variant's time ÷ \(reference)'s (above 1×: \(reference) is faster), "
            + "the median ratio of samples taken back to back.",
    ]

    /// What the ratio column means in one suite.
    static func legend(_ suite: String) -> [String] {
        switch suite {
        case "micro":
            [
                "Observation rows: Observation ÷ \(reference); plain rows: \(reference) − plain, "
                    + "what tracking adds to a plain stored property."
            ]
        case "render":
            ["Publishing rows: Publishing ÷ \(reference), that is whole-object ÷ fine-grained per update."]
        case "scale":
            [
                "Observation rows: Observation ÷ \(reference); plain rows: \(reference) − plain. "
                    + "Observed writes: time per write over all threads; throughput = writes per second, "
                    + "all threads together."
            ]
        default:
            []
        }
    }

    private static func cells(
        _ record: BenchmarkRecord, reference: Double?, comparison: Comparison?, optional: OptionalColumns
    ) -> [String] {
        var cells = [record.variant]
        if let median = record.medianNanoseconds {
            // Relative figures of a time that rounds to 0 ns say nothing.
            let measurable = median >= 0.01
            cells += [
                formatNanoseconds(median),
                record.p90Nanoseconds.map(formatNanoseconds) ?? "",
                record.minimumNanoseconds.map(formatNanoseconds) ?? "",
                measurable ? record.spread.map(formatPercent) ?? "" : "-",
                measurable ? roundsCell(record) : "-",
                record.allocations.map(format2) ?? "-",
            ]
            if optional.instructions { cells.append(record.instructions.map(format2) ?? "-") }
            if optional.heapPerObject { cells.append(record.heapBytesPerObject.map { format2($0) + " B" } ?? "") }
            cells.append(ratioCell(record, median: median, reference: reference))
        } else {
            cells += ["-", "-", "-", "", "", ""]
            if optional.instructions { cells.append("") }
            if optional.heapPerObject { cells.append("") }
            cells.append("")
        }
        if let comparison {
            cells.append(comparison.changes[record.id]?.description ?? "new")
        }
        cells.append(notes(record))
        return cells
    }

    private static func roundsCell(_ record: BenchmarkRecord) -> String {
        guard let medians = record.roundMediansNanoseconds, medians.count > 1 else { return "" }
        return formatPercent(Statistics.roundSpread(medians))
    }

    private static func ratioCell(_ record: BenchmarkRecord, median: Double, reference: Double?) -> String {
        guard let reference, reference > 0 else { return "" }
        if record.variant == Self.reference { return "ref" }
        if record.variant == "plain" {
            let difference = reference - median
            return "\(Self.reference) " + (difference >= 0 ? "+" : "−") + formatNanoseconds(abs(difference))
        }
        return formatRatio(record.ratioToTracking ?? median / reference)
    }

    private static func notes(_ record: BenchmarkRecord) -> String {
        var parts: [String] = []
        if let reason = record.unsupported { parts.append("not run: \(reason)") }
        if record.number("threads") != nil, let throughput = record.operationsPerSecond {
            parts.append("throughput \(formatCount(throughput))/s")
        }
        if let metrics = record.metrics {
            parts += metrics.sorted { $0.key < $1.key }.map { "\($0.key)=\(format2($0.value))" }
        }
        parts += record.notes ?? []
        if let reason = record.notCounted { parts.append("allocs, instr not counted: \(reason)") }
        if let failure = record.failure { parts.append("CHECK FAILED: \(failure)") }
        return parts.joined(separator: "; ")
    }
}
