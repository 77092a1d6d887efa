/// A small SVG writer: the charts need lines, rectangles, text and points,
/// and no dependency is allowed for them.
struct SVGDocument {
    let width: Double
    let height: Double
    private var elements: [String] = []

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
        rect(x: 0, y: 0, width: width, height: height, fill: "#ffffff")
    }

    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1
    ) {
        elements.append(
            "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" "
                + "stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"/>")
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, tooltip: String? = nil) {
        let shape = "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(fill)\""
        elements.append(withTooltip(shape, tooltip))
    }

    mutating func polyline(_ points: [(x: Double, y: Double)], stroke: String, width: Double = 2) {
        let list = points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
        elements.append(
            "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\" "
                + "stroke-linejoin=\"round\"/>")
    }

    mutating func circle(x: Double, y: Double, radius: Double, fill: String, tooltip: String? = nil) {
        elements.append(
            withTooltip("<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(radius))\" fill=\"\(fill)\"", tooltip))
    }

    enum Anchor: String {
        case start, middle, end
    }

    /// Text with its baseline at `y`; `rotated` turns it a quarter left
    /// about (x, y), for a vertical axis title.
    mutating func text(
        _ content: String, x: Double, y: Double, anchor: Anchor = .start, size: Double = 12,
        bold: Bool = false, fill: String = "#222222", rotated: Bool = false
    ) {
        var attributes = "x=\"\(n(x))\" y=\"\(n(y))\" text-anchor=\"\(anchor.rawValue)\" font-size=\"\(n(size))\""
        if bold { attributes += " font-weight=\"bold\"" }
        if rotated { attributes += " transform=\"rotate(-90 \(n(x)) \(n(y)))\"" }
        elements.append("<text \(attributes) fill=\"\(fill)\">\(escapeXML(content))</text>")
    }

    var rendered: String {
        let header =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
            + "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"Helvetica, Arial, sans-serif\">"
        return ([header] + elements.map { "  " + $0 } + ["</svg>"]).joined(separator: "\n") + "\n"
    }

    /// A hover text (SVG `<title>`), shown by browsers.
    private func withTooltip(_ openTag: String, _ tooltip: String?) -> String {
        guard let tooltip else { return openTag + "/>" }
        return openTag + "><title>\(escapeXML(tooltip))</title></" + tagName(openTag) + ">"
    }

    private func tagName(_ openTag: String) -> String {
        String(openTag.dropFirst().prefix { $0 != " " })
    }

    /// A coordinate with one decimal: enough for a screen, short in the file.
    private func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

func escapeXML(_ text: String) -> String {
    var result = ""
    for character in text {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        default: result.append(character)
        }
    }
    return result
}
