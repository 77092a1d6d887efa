/// The second table of the reports: every benchmark's percentiles of time
/// per operation (p0 … p100 over all samples) and its peak resident memory
/// growth, one section per suite, laid out like `ResultTable`.
struct DistributionTable {
    var columns: [ResultTable.Column]
    var sections: [ResultTable.Section]

    static let legend = [
        "p0 … p100: time per operation over every sample of every round (p0 is the min, p100 the slowest "
            + "sample; median in the first table is the quickest round's, so it can differ from p50).",
        "peak RSS +: how far the process's peak resident memory rose over the benchmark's first calls "
            + "(its setup and calibration), a lower bound when earlier benchmarks left freed memory to reuse.",
    ]

    init(records: [BenchmarkRecord]) {
        columns = [ResultTable.Column(title: "variant", alignRight: false)]
            + Percentiles.levels.map { ResultTable.Column(title: $0.name, alignRight: true) }
            + [
                ResultTable.Column(title: "samples", alignRight: true),
                ResultTable.Column(title: "peak RSS +", alignRight: true),
            ]
        let timed = records.filter { $0.percentiles != nil }
        sections = timed.map(\.suite).uniqued().map { suite in
            let inSuite = timed.filter { $0.suite == suite }
            let groups = inSuite.map(\.groupLabel).uniqued().map { label in
                ResultTable.Group(label: label, rows: inSuite.filter { $0.groupLabel == label }.map(Self.cells))
            }
            return ResultTable.Section(suite: suite, legend: [], groups: groups)
        }
    }

    private static func cells(_ record: BenchmarkRecord) -> [String] {
        [record.variant] + (record.percentiles?.values ?? []).map(formatNanoseconds)
            + [record.samples.map(String.init) ?? "", record.peakResidentGrowthBytes.map(formatBytes) ?? "-"]
    }
}

/// `0 B`, `512 B`, `12.3 KiB`, `4.5 MiB`, `1.2 GiB`.
func formatBytes(_ bytes: Int) -> String {
    let value = Double(bytes)
    if value < 1024 { return "\(bytes) B" }
    if value < 1024 * 1024 { return format2(value / 1024) + " KiB" }
    if value < 1024 * 1024 * 1024 { return format2(value / (1024 * 1024)) + " MiB" }
    return format2(value / (1024 * 1024 * 1024)) + " GiB"
}
