import Foundation

/// The machine and toolchain a run happened on, for the report.
struct RunEnvironment: Codable, Equatable {
    /// The first line of `swift --version`.
    var toolchain: String
    var cpu: String
    var cores: Int
    var memoryGibibytes: Double
    var operatingSystem: String
    /// The 1-minute load average before and after the run: above about half
    /// the core count, other processes competed for the CPU.
    var loadAverageStart: Double?
    var loadAverageEnd: Double?

    enum CodingKeys: String, CodingKey {
        case toolchain, cpu, cores
        case memoryGibibytes = "memory_gib"
        case operatingSystem = "os"
        case loadAverageStart = "load_average_start"
        case loadAverageEnd = "load_average_end"
    }

    /// Looks at this machine (runs `swift --version`, reads /proc).
    static func current() -> RunEnvironment {
        let info = ProcessInfo.processInfo
        return RunEnvironment(
            toolchain: swiftVersion() ?? "unknown (no `swift` on PATH)",
            cpu: cpuModel() ?? "unknown",
            cores: info.activeProcessorCount,
            memoryGibibytes: (Double(info.physicalMemory) / Double(1 << 30) * 10).rounded() / 10,
            operatingSystem: info.operatingSystemVersionString,
            loadAverageStart: loadAverage())
    }

    static func loadAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }

    private static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix("model name") }
        return line?.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
    }

    private static func swiftVersion() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        return lines.first { $0.contains("Swift version") }.map(String.init)
    }
}
