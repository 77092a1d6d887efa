/// The runner's command line.
struct Options {
    var suites: [String] = []
    var filter: String?
    var quick = false
    var outputDirectory: String?
    var comparePath: String?
    /// Overrides the plan's number of rounds.
    var rounds: Int?
    /// Report on an earlier results.json instead of running benchmarks.
    var resultsSource: String?
    var showHelp = false
    /// Run each selected benchmark's body this many times, once, and report
    /// nothing: for profilers such as `valgrind --tool=callgrind`.
    var profileOperations: Int?
    /// Count instructions per operation, and how.
    var instructions: InstructionCounting.Request?
    /// Internal: run as the callgrind worker of `--instructions` on this plan.
    var instructionsWorkerPlan: String?
    /// Check every benchmark against this results.json's, by thresholds.
    var thresholdBaselinePath: String?
    /// The thresholds file for `--check-thresholds`.
    var thresholdsPath: String?

    static let knownSuites = ["micro", "scale", "render", "reactivity"]

    static let usage = """
        USAGE: benchmarks [SUITE ...] [--filter TEXT] [--quick] [--rounds N]
                          [--instructions [auto|hardware|callgrind]] [--output DIR]
                          [--compare OLD.json] [--check-thresholds BASELINE.json]
                          [--thresholds THRESHOLDS.json]
               benchmarks --from-results RESULTS.json [--output DIR]
                          [--compare OLD.json] [--check-thresholds BASELINE.json]
                          [--thresholds THRESHOLDS.json]

        Compares fine-grained tracking (Tracking) with Apple's Observation, a plain
        stored property and whole-object invalidation (Publishing).

        SUITES:
          micro        single operations: reads, writes, tracking, observing
          scale        many objects: creating them, heap bytes per object, observed
                       writes on 1, 2, 4, ... threads up to the core count
          render       apps on the headless view host, whole-object vs fine-grained
          reactivity   the js-reactivity-benchmark cases
          (default: all suites, in about four minutes on two cores)

        OPTIONS:
          --filter TEXT      run only benchmarks whose identifier contains TEXT
                             (suite/name/variant/parameters), e.g.
                             --filter "micro/untracked read" or --filter /Tracking
          --quick            small sizes and short sampling; every correctness check
                             still runs (CI uses this)
          --rounds N         sample in N interleaved rounds and report the quietest
                             round's median (default 3, 1 with --quick); more rounds
                             steady the numbers on a busy machine
          --instructions [METHOD]
                             also count instructions per operation, by METHOD:
                             hardware  the processor's counter (perf_event_open)
                             callgrind valgrind --tool=callgrind, which runs each
                                       suite again, 20-100x slower: use --filter
                             auto      (the default) hardware where the kernel
                                       allows it, else callgrind, else none, and
                                       the run says why
          --output DIR       write results.json, report.md, report.html and SVG
                             charts to DIR
          --compare OLD.json compare with an earlier results.json: change per
                             benchmark, regressions over 10% flagged (exit status
                             unchanged)
          --check-thresholds BASELINE.json
                             compare every benchmark with BASELINE.json by
                             instructions where both runs counted them, else by
                             the min time; print what crossed its threshold and
                             exit 3 on a regression (default thresholds: +5%
                             instructions, +25% min time)
          --thresholds THRESHOLDS.json
                             thresholds for --check-thresholds: a default, per
                             suite and per benchmark, relative or absolute (the
                             format is in docs/benchmarks.md)
          --from-results RESULTS.json
                             run nothing: print the table of an earlier run and,
                             with --output, write its reports and charts again
          --profile N        run each selected benchmark N times without timing,
                             for a profiler (e.g. valgrind --tool=callgrind)
          --instructions-worker PLAN
                             internal: what --instructions callgrind runs under
                             valgrind
          --help             show this help

        EXIT STATUS:
          0 every correctness check passed and, with --check-thresholds, nothing
            regressed past its threshold (improvements are listed, not failed)
          1 a correctness check failed (named on stderr); wins over 3
          2 bad input: unknown option or suite, a filter that matches nothing,
            an unreadable --compare, --check-thresholds, --thresholds or
            --from-results file, a malformed thresholds file, an --instructions
            method that cannot count here, an output folder that cannot be written
          3 --check-thresholds: at least one benchmark regressed past its threshold
            (listed on stdout, counted on stderr)

        docs/benchmarks.md explains the method and how to read the results.
        """

    /// Parses `arguments` (without the program name). Throws a message for
    /// the user on bad input.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        // `--flag=value` is `--flag value`.
        let arguments = arguments.flatMap { argument -> [String] in
            guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return [argument] }
            return [String(argument[..<equals]), String(argument[argument.index(after: equals)...])]
        }
        var options = Options()
        var index = 0
        func value(for flag: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw UsageError("\(flag) needs a value")
            }
            return arguments[index]
        }
        func positive(for flag: String, _ what: String) throws(UsageError) -> Int {
            let text = try value(for: flag)
            guard let number = Int(text), number > 0 else {
                throw UsageError("\(flag) needs a positive number of \(what), not '\(text)'")
            }
            return number
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h": options.showHelp = true
            case "--quick": options.quick = true
            case "--filter": options.filter = try value(for: argument)
            case "--output": options.outputDirectory = try value(for: argument)
            case "--compare": options.comparePath = try value(for: argument)
            case "--from-results": options.resultsSource = try value(for: argument)
            case "--rounds": options.rounds = try positive(for: argument, "rounds")
            case "--profile": options.profileOperations = try positive(for: argument, "operations")
            case "--instructions":
                options.instructions = .auto
                if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-"),
                    !knownSuites.contains(arguments[index + 1])
                {
                    index += 1
                    guard let request = InstructionCounting.Request(rawValue: arguments[index]) else {
                        let methods = InstructionCounting.Request.allCases.map(\.rawValue).joined(separator: ", ")
                        throw UsageError("--instructions takes \(methods), not '\(arguments[index])'")
                    }
                    options.instructions = request
                }
            case "--instructions-worker": options.instructionsWorkerPlan = try value(for: argument)
            case "--check-thresholds": options.thresholdBaselinePath = try value(for: argument)
            case "--thresholds": options.thresholdsPath = try value(for: argument)
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
        if options.resultsSource != nil {
            guard options.suites.isEmpty, options.filter == nil, !options.quick, options.rounds == nil,
                options.profileOperations == nil, options.instructions == nil
            else {
                throw UsageError(
                    "--from-results runs nothing: it takes only --output, --compare, --check-thresholds and "
                        + "--thresholds")
            }
        }
        if options.thresholdsPath != nil, options.thresholdBaselinePath == nil {
            throw UsageError("--thresholds needs --check-thresholds BASELINE.json to compare with")
        }
        // By default all, the reactivity cases before the render scenarios, whose
        // large hosts would otherwise have fragmented the heap they run in;
        // scale early, since its peak memory is measured in the same process.
        if options.suites.isEmpty { options.suites = ["micro", "scale", "reactivity", "render"] }
        options.suites = options.suites.uniqued()
        return options
    }

    /// The sampling plan these options ask for.
    var plan: SamplingPlan {
        var plan: SamplingPlan = quick ? .quick : .standard
        if let rounds { plan.rounds = rounds }
        return plan
    }
}

/// Bad command-line input: printed with the usage, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
