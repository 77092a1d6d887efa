import Foundation
import Testing

@Suite struct ReadmeTests {
    static let readme = Documentation.packageRoot.appending(path: "README.md")

    @Test func theExampleCompilesAsTheMainFileOfAProgram() throws {
        let blocks = CodeBlock.blocks(in: try Documentation.read(Self.readme))
            .filter { $0.language == "swift" && $0.lines.first?.hasPrefix("// swift-tools-version") != true }
        #expect(blocks.count == 1)
        let example = try #require(blocks.first)
        #expect(example.lines.count <= 14, "the README's example has \(example.lines.count) lines")
        let result = try Toolchain.withTemporaryFolder { folder in
            let main = folder.appending(path: "main.swift")
            try example.text.write(to: main, atomically: true, encoding: .utf8)
            return try Toolchain.typecheck([main], asLibrary: false)
        }
        #expect(result.status == 0, "the README's example does not compile:\n\(result.errors)")
    }

    @Test func theTwoCommandsAreThere() throws {
        let lines = try Documentation.read(Self.readme).split(separator: "\n").map(String.init)
        #expect(lines.contains("swift run -c release benchmarks"))
        #expect(lines.contains("swift test"))
    }

    @Test func itsLinksPointAtFilesOfThePackage() throws {
        let text = try Documentation.read(Self.readme)
        for match in text.matches(of: /\]\(([^)#]+)(#[^)]*)?\)/) {
            let target = String(match.1)
            if target.hasPrefix("http") { continue }
            #expect(FileManager.default.fileExists(atPath: Documentation.packageRoot.appending(path: target).path),
                    "README.md links to \(target), which does not exist")
        }
    }
}
