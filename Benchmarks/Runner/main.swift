import Foundation

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("error: \(error.description)\n")
    printError(Options.usage)
    exit(2)
}
if options.showHelp {
    print(Options.usage)
    exit(0)
}

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
        printError("error: no benchmark matches the filter '\(filter)'")
        exit(2)
    }
}

if let operations = options.profileOperations {
    for benchmark in benchmarks {
        printError("profiling \(benchmark.identifier) for \(operations) operations")
        benchmark.body(operations)
    }
    exit(0)
}

let plan: SamplingPlan = options.quick ? .quick : .standard
var results: [(Benchmark, Measurement)] = []
var failures: [String] = []
let runStart = monotonicNanoseconds()
for (index, benchmark) in benchmarks.enumerated() {
    let elapsed = Double(monotonicNanoseconds() - runStart) / 1e9
    printError("[\(index + 1)/\(benchmarks.count)] \(benchmark.identifier)  (\(formatSeconds(elapsed)) elapsed)")
    let measurement = Sampler.measure(benchmark, plan: plan)
    if let check = benchmark.check {
        do {
            try check()
        } catch {
            failures.append("\(benchmark.identifier): \(error)")
        }
    }
    results.append((benchmark, measurement))
}

print(TerminalReport.render(results))
if !failures.isEmpty {
    printError("\nFAILED correctness checks:")
    for failure in failures { printError("  \(failure)") }
    exit(1)
}
