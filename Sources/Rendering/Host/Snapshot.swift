extension ViewHost {
    /// The tree as last rendered, as indented text: one line per built-in
    /// view that shows something, two spaces of indentation per level.
    ///
    /// ```
    /// VStack
    ///   Text("Total: 2")
    ///   List
    ///     HStack
    ///       Toggle("Buy milk", isOn: false)
    ///       Button("Delete")
    /// ```
    ///
    /// Custom views, `Group`, `ForEach`, `EmptyView`, `Spacer` and modifiers
    /// draw nothing themselves: their children appear at their level. A
    /// disabled control ends with ` [disabled]`; a view that could not render
    /// shows `Error("…")`. Lines are separated by `\n`, with no trailing
    /// newline. It does not flush: changes made outside interactions appear
    /// after ``flush()``.
    ///
    /// - Complexity: O(n) in the number of views.
    public var snapshot: String {
        var lines: [String] = []
        Self.appendLines(of: root, indent: "", to: &lines)
        return lines.joined(separator: "\n")
    }

    private static func appendLines(of node: Node, indent: String, to lines: inout [String]) {
        if let line = node.snapshotLine {
            lines.append(indent + line)
            guard node.snapshotShowsChildren else { return }
            let childIndent = indent + "  "
            for child in node.children { appendLines(of: child, indent: childIndent, to: &lines) }
        } else {
            for child in node.children { appendLines(of: child, indent: indent, to: &lines) }
        }
    }
}
