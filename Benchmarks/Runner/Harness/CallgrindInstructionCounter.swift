import CInstructionCounter
import Foundation

/// Counts instructions per operation with `valgrind --tool=callgrind`,
/// where the processor's counter is out of reach: the runner starts itself
/// again under callgrind, once per suite, as an instruction worker
/// (`--instructions-worker PLAN`), which runs each planned benchmark inside
/// `instruction_region_run`; callgrind counts only inside it and writes one
/// profile part per call.
///
/// Valgrind cannot read the debug information of Swift binaries, so the
/// worker runs a copy of this executable with its debug sections stripped.
final class CallgrindInstructionCounter {
    let tool: String
    private let valgrind: String
    private let strip: String
    private var strippedCopy: Result<String, InstructionCounting.Unavailable>?

    private init(tool: String, valgrind: String, strip: String) {
        self.tool = tool
        self.valgrind = valgrind
        self.strip = strip
    }

    /// Finds valgrind (with callgrind) and strip on PATH.
    static func find() -> Result<CallgrindInstructionCounter, InstructionCounting.Unavailable> {
        guard let valgrind = findExecutable("valgrind") else {
            return .failure(.init(description: "no valgrind on PATH (Debian package valgrind)"))
        }
        guard let strip = findExecutable("strip") else {
            return .failure(
                .init(description: "no strip on PATH (binutils): valgrind cannot read Swift's debug information"))
        }
        guard let version = runQuietly(valgrind, ["--version"]), version.status == 0 else {
            return .failure(.init(description: "'\(valgrind) --version' failed"))
        }
        let name = version.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return .success(CallgrindInstructionCounter(tool: "\(name) --tool=callgrind", valgrind: valgrind, strip: strip))
    }

    /// Instructions per operation of the planned benchmarks of `suite`
    /// (identifier and operations per call), counted by one worker under
    /// callgrind; and what went wrong, if the worker failed.
    func count(
        suite: String, quick: Bool, plan: [(id: String, n: Int)], progress: (String) -> Void
    ) -> (perOperation: [String: Double], failure: String?) {
        let binary: String
        switch preparedBinary() {
        case .success(let path): binary = path
        case .failure(let error): return ([:], error.description)
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("benchmarks-callgrind-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let planPath = folder + "/plan.txt"
            try InstructionWorker.encode(plan).write(toFile: planPath, atomically: true, encoding: .utf8)
            progress("counting instructions of \(plan.count) \(suite) benchmark(s) under callgrind (slow)")
            let arguments =
                [
                    "--tool=callgrind", "--collect-atstart=no",
                    "--toggle-collect=instruction_region_run", "--dump-after=instruction_region_run",
                    "--callgrind-out-file=\(folder)/callgrind.out", binary, suite,
                ] + (quick ? ["--quick"] : []) + ["--instructions-worker", planPath]
            // Swift seeds its hashing per process; a fixed seed keeps the
            // counts of hashing code the same from run to run.
            var environment = ProcessInfo.processInfo.environment
            environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
            guard let result = runQuietly(valgrind, arguments, environment: environment) else {
                return ([:], "cannot start \(valgrind)")
            }
            guard result.status == 0 else {
                let tail = result.output.split(separator: "\n").suffix(3).joined(separator: " / ")
                return ([:], "the callgrind worker for \(suite) exited \(result.status): \(tail)")
            }
            let measured = try String(contentsOfFile: InstructionWorker.donePath(planPath), encoding: .utf8)
                .split(separator: "\n").map(String.init)
            let operations = Dictionary(plan.map { ($0.id, $0.n) }, uniquingKeysWith: { first, _ in first })
            var perOperation: [String: Double] = [:]
            for (index, id) in measured.enumerated() {
                guard let n = operations[id],
                    let once = Self.summary(of: "\(folder)/callgrind.out.\(2 * index + 1)"),
                    let twice = Self.summary(of: "\(folder)/callgrind.out.\(2 * index + 2)")
                else { return (perOperation, "callgrind wrote no profile for \(id)") }
                perOperation[id] = InstructionCounting.perOperation(once: once, twice: twice, n: n)
            }
            let missing = plan.map(\.id).filter { perOperation[$0] == nil }
            guard missing.isEmpty else {
                return (
                    perOperation,
                    "the callgrind worker found no benchmark \(missing.joined(separator: ", ")) "
                        + "(an identifier that changes from process to process cannot be paired)"
                )
            }
            return (perOperation, nil)
        } catch {
            return ([:], "the callgrind worker for \(suite) failed: \(error)")
        }
    }

    /// A copy of this executable without debug sections, made once.
    private func preparedBinary() -> Result<String, InstructionCounting.Unavailable> {
        if let strippedCopy { return strippedCopy }
        let result: Result<String, InstructionCounting.Unavailable>
        do {
            let own = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
            let copy = FileManager.default.temporaryDirectory
                .appendingPathComponent("benchmarks-for-callgrind-\(getpid())").path
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: own, toPath: copy)
            if let stripped = runQuietly(strip, ["--strip-debug", copy]), stripped.status == 0 {
                result = .success(copy)
            } else {
                result = .failure(.init(description: "'strip --strip-debug' failed on a copy of \(own)"))
            }
        } catch {
            result = .failure(.init(description: "cannot copy this executable for callgrind: \(error)"))
        }
        strippedCopy = result
        return result
    }

    deinit {
        if case .success(let path) = strippedCopy { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The `summary:` line of a callgrind profile part: instructions counted.
    private static func summary(of path: String) -> Int64? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix("summary:") }
        return line.flatMap { Int64($0.dropFirst("summary:".count).trimmingCharacters(in: .whitespaces)) }
    }
}

/// The full path of `name` in PATH, if it is there and executable.
func findExecutable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for folder in path.split(separator: ":") where !folder.isEmpty {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

/// Runs a program to its end; its standard output and error together.
func runQuietly(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil
) -> (status: Int32, output: String)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
