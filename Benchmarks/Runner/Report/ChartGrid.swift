/// Grid lines of an axis: light at its minor ticks (2…9 × 10^k on a log
/// axis), darker at its major ones; and the axis line itself.
enum ChartGrid {
    /// Vertical lines for a horizontal axis, and the axis at `bottom`.
    static func vertical(_ svg: inout SVGDocument, scale: some AxisScale, top: Double, bottom: Double) {
        for (ticks, color) in [(scale.minorTicks, "#f0f0f0"), (scale.majorTicks, "#cccccc")] {
            for tick in ticks {
                svg.line(x1: scale.position(tick), y1: top, x2: scale.position(tick), y2: bottom, stroke: color)
            }
        }
        svg.line(x1: scale.start, y1: bottom, x2: scale.end, y2: bottom, stroke: "#333333")
    }

    /// Horizontal lines for a vertical axis (its `start` is the bottom).
    static func horizontal(_ svg: inout SVGDocument, scale: some AxisScale, left: Double, right: Double) {
        for (ticks, color) in [(scale.minorTicks, "#f0f0f0"), (scale.majorTicks, "#cccccc")] {
            for tick in ticks {
                svg.line(x1: left, y1: scale.position(tick), x2: right, y2: scale.position(tick), stroke: color)
            }
        }
    }
}
