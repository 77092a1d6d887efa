import Foundation

/// The process's resident memory, from Linux's /proc/self: the resident
/// set now (`VmRSS`), its peak (`VmHWM`), and resetting the peak to the
/// current size (writing 5 to /proc/self/clear_refs, Linux 4.0 and later).
enum ResidentMemory {
    /// Whether the peak can be reset here; without it a peak is the whole
    /// process's, and says nothing about one benchmark.
    static let canResetPeak: Bool = resetPeak()

    /// Runs `work` and returns its result with how far the peak resident set
    /// rose above the resident set before it, in bytes; nil where the peak
    /// cannot be reset.
    ///
    /// Memory that earlier work freed and malloc kept is reused without any
    /// growth, so in a run of many benchmarks the figure is a lower bound.
    static func peakGrowth<T>(during work: () -> T) -> (T, Int?) {
        guard canResetPeak, resetPeak(), let before = kibibytes("VmRSS") else { return (work(), nil) }
        let result = work()
        guard let peak = kibibytes("VmHWM") else { return (result, nil) }
        return (result, max(0, peak - before) * 1024)
    }

    @discardableResult
    private static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }

    /// A `kB` line of /proc/self/status, such as `VmRSS:  13536 kB`.
    private static func kibibytes(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
        else { return nil }
        return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
    }
}
