/// The runner's command line.
struct Options {
    var suites: [String] = []
    var filter: String?
    var quick = false
    var outputDirectory: String?
    var comparePath: String?
    var showHelp = false
    /// Run each selected benchmark's body this many times, once, and report
    /// nothing: for profilers such as `valgrind --tool=callgrind`.
    var profileOperations: Int?

    static let knownSuites = ["micro", "render", "reactivity"]

    static let usage = """
        USAGE: benchmarks [SUITE ...] [--filter TEXT] [--quick] [--output DIR] [--compare OLD.json]

        Compares fine-grained tracking (Tracking) with Apple's Observation, a plain
        stored property and whole-object invalidation (Publishing).

        SUITES:
          micro        single operations: reads, writes, tracking, observing
          render       apps on the headless view host, whole-object vs fine-grained
          reactivity   the js-reactivity-benchmark cases
          (default: all suites)

        OPTIONS:
          --filter TEXT      run only benchmarks whose identifier contains TEXT
          --quick            small sizes and short sampling; every correctness check
                             still runs (CI uses this)
          --output DIR       write results.json, report.md and SVG charts to DIR
          --compare OLD.json compare with an earlier results.json; flags regressions
                             over 10%
          --profile N        run each selected benchmark N times without timing,
                             for a profiler (e.g. valgrind --tool=callgrind)
          --help             show this help
        """

    /// Parses `arguments` (without the program name). Throws a message for
    /// the user on bad input.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var index = 0
        func value(for flag: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw UsageError("\(flag) needs a value")
            }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h": options.showHelp = true
            case "--quick": options.quick = true
            case "--filter": options.filter = try value(for: argument)
            case "--output": options.outputDirectory = try value(for: argument)
            case "--compare": options.comparePath = try value(for: argument)
            case "--profile":
                let text = try value(for: argument)
                guard let count = Int(text), count > 0 else {
                    throw UsageError("--profile needs a positive number of operations, not '\(text)'")
                }
                options.profileOperations = count
            default:
                if argument.hasPrefix("-") {
                    throw UsageError("unknown option '\(argument)'")
                }
                guard knownSuites.contains(argument) else {
                    throw UsageError(
                        "unknown suite '\(argument)' (known suites: \(knownSuites.joined(separator: ", ")))")
                }
                options.suites.append(argument)
            }
            index += 1
        }
        if options.suites.isEmpty { options.suites = knownSuites }
        return options
    }
}

/// Bad command-line input: printed with the usage, exit code 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
