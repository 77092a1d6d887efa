/// The table printed at the end of a run: a heading per suite, a line per
/// benchmark, an indented row per variant, aligned columns.
enum TerminalReport {
    static func render(_ table: ResultTable) -> String {
        let allRows = table.sections.flatMap { $0.groups.flatMap(\.rows) }
        let widths = table.columns.indices.map { column in
            max(table.columns[column].title.count, allRows.map { $0[column].count }.max() ?? 0)
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { column, cell in
                table.columns[column].alignRight ? padLeft(cell, widths[column]) : pad(cell, widths[column])
            }
            return ("    " + padded.joined(separator: "  ")).trimmingTrailingSpaces()
        }
        var lines = ResultTable.legend
        for section in table.sections {
            lines.append("")
            lines.append("== \(section.suite) ==")
            lines += section.legend.map { "  " + $0 }
            lines.append(line(table.columns.map(\.title)))
            for group in section.groups {
                lines.append("  " + group.label)
                lines += group.rows.map(line)
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
