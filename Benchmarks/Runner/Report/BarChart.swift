/// A horizontal bar chart on a log axis: a group of bars per category, one
/// bar per series, with the value at the end of each bar and a note (such
/// as a ratio) at the right of each group.
struct BarChart {
    struct Category {
        var label: String
        /// One value per series; nil or non-positive draws no bar.
        var values: [Double?]
        var note: String
    }

    var title: String
    var subtitle: String
    var valueLabel: String
    var noteTitle: String
    var seriesNames: [String]
    var categories: [Category]
    var formatValue: (Double) -> String

    func render() -> String {
        let width = 900.0
        let labelRight = 330.0, left = 340.0, right = 760.0, noteX = 840.0
        let barHeight = 14.0, barGap = 3.0, groupGap = 14.0
        let groupHeight = Double(seriesNames.count) * (barHeight + barGap) - barGap + groupGap
        let top = 92.0
        let bottom = top + Double(categories.count) * groupHeight
        var svg = SVGDocument(width: width, height: bottom + 60)
        svg.text(title, x: width / 2, y: 28, anchor: .middle, size: 16, bold: true)
        svg.text(subtitle, x: width / 2, y: 48, anchor: .middle, size: 12, fill: "#666666")

        // Legend, in a row under the title.
        var legendX = left
        for (index, name) in seriesNames.enumerated() {
            svg.rect(x: legendX, y: 62, width: 14, height: 14, fill: ChartPalette.color(for: name, index: index))
            let label = ChartPalette.legendLabel(for: name)
            svg.text(label, x: legendX + 20, y: 74)
            legendX += 36 + Double(label.count) * 7
        }
        svg.text(noteTitle, x: noteX, y: 74, anchor: .middle, bold: true)

        let values = categories.flatMap { $0.values.compactMap { $0 } }
        // Headroom so that the value printed after the longest bar fits.
        let scale = LogScale(covering: values, from: left, to: right, headroom: 2.5)
        ChartGrid.vertical(&svg, scale: scale, top: top - 6, bottom: bottom)
        for tick in scale.majorTicks {
            svg.text(formatValue(tick), x: scale.position(tick), y: bottom + 18, anchor: .middle)
        }
        svg.text(valueLabel, x: (left + right) / 2, y: bottom + 44, anchor: .middle, size: 13)

        for (row, category) in categories.enumerated() {
            let groupTop = top + Double(row) * groupHeight
            let middle = groupTop + (groupHeight - groupGap) / 2
            svg.text(category.label, x: labelRight, y: middle + 4, anchor: .end)
            svg.text(category.note, x: noteX, y: middle + 4, anchor: .middle, bold: true)
            for (index, value) in category.values.enumerated() {
                let y = groupTop + Double(index) * (barHeight + barGap)
                guard let value, value > 0 else {
                    svg.text("not measured", x: left + 4, y: y + barHeight - 3, size: 10, fill: "#666666")
                    continue
                }
                let name = seriesNames[index]
                let end = scale.position(value)
                svg.rect(
                    x: left, y: y, width: max(end - left, 1), height: barHeight,
                    fill: ChartPalette.color(for: name, index: index),
                    tooltip: "\(name): \(formatValue(value))")
                svg.text(formatValue(value), x: end + 4, y: y + barHeight - 3, size: 10)
            }
        }
        return svg.rendered
    }
}
