import Foundation

/// `report.html`: the tables and the charts of `report.md` in one page that
/// opens from the file system: no script, style or font from the network,
/// the charts inline as SVG. A small inline script checks, once the page is
/// laid out, that every chart drew and every table has rows, and says so at
/// the end of the page (`scripts/check-benchmark-runner` reads it in
/// headless Chromium).
enum HTMLReport {
    static func render(
        _ file: ResultsFile, table: ResultTable, comparison: Comparison?, thresholdCheck: ThresholdCheck?,
        charts: [Chart]
    ) -> String {
        let distribution = DistributionTable(records: file.results)
        var body: [String] = ["<h1>Benchmark results</h1>", "<ul class=\"header\">"]
        body += ReportHeader.lines(file).map { "<li>\(inline($0))</li>" }
        body.append("</ul>")
        var contents = table.sections.map { ("suite-\(slug($0.suite))", $0.suite) }
        if comparison != nil { contents.append(("comparison", "compared with an earlier run")) }
        if thresholdCheck != nil { contents.append(("thresholds", "threshold check")) }
        if !distribution.sections.isEmpty { contents.append(("distribution", "percentiles and peak memory")) }
        if !charts.isEmpty { contents.append(("charts", "charts")) }
        body.append(
            "<nav>" + contents.map { "<a href=\"#\($0.0)\">\(escapeXML($0.1))</a>" }.joined(separator: " · ")
                + "</nav>")

        let failed = file.results.filter { $0.check == "failed" }
        if !failed.isEmpty {
            body.append("<h2 class=\"failed\">Failed correctness checks</h2><ul>")
            body += failed.map { "<li><code>\(escapeXML($0.id))</code>: \(escapeXML($0.failure ?? ""))</li>" }
            body.append("</ul>")
        }
        body.append("<h2>How to read the tables</h2><ul>")
        body += ResultTable.legend.map { "<li>\(escapeXML($0))</li>" }
        body.append("</ul>")
        for section in table.sections {
            body.append("<section id=\"suite-\(slug(section.suite))\"><h2>\(escapeXML(section.suite))</h2>")
            body += section.legend.map { "<p>\(escapeXML($0))</p>" }
            body.append(rows(table.columns, section))
            body.append("</section>")
        }
        if let comparison {
            body.append("<section id=\"comparison\"><h2>Compared with an earlier run</h2>")
            body.append("<pre>\(escapeXML(comparison.summary.joined(separator: "\n")))</pre></section>")
        }
        if let thresholdCheck {
            let verdict = thresholdCheck.regressions.isEmpty ? "passed" : "failed"
            body.append("<section id=\"thresholds\" class=\"\(verdict)\"><h2>Threshold check: \(verdict)</h2>")
            body.append("<pre>\(escapeXML(thresholdCheck.summary.joined(separator: "\n")))</pre></section>")
        }
        if !distribution.sections.isEmpty {
            body.append("<section id=\"distribution\"><h2>Percentiles and peak memory</h2><ul>")
            body += DistributionTable.legend.map { "<li>\(escapeXML($0))</li>" }
            body.append("</ul>")
            for section in distribution.sections {
                body.append("<h3>\(escapeXML(section.suite))</h3>")
                body.append(rows(distribution.columns, section))
            }
            body.append("</section>")
        }
        if !charts.isEmpty {
            body.append("<section id=\"charts\"><h2>Charts</h2>")
            for chart in charts {
                body.append("<figure id=\"chart-\(slug(chart.fileName))\">")
                body.append(chart.svg.trimmingCharacters(in: .newlines))
                body.append(
                    "<figcaption>\(escapeXML(chart.title)) (<a href=\"\(escapeXML(chart.fileName))\">"
                        + "\(escapeXML(chart.fileName))</a>)</figcaption></figure>")
            }
            body.append("</section>")
        }
        body.append("<p id=\"render-status\">The page's check did not run (scripts are off).</p>")

        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Benchmark results, \(escapeXML(file.date))</title>
            <style>
            \(style)
            </style>
            </head>
            <body>
            \(body.joined(separator: "\n"))
            <script>
            \(renderCheck)
            </script>
            </body>
            </html>

            """
    }

    /// One section as an HTML table: a heading row per group, a row per
    /// variant.
    private static func rows(_ columns: [ResultTable.Column], _ section: ResultTable.Section) -> String {
        var lines = ["<table>", "<thead><tr>"]
        lines += columns.map { "<th\($0.alignRight ? " class=\"number\"" : "")>\(escapeXML($0.title))</th>" }
        lines.append("</tr></thead>")
        for group in section.groups {
            lines.append("<tbody><tr class=\"group\"><th colspan=\"\(columns.count)\">\(escapeXML(group.label))</th></tr>")
            for row in group.rows {
                let failed = row.last?.contains("CHECK FAILED") == true
                lines.append(
                    "<tr\(failed ? " class=\"failed\"" : "")>"
                        + zip(columns, row).map { column, cell in
                            "<td\(column.alignRight ? " class=\"number\"" : "")>\(escapeXML(cell))</td>"
                        }.joined() + "</tr>")
            }
            lines.append("</tbody>")
        }
        lines.append("</table>")
        return lines.joined(separator: "\n")
    }

    /// Text with `code` spans, as the header lines write them.
    private static func inline(_ text: String) -> String {
        escapeXML(text).split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, part in
            index % 2 == 1 ? "<code>\(part)</code>" : String(part)
        }.joined()
    }

    private static let style = """
        body { font: 14px/1.45 Helvetica, Arial, sans-serif; color: #222; margin: 24px auto; max-width: 1200px; padding: 0 16px; }
        h1 { font-size: 24px; } h2 { font-size: 19px; margin-top: 32px; } h3 { font-size: 16px; }
        nav { margin: 12px 0; } nav a { color: #1f77b4; }
        table { border-collapse: collapse; margin: 8px 0 16px; font-size: 13px; }
        th, td { padding: 3px 8px; border-bottom: 1px solid #e4e4e4; text-align: left; white-space: nowrap; }
        td:last-child { white-space: normal; }
        thead th { border-bottom: 2px solid #999; }
        tr.group th { background: #f4f6f8; font-weight: bold; }
        .number { text-align: right; font-variant-numeric: tabular-nums; }
        tr.failed td, h2.failed, section.failed h2 { color: #b00020; }
        section.passed h2 { color: #1a7f37; }
        pre { background: #f6f8fa; padding: 10px; overflow-x: auto; }
        code { background: #f0f0f0; padding: 0 3px; }
        figure { margin: 16px 0 28px; } figure svg { max-width: 100%; height: auto; border: 1px solid #eee; }
        figcaption { color: #555; font-size: 13px; }
        #render-status { color: #666; font-size: 12px; margin-top: 32px; }
        """

    /// Counts the charts that drew (an SVG laid out with a size and its
    /// shapes inside) and the table rows, after layout.
    private static let renderCheck = """
        window.addEventListener("load", function () {
          var charts = document.querySelectorAll("figure svg");
          var drawn = 0;
          charts.forEach(function (svg) {
            var box = svg.getBoundingClientRect();
            var shapes = svg.querySelectorAll("rect, line, polyline, circle, text").length;
            if (box.width > 0 && box.height > 0 && shapes > 0 && svg.getBBox().width > 0) drawn += 1;
          });
          var rows = document.querySelectorAll("table tbody tr:not(.group)").length;
          var status = document.getElementById("render-status");
          status.textContent = "Rendered " + drawn + " of " + charts.length + " chart(s) and " + rows +
            " table row(s).";
          document.body.setAttribute("data-rendered", drawn === charts.length ? "yes" : "no");
        });
        """
}
