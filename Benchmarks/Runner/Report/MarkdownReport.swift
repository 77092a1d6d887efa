/// `report.md`: the run's circumstances, a table per suite, the comparison
/// and the charts.
enum MarkdownReport {
    static func render(
        _ file: ResultsFile, table: ResultTable, comparison: Comparison?, charts: [Chart]
    ) -> String {
        let environment = file.environment
        var lines = [
            "# Benchmark results",
            "",
            "- Date: \(file.date)",
            "- Toolchain: \(environment.toolchain)",
            "- Machine: \(environment.cpu), \(environment.cores) cores (`nproc`), "
                + "\(format2(environment.memoryGibibytes)) GiB, \(environment.operatingSystem)",
            "- Load average (1 min) before / after: \(load(environment.loadAverageStart)) / "
                + load(environment.loadAverageEnd),
            "- Command: `\(file.command)`; \(file.rounds) round(s)\(file.quick ? ", quick sizes" : ""); "
                + "took \(formatSeconds(file.durationSeconds))",
        ]
        let failed = file.results.filter { $0.check == "failed" }
        if !failed.isEmpty {
            lines += ["", "**Failed correctness checks:**", ""]
            lines += failed.map { "- `\($0.id)`: \(escape($0.failure ?? ""))" }
        }
        lines += ["", "## How to read the tables", ""] + ResultTable.legend.map { "- " + $0 }
        for section in table.sections {
            lines += ["", "## \(section.suite)", ""]
            if !section.legend.isEmpty { lines += section.legend + [""] }
            lines.append("| benchmark | " + table.columns.map(\.title).joined(separator: " | ") + " |")
            lines.append("|---|" + table.columns.map { $0.alignRight ? "---:|" : "---|" }.joined())
            for group in section.groups {
                for (index, row) in group.rows.enumerated() {
                    let label = index == 0 ? escape(group.label) : ""
                    lines.append("| \(label) | " + row.map(escape).joined(separator: " | ") + " |")
                }
            }
        }
        let referenceSection = ReferenceComparison.markdown(file.results)
        if !referenceSection.isEmpty { lines += [""] + referenceSection }
        if let comparison {
            lines += ["", "## Compared with an earlier run", ""]
            lines += ["```text"] + comparison.summary + ["```"]
        }
        if !charts.isEmpty {
            lines += ["", "## Charts", ""]
            for chart in charts {
                lines += ["![\(escape(chart.title))](\(chart.fileName))", ""]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func load(_ value: Double?) -> String {
        value.map(format2) ?? "?"
    }

    /// A table cell: pipes would end it.
    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
