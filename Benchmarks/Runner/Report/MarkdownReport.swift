/// `report.md`: the run's circumstances, a table per suite, the comparison,
/// the threshold check, the percentiles and memory, and the charts.
enum MarkdownReport {
    static func render(
        _ file: ResultsFile, table: ResultTable, comparison: Comparison?, thresholdCheck: ThresholdCheck?,
        charts: [Chart]
    ) -> String {
        var lines = ["# Benchmark results", ""] + ReportHeader.lines(file).map { "- " + $0 }
        let failed = file.results.filter { $0.check == "failed" }
        if !failed.isEmpty {
            lines += ["", "**Failed correctness checks:**", ""]
            lines += failed.map { "- `\($0.id)`: \(escape($0.failure ?? ""))" }
        }
        lines += ["", "## How to read the tables", ""] + ResultTable.legend.map { "- " + $0 }
        for section in table.sections {
            lines += ["", "## \(section.suite)", ""]
            if !section.legend.isEmpty { lines += section.legend + [""] }
            lines += rows(table.columns, section)
        }
        let referenceSection = ReferenceComparison.markdown(file.results)
        if !referenceSection.isEmpty { lines += [""] + referenceSection }
        if let comparison {
            lines += ["", "## Compared with an earlier run", ""]
            lines += ["```text"] + comparison.summary + ["```"]
        }
        if let thresholdCheck {
            lines += ["", "## Threshold check", ""]
            lines += ["```text"] + thresholdCheck.summary + ["```"]
        }
        let distribution = DistributionTable(records: file.results)
        if !distribution.sections.isEmpty {
            lines += ["", "## Percentiles and peak memory", ""] + DistributionTable.legend.map { "- " + $0 }
            for section in distribution.sections {
                lines += ["", "### \(section.suite)", ""] + rows(distribution.columns, section)
            }
        }
        if !charts.isEmpty {
            lines += ["", "## Charts", ""]
            for chart in charts {
                lines += ["![\(escape(chart.title))](\(chart.fileName))", ""]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Markdown table of one section: a heading row, then a row per
    /// variant, the group's label in the first row of each group.
    private static func rows(_ columns: [ResultTable.Column], _ section: ResultTable.Section) -> [String] {
        var lines = ["| benchmark | " + columns.map(\.title).joined(separator: " | ") + " |"]
        lines.append("|---|" + columns.map { $0.alignRight ? "---:|" : "---|" }.joined())
        for group in section.groups {
            for (index, row) in group.rows.enumerated() {
                let label = index == 0 ? escape(group.label) : ""
                lines.append("| \(label) | " + row.map(escape).joined(separator: " | ") + " |")
            }
        }
        return lines
    }

    /// A table cell: pipes would end it.
    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
