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
        guard let result = runQuietly("/usr/bin/env", ["swift", "--version"]), result.status == 0 else { return nil }
        return result.output.split(separator: "\n").first { $0.contains("Swift version") }.map(String.init)
    }
}
