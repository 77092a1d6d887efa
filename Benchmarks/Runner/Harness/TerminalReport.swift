/// The table printed at the end of a run.
enum TerminalReport {
    static func render(_ results: [(Benchmark, Measurement)]) -> String {
        var lines: [String] = []
        let groups = Dictionary(grouping: results) { GroupKey($0.0) }
        let order = results.map { GroupKey($0.0) }.uniqued()
        var currentSuite = ""
        for key in order {
            guard let rows = groups[key] else { continue }
            if key.suite != currentSuite {
                currentSuite = key.suite
                lines.append("")
                lines.append("== \(key.suite) ==")
                lines.append(pad("benchmark", 44) + pad("variant", 14) + padLeft("median", 12)
                    + padLeft("p90", 12) + padLeft("spread", 8) + padLeft("allocs", 8) + "  ratio")
            }
            let tracking = rows.first { $0.0.variant == "Tracking" }?.1.median
            for (benchmark, measurement) in rows {
                var ratio = ""
                if let tracking, tracking > 0, benchmark.variant != "Tracking" {
                    ratio = String(format2(measurement.median / tracking)) + "× Tracking"
                }
                lines.append(pad(key.label, 44) + pad(benchmark.variant, 14)
                    + padLeft(formatNanoseconds(measurement.median), 12)
                    + padLeft(formatNanoseconds(measurement.p90), 12)
                    + padLeft(String(Int((measurement.spread * 100).rounded())) + "%", 8)
                    + padLeft(measurement.allocationsPerOperation.map(format2) ?? "-", 8)
                    + "  " + ratio)
            }
        }
        return lines.joined(separator: "\n")
    }

    struct GroupKey: Hashable {
        var suite: String
        var label: String
        init(_ benchmark: Benchmark) {
            suite = benchmark.suite
            let parameters = benchmark.parameters.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
            label = parameters.isEmpty ? benchmark.name : "\(benchmark.name) [\(parameters)]"
        }
    }
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

func padLeft(_ text: String, _ width: Int) -> String {
    text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
}

/// `12.3 ns`, `4.56 µs`, `7.89 ms`.
func formatNanoseconds(_ value: Double) -> String {
    if value < 1_000 { return format2(value) + " ns" }
    if value < 1_000_000 { return format2(value / 1_000) + " µs" }
    return format2(value / 1_000_000) + " ms"
}

func formatSeconds(_ value: Double) -> String {
    format2(value) + " s"
}

/// Three significant digits, at most two decimals.
func format2(_ value: Double) -> String {
    if value >= 100 { return String(Int(value.rounded())) }
    let scaled = (value * 100).rounded() / 100
    var text = String(scaled)
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}

extension Sequence where Element: Hashable {
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
