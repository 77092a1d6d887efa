import Foundation

/// The whole of `results.json`: the run's circumstances and its records.
struct ResultsFile: Codable, Equatable {
    static let currentFormat = "tracking-benchmarks/1"

    var format = ResultsFile.currentFormat
    /// ISO 8601, UTC.
    var date: String
    var command: String
    var quick: Bool
    var rounds: Int
    var durationSeconds: Double
    var environment: RunEnvironment
    /// How instructions were counted, when the run was asked to.
    var instructionCounting: InstructionCounting? = nil
    var results: [BenchmarkRecord]

    enum CodingKeys: String, CodingKey {
        case format, date, command, quick, rounds
        case durationSeconds = "duration_s"
        case environment
        case instructionCounting = "instruction_counting"
        case results
    }

    /// Pretty, with sorted keys, so that two runs diff line by line.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Reads a `results.json`; the error says what is wrong with it.
    static func decode(_ data: Data) throws -> ResultsFile {
        try JSONDecoder().decode(ResultsFile.self, from: data)
    }
}

extension ResultsFile {
    struct LoadFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads the `results.json` at `path`; the error names the file and says
    /// what is wrong with it.
    static func load(_ path: String) throws(LoadFailure) -> ResultsFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadFailure(description: "cannot read '\(path)': no such file, or not readable")
        }
        do {
            return try decode(data)
        } catch let error as DecodingError {
            throw LoadFailure(description: "'\(path)' is not a results.json of this runner: \(describe(error))")
        } catch {
            throw LoadFailure(description: "'\(path)' is not valid JSON: \(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at \(keys)"
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing '\(key.stringValue)'\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected value\(path(context))"
        case .dataCorrupted(let context): return "\(context.debugDescription)\(path(context))"
        @unknown default: return "\(error)"
        }
    }
}
