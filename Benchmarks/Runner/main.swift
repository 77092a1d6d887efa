import Foundation

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Prints `message` and ends the run with the bad-input status.
func failInput(_ message: String) -> Never {
    printError("error: \(message)")
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let options: Options
do {
    options = try Options.parse(arguments)
} catch {
    printError("error: \(error.description)\n")
    printError(Options.usage)
    exit(2)
}
if options.showHelp {
    print(Options.usage)
    exit(0)
}

// Everything that can be wrong with the input is found before any timing.
if let output = options.outputDirectory {
    do { try OutputFolder.prepare(output) } catch { failInput(error.description) }
}
var baseline: ResultsFile?
if let path = options.comparePath {
    do { baseline = try ResultsFile.load(path) } catch { failInput("--compare: \(error.description)") }
}

let results: ResultsFile
if let source = options.resultsSource {
    do { results = try ResultsFile.load(source) } catch { failInput("--from-results: \(error.description)") }
} else {
    let start = monotonicNanoseconds()  // suites' setup counts toward the run's duration
    var benchmarks: [Benchmark] = []
    for suite in options.suites {
        switch suite {
        case "micro": benchmarks += microBenchmarks(quick: options.quick)
        case "render": benchmarks += renderBenchmarks(quick: options.quick)
        case "reactivity": benchmarks += reactivityBenchmarks(quick: options.quick)
        default: break
        }
    }
    if let filter = options.filter {
        benchmarks = benchmarks.filter { $0.identifier.contains(filter) }
        if benchmarks.isEmpty {
            failInput(
                "no benchmark matches the filter '\(filter)' (identifiers look like 'micro/untracked read/Tracking')")
        }
    }
    if benchmarks.isEmpty {
        let suites = options.suites.joined(separator: ", ")
        printError("note: the suite(s) \(suites) have no benchmarks yet: nothing to run")
        exit(0)
    }

    if let operations = options.profileOperations {
        for benchmark in benchmarks where benchmark.unsupportedReason == nil {
            printError("profiling \(benchmark.identifier) for \(operations) operations")
            benchmark.reset?(operations)
            benchmark.body(operations)
        }
        exit(0)
    }

    var environment = RunEnvironment.current()
    if let load = environment.loadAverageStart, load > Double(environment.cores) / 2 {
        printError(
            "note: load average \(format2(load)) on \(environment.cores) cores: other processes compete for the CPU, "
                + "expect noisy numbers (more --rounds helps)")
    }
    let plan = options.plan
    let timedCount = benchmarks.filter { $0.unsupportedReason == nil }.count
    let sampling = plan.roundBudgets(weights: benchmarks.compactMap { $0.unsupportedReason == nil ? $0.weight : nil })
        .reduce(0, +) * UInt64(plan.rounds)
    printError(
        "\(timedCount) benchmarks, \(plan.rounds) round(s), about \(formatSeconds(Double(sampling) / 1e9)) of sampling "
            + "plus setup")
    let records = BenchmarkRun.run(benchmarks, plan: plan, progress: printError)
    environment.loadAverageEnd = RunEnvironment.loadAverage()
    results = ResultsFile(
        date: ISO8601DateFormatter().string(from: Date()),
        command: (["benchmarks"] + arguments).joined(separator: " "),
        quick: options.quick, rounds: plan.rounds,
        durationSeconds: Double(monotonicNanoseconds() - start) / 1e9,
        environment: environment, results: records)
}

let comparison = baseline.map { Comparison(old: $0, oldPath: options.comparePath ?? "", new: results.results) }
let table = ResultTable(records: results.results, comparison: comparison)
print(TerminalReport.render(table))
print("\n\(results.results.count) benchmarks in \(formatSeconds(results.durationSeconds)).")
if let comparison {
    print("\n" + comparison.summary.joined(separator: "\n"))
}

if let output = options.outputDirectory {
    let charts = ChartCatalog.charts(for: results.results)
    do {
        let report = MarkdownReport.render(results, table: table, comparison: comparison, charts: charts)
        try OutputFolder.write(
            [("results.json", try results.encoded()), ("report.md", Data(report.utf8))]
                + charts.map { ($0.fileName, Data($0.svg.utf8)) },
            to: output)
    } catch let error as OutputFolder.Failure {
        failInput(error.description)
    } catch {
        failInput("cannot encode the results: \(error)")
    }
    print("Wrote results.json, report.md and \(charts.count) chart(s) to \(output).")
}

let failed = results.results.filter { $0.check == "failed" }
if !failed.isEmpty {
    fflush(nil)  // the table first, then the failures, in a log that merges both
    printError("\nFAILED correctness checks:")
    for record in failed { printError("  \(record.id): \(record.failure ?? "")") }
    exit(1)
}
