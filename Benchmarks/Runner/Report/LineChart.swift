/// A line chart, log-log unless told otherwise: one line per series, a
/// legend on the right.
struct LineChart {
    struct Series {
        var name: String
        /// Sorted by x; x and y positive.
        var points: [(x: Double, y: Double)]
    }

    var title: String
    var subtitle: String
    var xLabel: String
    var yLabel: String
    var series: [Series]
    var formatX: (Double) -> String
    var formatY: (Double) -> String
    /// Variants of the benchmark with nothing to plot (not run), listed
    /// under the legend so that their absence is said, not hidden.
    var absent: [String] = []
    /// Linear axes from 0 instead of logarithmic ones, for a few small
    /// counts on x such as threads (ticked at whole numbers).
    var linear = false

    func render() -> String {
        let width = 800.0, height = 460.0
        let left = 90.0, right = 580.0, top = 70.0, bottom = 380.0
        var svg = SVGDocument(width: width, height: height)
        svg.text(title, x: width / 2, y: 28, anchor: .middle, size: 16, bold: true)
        svg.text(subtitle, x: width / 2, y: 48, anchor: .middle, size: 12, fill: "#666666")

        let points = series.flatMap(\.points)
        let xScale: any AxisScale =
            linear
            ? LinearScale(covering: points.map(\.x), from: left, to: right, minimumStep: 1)
            : LogScale(covering: points.map(\.x), from: left, to: right)
        let yScale: any AxisScale =
            linear
            ? LinearScale(covering: points.map(\.y), from: bottom, to: top)
            : LogScale(covering: points.map(\.y), from: bottom, to: top)
        ChartGrid.vertical(&svg, scale: xScale, top: top, bottom: bottom)
        ChartGrid.horizontal(&svg, scale: yScale, left: left, right: right)
        svg.line(x1: left, y1: top, x2: left, y2: bottom, stroke: "#333333")
        for tick in xScale.majorTicks {
            svg.text(formatX(tick), x: xScale.position(tick), y: bottom + 18, anchor: .middle)
        }
        for tick in yScale.majorTicks {
            svg.text(formatY(tick), x: left - 8, y: yScale.position(tick) + 4, anchor: .end)
        }
        svg.text(xLabel, x: (left + right) / 2, y: bottom + 44, anchor: .middle, size: 13)
        svg.text(yLabel, x: 22, y: (top + bottom) / 2, anchor: .middle, size: 13, rotated: true)

        for (index, line) in series.enumerated() {
            let color = ChartPalette.color(for: line.name, index: index)
            let placed = line.points.map { (x: xScale.position($0.x), y: yScale.position($0.y)) }
            if placed.count > 1 { svg.polyline(placed, stroke: color) }
            for (point, value) in zip(placed, line.points) {
                svg.circle(
                    x: point.x, y: point.y, radius: 4, fill: color,
                    tooltip: "\(line.name): \(formatY(value.y)) at \(formatX(value.x))")
            }
            if let last = placed.last, let value = line.points.last {
                svg.text(formatY(value.y), x: last.x - 8, y: last.y - 8, anchor: .end, size: 11, fill: color)
            }
            // Legend: a swatch and the strategy, one line per series.
            let legendY = top + 10 + Double(index) * 22
            svg.rect(x: right + 20, y: legendY - 10, width: 14, height: 14, fill: color)
            svg.text(ChartPalette.legendLabel(for: line.name), x: right + 40, y: legendY + 2)
        }
        for (index, name) in absent.enumerated() {
            let legendY = top + 10 + Double(series.count + index) * 22
            svg.text("\(name): not run", x: right + 40, y: legendY + 2, fill: "#888888")
        }
        return svg.rendered
    }
}
