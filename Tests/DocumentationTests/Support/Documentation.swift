import Foundation
import Testing

/// The files of the documentation, found from this file's place in the
/// package.
enum Documentation {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // Support
        .deletingLastPathComponent()   // DocumentationTests
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()

    static let catalog = packageRoot.appending(path: "docs/Tracking.docc")
    /// The final code of the tutorials and the articles' examples: the
    /// DocumentationExamples target.
    static let code = catalog.appending(path: "Resources/Code")
    /// The tutorials' intermediate steps.
    static let steps = catalog.appending(path: "Resources/Steps")
    /// What the examples print, as the documentation shows it.
    static let output = catalog.appending(path: "Resources/Output")

    /// Every file (not folder) below `folder` whose name ends with `suffix`,
    /// sorted by path.
    static func files(in folder: URL, endingWith suffix: String) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        return enumerator.compactMap { $0 as? URL }
            .filter { $0.lastPathComponent.hasSuffix(suffix) }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .sorted { $0.path < $1.path }
    }

    /// The same folder, spelled the same way whatever the URL it came from.
    static func samePlace(_ a: URL, _ b: URL) -> Bool {
        a.standardizedFileURL.path.trimmingSuffix("/") == b.standardizedFileURL.path.trimmingSuffix("/")
    }

    static func read(_ file: URL) throws -> String {
        try String(contentsOf: file, encoding: .utf8)
    }

    /// The catalog's resource files by name, as DocC finds them
    /// (`@Code(file:)` and `@Image(source:)` name a file, not a path).
    static func resourcesByName() -> [String: [URL]] {
        Dictionary(grouping: files(in: catalog.appending(path: "Resources"), endingWith: ""), by: \.lastPathComponent)
    }

    /// The tutorials, in file order.
    static func tutorials() throws -> [Tutorial] {
        try files(in: catalog, endingWith: ".tutorial").compactMap { try Tutorial(file: $0) }
    }

    /// The Markdown pages of the catalog (articles and landing pages).
    static func pages() -> [URL] {
        files(in: catalog, endingWith: ".md")
    }

    /// The function that DocumentationExamples runs for each example name,
    /// from its `main.swift` (`"counter-tracked": trackedCounterDemo,`).
    static func exampleFunctions() throws -> [String: String] {
        let main = try read(code.appending(path: "main.swift"))
        var functions: [String: String] = [:]
        for match in main.matches(of: /"([a-z0-9-]+)": ([A-Za-z0-9_.]+),/) {
            functions[String(match.1)] = String(match.2)
        }
        return functions
    }

    /// The examples' outputs by example name: `counter-tracked` for
    /// `Output/counter-tracked.txt`.
    static func outputs() throws -> [String: String] {
        var outputs: [String: String] = [:]
        for file in files(in: output, endingWith: ".txt") {
            outputs[file.deletingPathExtension().lastPathComponent] = try read(file)
        }
        return outputs
    }
}

/// One `@Tutorial` file: the code files its steps show, in order.
struct Tutorial: CustomTestStringConvertible, Sendable {
    /// One `@Code(name:file:)`: the file the reader edits and the catalog
    /// file that shows its content at that step.
    struct CodeStep: Sendable, Equatable {
        var name: String
        var file: String
        var line: Int
    }

    let file: URL
    let steps: [CodeStep]

    var name: String { file.deletingPathExtension().lastPathComponent }
    var testDescription: String { name }

    /// Nil for the table of contents (`@Tutorials`), which shows no code.
    init?(file: URL) throws {
        let text = try Documentation.read(file)
        guard text.contains("@Tutorial(") else { return nil }
        self.file = file
        var steps: [CodeStep] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let match = line.firstMatch(of: /@Code\(name: "([^"]+)", file: "([^"]+)"/) else { continue }
            steps.append(CodeStep(name: String(match.1), file: String(match.2), line: index + 1))
        }
        self.steps = steps
    }

    /// The Swift files of the reader's project at each step that changes
    /// one of them or shows an output: step by step, the project as the
    /// tutorial has built it so far.
    var projectStates: [(step: CodeStep, files: [String])] {
        var current: [String: String] = [:]
        var order: [String] = []
        var states: [(CodeStep, [String])] = []
        for step in steps {
            if step.name.hasSuffix(".swift") {
                if current[step.name] == nil { order.append(step.name) }
                guard current[step.name] != step.file else { continue }
                current[step.name] = step.file
            } else if !step.file.hasSuffix(".txt") {
                continue
            }
            states.append((step, order.compactMap { current[$0] }))
        }
        return states
    }

    /// The project's Swift files when the tutorial ends.
    var finalFiles: [String] { projectStates.last?.files ?? [] }

    /// For a step that shows an output, the output's name and the function
    /// that prints it: `@Code(name: "Output of todoDemo()", file:
    /// "todo-tracked.txt")` gives `("todo-tracked", "todoDemo")`.
    static func output(of step: CodeStep) -> (name: String, function: String?)? {
        guard step.file.hasSuffix(".txt") else { return nil }
        let function = step.name.firstMatch(of: /^Output of ([A-Za-z0-9_.]+)\(\)$/).map { String($0.1) }
        return (String(step.file.dropLast(4)), function)
    }

    /// The outputs it shows (`.txt` files), by name.
    var shownOutputs: [String] {
        steps.compactMap { Tutorial.output(of: $0)?.name }
    }
}

/// The fenced code blocks of a Markdown file.
struct CodeBlock {
    var language: String
    var lines: [String]
    var line: Int

    var text: String { lines.joined(separator: "\n") + "\n" }

    static func blocks(in markdown: String) -> [CodeBlock] {
        var blocks: [CodeBlock] = []
        var current: CodeBlock?
        var indent = ""
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = current {
                if trimmed == "```" {
                    blocks.append(block)
                    current = nil
                } else {
                    block.lines.append(line.hasPrefix(indent) ? String(line.dropFirst(indent.count)) : String(line))
                    current = block
                }
            } else if trimmed.hasPrefix("```") {
                indent = String(line.prefix { $0 == " " })
                current = CodeBlock(language: String(trimmed.dropFirst(3)), lines: [], line: index + 1)
            }
        }
        return blocks
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
