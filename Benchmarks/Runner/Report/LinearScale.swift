import Foundation

/// A linear axis from 0 to a round number above the largest value, mapped
/// onto a pixel range, with ticks at round steps (1, 2 or 5 × 10^k).
struct LinearScale: AxisScale {
    let upper: Double
    let step: Double
    let start: Double
    let end: Double

    /// Covers 0 and every finite value of `values`, with about `ticks` steps
    /// of at least `minimumStep` (1 for counts).
    init(covering values: [Double], from start: Double, to end: Double, ticks: Int = 5, minimumStep: Double = 0) {
        let high = values.filter(\.isFinite).max() ?? 1
        let rough = max(high / Double(max(ticks, 1)), minimumStep, .leastNormalMagnitude)
        let magnitude = pow(10, (log10(rough)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        self.step = step
        upper = max(step, (high / step).rounded(.up) * step)
        self.start = start
        self.end = end
    }

    func position(_ value: Double) -> Double {
        start + value / upper * (end - start)
    }

    var majorTicks: [Double] {
        stride(from: 0, through: upper + step / 2, by: step).map { $0 }
    }

    var minorTicks: [Double] { [] }
}

/// An axis of a chart: where a value goes, and where its grid lines are.
protocol AxisScale {
    /// The pixel positions of the axis' two ends.
    var start: Double { get }
    var end: Double { get }
    func position(_ value: Double) -> Double
    /// Labelled grid lines.
    var majorTicks: [Double] { get }
    /// Light grid lines between them.
    var minorTicks: [Double] { get }
}

extension LogScale: AxisScale {}
