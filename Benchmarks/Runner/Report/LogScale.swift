import Foundation

/// A logarithmic axis from a power of ten to a power of ten, mapped onto a
/// pixel range.
struct LogScale {
    let lowerExponent: Int
    let upperExponent: Int
    let start: Double
    let end: Double

    /// Covers every positive value of `values` (at least one decade).
    init(covering values: [Double], from start: Double, to end: Double, headroom: Double = 1) {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        let low = positive.min() ?? 1
        let high = (positive.max() ?? 10) * headroom
        var lower = Int(log10(low).rounded(.down))
        var upper = Int(log10(high).rounded(.up))
        if upper <= lower { upper = lower + 1 }
        // Keep at least two decades, so there are ticks to read.
        if upper - lower < 2 { lower -= 1 }
        lowerExponent = lower
        upperExponent = upper
        self.start = start
        self.end = end
    }

    /// The pixel position of `value`; values at or below 0 go to the start.
    func position(_ value: Double) -> Double {
        guard value > 0 else { return start }
        let fraction = (log10(value) - Double(lowerExponent)) / Double(upperExponent - lowerExponent)
        return start + fraction * (end - start)
    }

    /// 10^k for each decade boundary.
    var majorTicks: [Double] {
        (lowerExponent...upperExponent).map { pow(10, Double($0)) }
    }

    /// 2…9 × 10^k inside the axis; none when the decades are too many to
    /// show them apart.
    var minorTicks: [Double] {
        guard upperExponent - lowerExponent <= 5 else { return [] }
        return (lowerExponent..<upperExponent).flatMap { exponent in
            (2...9).map { Double($0) * pow(10, Double(exponent)) }
        }
    }
}

/// Axis labels for counts: `1`, `10`, `1k`, `10k`, `1M`.
func formatCount(_ value: Double) -> String {
    if value >= 1_000_000 { return format2(value / 1_000_000) + "M" }
    if value >= 1_000 { return format2(value / 1_000) + "k" }
    return format2(value)
}
