/// `12.3 ns`, `4.56 µs`, `7.89 ms`.
func formatNanoseconds(_ value: Double) -> String {
    if value < 1_000 { return format2(value) + " ns" }
    if value < 1_000_000 { return format2(value / 1_000) + " µs" }
    if value < 1_000_000_000 { return format2(value / 1_000_000) + " ms" }
    return format2(value / 1_000_000_000) + " s"
}

func formatSeconds(_ value: Double) -> String {
    format2(value) + " s"
}

/// `35.4×`, `1234×`, `0.52×`.
func formatRatio(_ value: Double) -> String {
    format2(value) + "×"
}

/// `12%`.
func formatPercent(_ fraction: Double) -> String {
    String(Int((fraction * 100).rounded())) + "%"
}

/// Three significant digits, at most two decimals.
func format2(_ value: Double) -> String {
    if value >= 100 { return String(Int(value.rounded())) }
    if value >= 10 { return trimZeros(String((value * 10).rounded() / 10)) }
    return trimZeros(String((value * 100).rounded() / 100))
}

private func trimZeros(_ text: String) -> String {
    text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func padLeft(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

extension Sequence where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
