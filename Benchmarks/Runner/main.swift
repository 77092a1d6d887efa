import Foundation

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Prints `message` and ends the run with the bad-input status.
func failInput(_ message: String) -> Never {
    printError("error: \(message)")
    exit(ExitStatus.badInput)
}

/// The benchmarks of the suites, in order. On the main actor, where the
/// render suite builds its views.
@MainActor
func makeBenchmarks(suites: [String], quick: Bool) -> [Benchmark] {
    suites.flatMap { suite -> [Benchmark] in
        switch suite {
        case "micro": microBenchmarks(quick: quick)
        case "scale": scaleBenchmarks(quick: quick)
        case "render": renderBenchmarks(quick: quick)
        case "reactivity": reactivityBenchmarks(quick: quick)
        default: []
        }
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let options: Options
do {
    options = try Options.parse(arguments)
} catch {
    printError("error: \(error.description)\n")
    printError(Options.usage)
    exit(ExitStatus.badInput)
}
if options.showHelp {
    print(Options.usage)
    exit(ExitStatus.success)
}
if let plan = options.instructionsWorkerPlan {
    exit(InstructionWorker.run(makeBenchmarks(suites: options.suites, quick: options.quick), planPath: plan))
}

// Everything that can be wrong with the input is found before any timing.
if let output = options.outputDirectory {
    do { try OutputFolder.prepare(output) } catch { failInput(error.description) }
}
var baseline: ResultsFile?
if let path = options.comparePath {
    do { baseline = try ResultsFile.load(path) } catch { failInput("--compare: \(error.description)") }
}
var thresholds = Thresholds.builtIn
if let path = options.thresholdsPath {
    do {
        thresholds = try Thresholds.load(path, knownSuites: Options.knownSuites)
    } catch {
        failInput("--thresholds: \(error.description)")
    }
}
var thresholdBaseline: ResultsFile?
if let path = options.thresholdBaselinePath {
    do { thresholdBaseline = try ResultsFile.load(path) } catch { failInput("--check-thresholds: \(error.description)") }
}
var instructionCounter: InstructionCounting.Counter?
var instructionCounting: InstructionCounting?
if let request = options.instructions {
    do { (instructionCounter, instructionCounting) = try InstructionCounting.choose(request) } catch {
        failInput(error.description)
    }
}

let results: ResultsFile
if let source = options.resultsSource {
    do { results = try ResultsFile.load(source) } catch { failInput("--from-results: \(error.description)") }
} else {
    let start = monotonicNanoseconds()  // suites' setup counts toward the run's duration
    var benchmarks = makeBenchmarks(suites: options.suites, quick: options.quick)
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
        exit(ExitStatus.success)
    }

    if let operations = options.profileOperations {
        for benchmark in benchmarks where benchmark.unsupportedReason == nil {
            printError("profiling \(benchmark.identifier) for \(operations) operations")
            benchmark.reset?(operations)
            benchmark.body(operations)
        }
        exit(ExitStatus.success)
    }

    var environment = RunEnvironment.current()
    if let load = environment.loadAverageStart, load > Double(environment.cores) / 2 {
        printError(
            "note: load average \(format2(load)) on \(environment.cores) cores: other processes compete for the CPU, "
                + "expect noisy numbers (more --rounds helps)")
    }
    if let instructionCounting {
        printError(
            instructionCounting.method == "none"
                ? "note: instructions cannot be counted here, none are recorded: "
                    + instructionCounting.notes.joined(separator: "; ")
                : "counting instructions with \(instructionCounting.method) (\(instructionCounting.tool ?? ""))")
    }
    let plan = options.plan
    let timedCount = benchmarks.filter { $0.unsupportedReason == nil }.count
    let sampling = plan.roundBudgets(weights: benchmarks.compactMap { $0.unsupportedReason == nil ? $0.weight : nil })
        .reduce(0, +) * UInt64(plan.rounds)
    printError(
        "\(timedCount) benchmarks, \(plan.rounds) round(s), about \(formatSeconds(Double(sampling) / 1e9)) of sampling "
            + "plus setup")
    var hardwareCounter: HardwareInstructionCounter?
    if case .hardware(let counter) = instructionCounter { hardwareCounter = counter }
    var records = BenchmarkRun.run(benchmarks, plan: plan, instructions: hardwareCounter, progress: printError)
    if case .callgrind(let counter) = instructionCounter {
        // A fresh process per suite, under valgrind, after the timing.
        for suite in options.suites {
            let planned = zip(benchmarks, records).filter { benchmark, record in
                benchmark.suite == suite && benchmark.unsupportedReason == nil && benchmark.workOnOtherThreads == nil
            }.map { (id: $0.1.id, n: $0.1.operationsPerSample ?? 1) }
            guard !planned.isEmpty else { continue }
            let (counts, failure) = counter.count(
                suite: suite, quick: options.quick, plan: planned, progress: printError)
            for index in records.indices { records[index].instructions = counts[records[index].id] ?? records[index].instructions }
            if let failure {
                printError("note: \(failure)")
                instructionCounting?.notes.append(failure)
            }
        }
    }
    environment.loadAverageEnd = RunEnvironment.loadAverage()
    results = ResultsFile(
        date: ISO8601DateFormatter().string(from: Date()),
        command: (["benchmarks"] + arguments).joined(separator: " "),
        quick: options.quick, rounds: plan.rounds,
        durationSeconds: Double(monotonicNanoseconds() - start) / 1e9,
        environment: environment, instructionCounting: instructionCounting, results: records)
}

let comparison = baseline.map { Comparison(old: $0, oldPath: options.comparePath ?? "", new: results.results) }
let thresholdCheck = thresholdBaseline.map {
    ThresholdCheck(
        baseline: $0, baselinePath: options.thresholdBaselinePath ?? "", new: results.results, thresholds: thresholds)
}
let table = ResultTable(records: results.results, comparison: comparison)
print(TerminalReport.render(table))
let notRun = results.results.filter { $0.unsupported != nil }.count
print(
    "\n\(results.results.count - notRun) benchmarks"
        + (notRun == 1 ? " (and 1 variant listed as not run)" : "")
        + (notRun > 1 ? " (and \(notRun) variants listed as not run)" : "")
        + " in \(formatSeconds(results.durationSeconds)).")
if let comparison {
    print("\n" + comparison.summary.joined(separator: "\n"))
}
if let thresholdCheck {
    print("\n" + thresholdCheck.summary.joined(separator: "\n"))
}

if let output = options.outputDirectory {
    let charts = ChartCatalog.charts(for: results.results)
    do {
        let markdown = MarkdownReport.render(
            results, table: table, comparison: comparison, thresholdCheck: thresholdCheck, charts: charts)
        let html = HTMLReport.render(
            results, table: table, comparison: comparison, thresholdCheck: thresholdCheck, charts: charts)
        try OutputFolder.write(
            [
                ("results.json", try results.encoded()), ("report.md", Data(markdown.utf8)),
                ("report.html", Data(html.utf8)),
            ] + charts.map { ($0.fileName, Data($0.svg.utf8)) },
            to: output)
    } catch let error as OutputFolder.Failure {
        failInput(error.description)
    } catch {
        failInput("cannot encode the results: \(error)")
    }
    print("Wrote results.json, report.md, report.html and \(charts.count) chart(s) to \(output).")
}

fflush(nil)  // the table first, then the failures, in a log that merges both
var status = ExitStatus.success
if let regressions = thresholdCheck?.regressions, !regressions.isEmpty {
    printError("\nthreshold check: \(regressions.count) regression(s) past the thresholds (listed above)")
    status = ExitStatus.regression
}
let failed = results.results.filter { $0.check == "failed" }
if !failed.isEmpty {
    printError("\nFAILED correctness checks:")
    for record in failed { printError("  \(record.id): \(record.failure ?? "")") }
    status = ExitStatus.checkFailed
}
exit(status)
