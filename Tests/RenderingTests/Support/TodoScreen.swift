import Foundation

/// The snapshot both Todo apps draw, spelled from its parts, so that tests
/// state the screen they expect without repeating its layout.
enum TodoScreen {
    /// - Parameters:
    ///   - input: The text in the field; the Add button is disabled while it
    ///     is blank.
    ///   - rows: Each task's title and whether it is done, in order.
    static func snapshot(input: String = "", rows: [(title: String, isDone: Bool)]) -> String {
        let done = rows.filter(\.isDone).count
        let addDisabled = input.trimmingCharacters(in: .whitespaces).isEmpty ? " [disabled]" : ""
        var lines = [
            "VStack",
            "  HStack",
            "    TextField(\"What needs doing?\", text: \"\(input)\")",
            "    Button(\"Add\")\(addDisabled)",
            "  HStack",
            "    Text(\"Total: \(rows.count)\")",
            "    Text(\"Done: \(done)\")",
            "    Text(\"Pending: \(rows.count - done)\")",
            "  List",
        ]
        for row in rows {
            lines += ["    HStack", "      Toggle(\"\(row.title)\", isOn: \(row.isDone))", "      Button(\"Delete\")"]
        }
        return lines.joined(separator: "\n")
    }
}
