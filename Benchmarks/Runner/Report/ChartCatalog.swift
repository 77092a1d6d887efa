/// A chart to write: its file name inside the output folder and its SVG.
struct Chart {
    var fileName: String
    var title: String
    var svg: String
}

/// Which charts the results call for. Pure: records in, SVG text out.
enum ChartCatalog {
    static func charts(for records: [BenchmarkRecord]) -> [Chart] {
        var charts: [Chart] = []
        for sweep in sweeps(records) {
            if let chart = timeAgainstN(sweep) { charts.append(chart) }
            if let chart = evaluationsAgainstN(sweep) { charts.append(chart) }
        }
        for sweep in sweeps(records, over: "threads") {
            if let chart = throughputAgainstThreads(sweep) { charts.append(chart) }
        }
        if let chart = microTrackingAgainstObservation(records) { charts.append(chart) }
        return charts
    }

    /// Benchmarks of one suite and name, alike but for one numeric
    /// parameter: `n`, or `threads`.
    struct Sweep {
        var suite: String
        var name: String
        /// The parameter that varies.
        var parameter: String
        /// The other parameters, e.g. `rows=10`, or empty.
        var otherParameters: String
        var records: [BenchmarkRecord]

        var title: String { otherParameters.isEmpty ? name : "\(name) [\(otherParameters)]" }
        var fileStem: String { slug("\(suite) \(title)") }

        /// One series per variant, in the order the suite lists them, from
        /// the records that have a value for `value`.
        func series(_ value: (BenchmarkRecord) -> Double?) -> [LineChart.Series] {
            records.map(\.variant).uniqued().compactMap { variant in
                let points = records.filter { $0.variant == variant }.compactMap { record -> (x: Double, y: Double)? in
                    guard let x = self.x(record), let y = value(record), y > 0 else { return nil }
                    return (x, y)
                }.sorted { $0.x < $1.x }
                return points.isEmpty ? nil : LineChart.Series(name: variant, points: points)
            }
        }

        /// Variants with no value for `value` at any N.
        func absent(_ value: (BenchmarkRecord) -> Double?) -> [String] {
            let present = Set(series(value).map(\.name))
            return records.map(\.variant).uniqued().filter { !present.contains($0) }
        }

        func x(_ record: BenchmarkRecord) -> Double? { ChartCatalog.value(of: parameter, in: record) }

        var distinctValues: Int { Set(records.compactMap(x)).count }
    }

    /// A positive numeric parameter of `record`; `n` in any case.
    static func value(of parameter: String, in record: BenchmarkRecord) -> Double? {
        parameter == "n" ? record.n : record.number(parameter).flatMap { $0 > 0 ? $0 : nil }
    }

    /// The benchmarks that sweep `parameter` over at least two values.
    static func sweeps(_ records: [BenchmarkRecord], over parameter: String = "n") -> [Sweep] {
        var order: [String] = []
        var groups: [String: Sweep] = [:]
        for record in records where value(of: parameter, in: record) != nil {
            let others = record.parameters.filter { $0.key.lowercased() != parameter }
                .sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            let key = "\(record.suite)\u{0}\(record.name)\u{0}\(others)"
            if groups[key] == nil {
                order.append(key)
                groups[key] = Sweep(
                    suite: record.suite, name: record.name, parameter: parameter, otherParameters: others, records: [])
            }
            groups[key]?.records.append(record)
        }
        return order.compactMap { groups[$0] }.filter { $0.distinctValues >= 2 }
    }

    /// Operations per second of all threads together against the number of
    /// threads, on linear axes: a line that rises in proportion scales with
    /// cores, a flat one does not.
    static func throughputAgainstThreads(_ sweep: Sweep) -> Chart? {
        let series = sweep.series(\.operationsPerSecond)
        guard !series.isEmpty else { return nil }
        let title = "\(sweep.title): throughput against threads"
        let chart = LineChart(
            title: title,
            subtitle: "\(sweep.suite) suite · operations per second, all threads together · higher is better",
            xLabel: "threads", yLabel: "operations per second", series: series,
            formatX: formatCount, formatY: { formatCount($0) + "/s" }, absent: sweep.absent(\.operationsPerSecond),
            linear: true)
        return Chart(fileName: "throughput-\(sweep.fileStem).svg", title: title, svg: chart.render())
    }

    static func timeAgainstN(_ sweep: Sweep) -> Chart? {
        let series = sweep.series(\.medianNanoseconds)
        guard !series.isEmpty else { return nil }
        let title = "\(sweep.title): time per update against N"
        let chart = LineChart(
            title: title, subtitle: "\(sweep.suite) suite · median per update · log-log · lower is better",
            xLabel: "N", yLabel: "time per update (log)", series: series,
            formatX: formatCount, formatY: formatNanoseconds, absent: sweep.absent(\.medianNanoseconds))
        return Chart(fileName: "time-\(sweep.fileStem).svg", title: title, svg: chart.render())
    }

    static func evaluationsAgainstN(_ sweep: Sweep) -> Chart? {
        let series = sweep.series { $0.metrics?[BenchmarkMetrics.bodyEvaluations] }
        guard !series.isEmpty else { return nil }
        let title = "\(sweep.title): body evaluations against N"
        let chart = LineChart(
            title: title, subtitle: "\(sweep.suite) suite · body evaluations per update · log-log · lower is better",
            xLabel: "N", yLabel: "body evaluations per update (log)", series: series,
            formatX: formatCount, formatY: formatCount,
            absent: sweep.absent { $0.metrics?[BenchmarkMetrics.bodyEvaluations] })
        return Chart(fileName: "evaluations-\(sweep.fileStem).svg", title: title, svg: chart.render())
    }

    /// Every micro operation timed on both Tracking and Observation.
    static func microTrackingAgainstObservation(_ records: [BenchmarkRecord]) -> Chart? {
        let micro = records.filter { $0.suite == "micro" }
        let categories = micro.map(\.groupLabel).uniqued().compactMap { label -> BarChart.Category? in
            let group = micro.filter { $0.groupLabel == label }
            guard let tracking = group.first(where: { $0.variant == "Tracking" })?.medianNanoseconds,
                let observed = group.first(where: { $0.variant == "Observation" }),
                let observation = observed.medianNanoseconds
            else { return nil }
            let ratio = observed.ratioToTracking ?? (tracking > 0 ? observation / tracking : nil)
            let note = ratio.map(formatRatio) ?? "-"
            return BarChart.Category(label: label, values: [tracking, observation], note: note)
        }
        guard !categories.isEmpty else { return nil }
        let title = "Micro operations: Tracking against Apple's Observation"
        let chart = BarChart(
            title: title,
            subtitle: "median time per operation · log scale · shorter is faster · ratio from back-to-back samples",
            valueLabel: "time per operation (log)", noteTitle: "Obs. ÷ Tracking",
            seriesNames: ["Tracking", "Observation"], categories: categories, formatValue: formatNanoseconds)
        return Chart(fileName: "micro-tracking-vs-observation.svg", title: title, svg: chart.render())
    }
}

/// `micro-write-fanning-out`: lowercase letters and digits joined by dashes.
func slug(_ text: String) -> String {
    var result = ""
    for character in text.lowercased() {
        if character.isASCII, character.isLetter || character.isNumber {
            result.append(character)
        } else if !result.isEmpty, result.last != "-" {
            result.append("-")
        }
    }
    while result.last == "-" { result.removeLast() }
    return result
}
