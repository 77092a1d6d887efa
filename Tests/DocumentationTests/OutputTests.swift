import Foundation
import Testing

/// What the documentation shows as output is what the code prints: each
/// `Resources/Output/NAME.txt` is compared, byte for byte, with what
/// `DocumentationExamples NAME` prints.
@Suite struct OutputTests {
    static let outputs = (try? Documentation.outputs()) ?? [:]

    @Test(arguments: outputs.keys.sorted())
    func theExamplePrintsExactlyWhatTheDocumentationShows(_ name: String) throws {
        let expected = try #require(Self.outputs[name])
        let result = try Toolchain.runExample(name)
        #expect(result.status == 0, "\(name) exited with \(result.status): \(result.errors)")
        #expect(result.errors == "", "\(name) wrote to standard error")
        #expect(result.output == expected, """
            Resources/Output/\(name).txt differs from what the example prints. It prints:
            \(result.output)
            """)
    }

    @Test func everyExampleHasAnOutputAndEveryOutputAnExample() throws {
        let listed = try Toolchain.run(Toolchain.examplesExecutable, [])
        let examples = Set(listed.output.split(separator: "\n").map(String.init))
        #expect(examples == Set(Self.outputs.keys))
    }

    @Test func everyOutputIsShownSomewhere() throws {
        var shown = Set(try Documentation.tutorials().flatMap(\.shownOutputs))
        for page in Documentation.pages() + [Documentation.packageRoot.appending(path: "README.md")] {
            for block in CodeBlock.blocks(in: try Documentation.read(page)) where block.language == "text" {
                shown.formUnion(Self.outputs.filter { $0.value == block.text }.keys)
            }
        }
        #expect(Set(Self.outputs.keys).subtracting(shown).sorted() == [])
    }
}
