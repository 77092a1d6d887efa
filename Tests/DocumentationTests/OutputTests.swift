import Foundation
import Testing

/// What the documentation shows as output is what the code prints.
///
/// Each example that DocumentationExamples lists in its `main.swift` prints
/// exactly `Resources/Output/NAME.txt`. Outputs that a tutorial shows on the
/// way are checked by TutorialTests, against the code of their step.
@Suite struct OutputTests {
    static let examples = (try? Documentation.exampleFunctions()) ?? [:]

    @Test(arguments: examples.keys.sorted())
    func theExamplePrintsExactlyWhatTheDocumentationShows(_ name: String) throws {
        let expected = try #require(try Documentation.outputs()[name], "Resources/Output/\(name).txt is missing")
        let result = try Toolchain.runExample(name)
        #expect(result.status == 0, "\(name) exited with \(result.status): \(result.errors)")
        #expect(result.errors == "", "\(name) wrote to standard error")
        #expect(result.output == expected, """
            Resources/Output/\(name).txt differs from what the example prints. It prints:
            \(result.output)
            """)
    }

    @Test func theExecutableListsTheExamplesOfItsMainFile() throws {
        let listed = try Toolchain.run(Toolchain.examplesExecutable, [])
        #expect(listed.output.split(separator: "\n").map(String.init) == Self.examples.keys.sorted())
    }

    @Test func everyOutputIsCheckedAndShown() throws {
        let outputs = try Documentation.outputs()
        let tutorials = try Documentation.tutorials()
        let replayed = Set(tutorials.flatMap(\.shownOutputs))
        var shown = replayed
        for page in Documentation.pages() + [Documentation.packageRoot.appending(path: "README.md")] {
            for block in CodeBlock.blocks(in: try Documentation.read(page)) where block.language == "text" {
                shown.formUnion(outputs.filter { $0.value == block.text }.keys)
            }
        }
        for name in outputs.keys.sorted() {
            #expect(Self.examples[name] != nil || replayed.contains(name), "Resources/Output/\(name).txt is checked by no test")
            #expect(shown.contains(name), "Resources/Output/\(name).txt is shown nowhere")
        }
    }
}
