/// The circumstances of a run, as both reports list them: date,
/// toolchain, machine, load, command, and how instructions were counted.
enum ReportHeader {
    static func lines(_ file: ResultsFile) -> [String] {
        let environment = file.environment
        var lines = [
            "Date: \(file.date)",
            "Toolchain: \(environment.toolchain)",
            "Machine: \(environment.cpu), \(environment.cores) cores (`nproc`), "
                + "\(format2(environment.memoryGibibytes)) GiB, \(environment.operatingSystem)",
            "Load average (1 min) before / after: \(load(environment.loadAverageStart)) / "
                + load(environment.loadAverageEnd),
            "Command: `\(file.command)`; \(file.rounds) round(s)\(file.quick ? ", quick sizes" : ""); "
                + "took \(formatSeconds(file.durationSeconds))",
        ]
        if let counting = file.instructionCounting {
            var text = "Instructions counted by: "
                + (counting.method == "none" ? "nothing (none recorded)" : "\(counting.method) (\(counting.tool ?? ""))")
            if !counting.notes.isEmpty { text += "; " + counting.notes.joined(separator: "; ") }
            lines.append(text)
        }
        return lines
    }

    private static func load(_ value: Double?) -> String {
        value.map(format2) ?? "?"
    }
}
