import Foundation

/// How much worse a benchmark may get before `--check-thresholds` calls it a
/// regression: per metric, a default, per suite and per benchmark, from a
/// small JSON file (`--thresholds`) over built-in defaults.
///
/// ```json
/// {
///   "default": { "instructions": { "percent": 5 }, "min_ns": { "percent": 25 } },
///   "suites": { "render": { "min_ns": { "percent": 50 } } },
///   "benchmarks": { "micro/untracked read/Tracking": { "min_ns": { "percent": 25, "absolute": 0.5 } } }
/// }
/// ```
///
/// The most specific threshold of a metric wins: benchmark, then suite, then
/// the file's default, then the built-in default.
struct Thresholds: Equatable {
    /// What a benchmark is compared by.
    enum Metric: String, CaseIterable {
        /// Instructions per operation: where both runs counted them.
        case instructions
        /// The fastest sample, ns per operation: otherwise.
        case minimum = "min_ns"

        /// `instructions`, `min time`: for the printed lines.
        var label: String { self == .instructions ? "instructions" : "min" }

        /// Values below this count as this, the resolution of the tables: a
        /// time that rounds to 0 ns is not compared by its noise.
        var floor: Double { self == .instructions ? 1 : 0.01 }

        func format(_ value: Double) -> String {
            self == .instructions ? format2(value) : formatNanoseconds(value)
        }
    }

    /// A limit on the growth of one metric: crossed when every limit given
    /// is exceeded, so `absolute` can keep a tiny value's noise from
    /// crossing `percent`.
    struct Limit: Equatable {
        /// Growth in percent of the baseline (25: 25% more).
        var percent: Double?
        /// Growth in the metric's unit (ns, or instructions).
        var absolute: Double?

        /// Whether `new` is worse than `old` past every limit given.
        func isExceeded(from old: Double, to new: Double, metric: Metric) -> Bool {
            let old = max(old, metric.floor), new = max(new, metric.floor)
            if let percent, !((new / old - 1) * 100 > percent) { return false }
            if let absolute, !(new - old > absolute) { return false }
            return true
        }

        /// `+25%`, `+0.5 ns`, `+25% and +0.5 ns`.
        func description(_ metric: Metric) -> String {
            var parts: [String] = []
            if let percent { parts.append("+\(format2(percent))%") }
            if let absolute {
                parts.append("+" + metric.format(absolute) + (metric == .instructions ? " instructions" : ""))
            }
            return parts.joined(separator: " and ")
        }
    }

    typealias Limits = [Metric: Limit]

    var defaults: Limits
    var suites: [String: Limits] = [:]
    var benchmarks: [String: Limits] = [:]
    /// The file they came from, or nil for the built-in defaults.
    var path: String? = nil

    /// +5% instructions (a count that holds still), +25% min time (the
    /// steadiest time on a shared machine, which still moves by 10–20%).
    static let builtIn = Thresholds(
        defaults: [.instructions: Limit(percent: 5), .minimum: Limit(percent: 25)])

    /// The limit of `metric` for a record, and where it came from.
    func limit(for record: BenchmarkRecord, metric: Metric) -> (limit: Limit, source: String) {
        if let limit = benchmarks[record.id]?[metric] { return (limit, "benchmark") }
        if let limit = suites[record.suite]?[metric] { return (limit, "suite \(record.suite)") }
        if let limit = defaults[metric] { return (limit, path == nil ? "built-in default" : "default") }
        return (Self.builtIn.defaults[metric]!, "built-in default")
    }
}

extension Thresholds {
    struct LoadFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads a thresholds file; the error names the file and the key that is
    /// wrong.
    static func load(_ path: String, knownSuites: [String]) throws(LoadFailure) -> Thresholds {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadFailure(description: "cannot read '\(path)': no such file, or not readable")
        }
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw LoadFailure(description: "'\(path)' is not valid JSON")
        }
        func fail(_ where: String, _ what: String) -> LoadFailure {
            LoadFailure(description: "'\(path)': \(`where`): \(what)")
        }
        func object(_ value: JSONValue, at key: String) throws(LoadFailure) -> [(key: String, value: JSONValue)] {
            guard case .object(let object) = value else { throw fail(key, "must be a JSON object") }
            return object.sorted { $0.key < $1.key }
        }
        func limits(_ value: JSONValue, at key: String) throws(LoadFailure) -> Limits {
            var limits: Limits = [:]
            for (name, value) in try object(value, at: key) {
                guard let metric = Metric(rawValue: name) else {
                    let known = Metric.allCases.map(\.rawValue).joined(separator: ", ")
                    throw fail("\(key).\(name)", "unknown metric (known: \(known))")
                }
                var limit = Limit()
                for (field, number) in try object(value, at: "\(key).\(name)") {
                    guard case .number(let number) = number, number >= 0, number.isFinite else {
                        throw fail("\(key).\(name).\(field)", "must be a number, 0 or more")
                    }
                    switch field {
                    case "percent": limit.percent = number
                    case "absolute": limit.absolute = number
                    default: throw fail("\(key).\(name).\(field)", "unknown field (known: percent, absolute)")
                    }
                }
                guard limit.percent != nil || limit.absolute != nil else {
                    throw fail("\(key).\(name)", "needs \"percent\" or \"absolute\" (or both)")
                }
                limits[metric] = limit
            }
            return limits
        }
        var thresholds = Thresholds(defaults: builtIn.defaults, path: path)
        for (key, value) in try object(json, at: "the top level") {
            switch key {
            case "default":
                thresholds.defaults.merge(try limits(value, at: key)) { _, new in new }
            case "suites":
                for (suite, value) in try object(value, at: key) {
                    guard knownSuites.contains(suite) else {
                        throw fail("suites.\(suite)", "unknown suite (known: \(knownSuites.joined(separator: ", ")))")
                    }
                    thresholds.suites[suite] = try limits(value, at: "suites.\(suite)")
                }
            case "benchmarks":
                for (id, value) in try object(value, at: key) {
                    thresholds.benchmarks[id] = try limits(value, at: "benchmarks.\(id)")
                }
            default:
                throw fail(key, "unknown key (known: default, suites, benchmarks)")
            }
        }
        return thresholds
    }
}
