import Foundation
import Testing

/// The code blocks of the articles, the landing pages and the README:
/// - a `swift` block is compiled code: its lines (blank lines, indentation
///   and imports aside) appear together, in order, in a file of the
///   DocumentationExamples target or of the package's sources; a package
///   manifest (`// swift-tools-version`) is compiled against PackageDescription
///   and may name only products that this package has;
/// - a `text` block is what an example prints: it equals the output of one
///   of the examples that OutputTests runs.
/// `sh` (commands), `diagram` and `console` (a benchmark run, dated where
/// it is shown) blocks are not checked; no other language is allowed.
@Suite struct PageTests {
    static let pages = Documentation.pages() + [Documentation.packageRoot.appending(path: "README.md")]

    /// Each compiled Swift file as its lines without indentation or blanks.
    static let compiledCode: [(file: URL, lines: [Substring])] = {
        let files = Documentation.files(in: Documentation.code, endingWith: ".swift")
            + Documentation.files(in: Documentation.packageRoot.appending(path: "Sources"), endingWith: ".swift")
        return files.compactMap { file in
            (try? Documentation.read(file)).map { (file, significantLines($0)) }
        }
    }()

    /// The lines without indentation, blank lines and imports (an excerpt
    /// may show the imports its file starts with).
    static func significantLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").map { $0.drop { $0 == " " } }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    static func contains(_ lines: [Substring], _ excerpt: [Substring]) -> Bool {
        guard !excerpt.isEmpty, lines.count >= excerpt.count else { return excerpt.isEmpty }
        for start in 0...(lines.count - excerpt.count) where lines[start] == excerpt[0] {
            if Array(lines[start..<(start + excerpt.count)]) == excerpt { return true }
        }
        return false
    }

    @Test(arguments: pages)
    func everySwiftBlockIsCompiledCode(_ page: URL) throws {
        for block in CodeBlock.blocks(in: try Documentation.read(page)) where block.language == "swift" {
            if block.lines.first?.hasPrefix("// swift-tools-version") == true {
                try checkManifest(block, in: page)
                continue
            }
            let excerpt = Self.significantLines(block.text)
            let isCompiled = Self.compiledCode.contains { Self.contains($0.lines, excerpt) }
            #expect(isCompiled, """
                \(page.lastPathComponent):\(block.line): this Swift block is not in any compiled file:
                \(block.text)
                """)
        }
    }

    @Test(arguments: pages)
    func everyTextBlockIsAnExamplesOutput(_ page: URL) throws {
        let examples = try Documentation.exampleFunctions()
        let outputs = try Documentation.outputs().filter { examples[$0.key] != nil }
        for block in CodeBlock.blocks(in: try Documentation.read(page)) where block.language == "text" {
            let isAnOutput = outputs.values.contains(block.text)
            #expect(isAnOutput, """
                \(page.lastPathComponent):\(block.line): this output is not what any example prints:
                \(block.text)
                """)
        }
    }

    @Test(arguments: pages)
    func everyBlockSaysItsLanguage(_ page: URL) throws {
        let known: Set = ["swift", "text", "sh", "diagram", "console"]
        for block in CodeBlock.blocks(in: try Documentation.read(page)) {
            #expect(known.contains(block.language), "\(page.lastPathComponent):\(block.line): a block in '\(block.language)'")
        }
    }

    /// A package manifest that depends on Tracking compiles against
    /// PackageDescription, and names products this package has.
    func checkManifest(_ block: CodeBlock, in page: URL) throws {
        let place = "\(page.lastPathComponent):\(block.line)"
        let manifestAPI = Toolchain.swiftc.deletingLastPathComponent()
            .appending(path: "../lib/swift/pm/ManifestAPI").standardizedFileURL
        let result = try Toolchain.withTemporaryFolder { folder in
            let manifest = folder.appending(path: "Package.swift")
            try block.text.write(to: manifest, atomically: true, encoding: .utf8)
            return try Toolchain.run(Toolchain.swiftc, [
                "-typecheck", "-swift-version", "6", "-I", manifestAPI.path,
                "-package-description-version", "6.0", manifest.path,
            ])
        }
        #expect(result.status == 0, "\(place): the manifest does not compile:\n\(result.errors)")

        let ours = try Documentation.read(Documentation.packageRoot.appending(path: "Package.swift"))
        let products = Set(ours.matches(of: /\.library\(name: "([A-Za-z]+)"/).map { String($0.1) })
        let named = block.text.matches(of: /\.product\(name: "([A-Za-z]+)", package: "Tracking"\)/).map { String($0.1) }
        #expect(!named.isEmpty, "\(place): the manifest names no product of Tracking")
        for product in named {
            #expect(products.contains(product), "\(place): Tracking has no library product \(product)")
        }
    }
}
