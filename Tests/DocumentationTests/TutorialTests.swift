import Foundation
import Testing

/// Every tutorial builds a project step by step. These tests replay the
/// steps: the project must compile after every step that changes a file,
/// print exactly the output shown wherever one is shown, and end as the code
/// that DocumentationExamples compiles and runs.
@Suite struct TutorialTests {
    static let tutorials = (try? Documentation.tutorials()) ?? []
    static let resources = Documentation.resourcesByName()

    @Test func thereAreEightTutorialsEachShowingCode() throws {
        #expect(Self.tutorials.map(\.name) == [
            "01-Counter", "02-TodoApp", "03-BookLibrary", "04-StateObjectTimer",
            "05-NestedModels", "06-ShoppingCart", "07-Measuring", "08-Collections",
        ])
        for tutorial in Self.tutorials {
            #expect(!tutorial.finalFiles.isEmpty, "\(tutorial.name) shows no Swift file")
        }
    }

    @Test(arguments: tutorials)
    func everyFileItShowsIsOneResourceOfTheCatalog(_ tutorial: Tutorial) {
        for step in tutorial.steps {
            let found = Self.resources[step.file] ?? []
            #expect(found.count == 1, "\(tutorial.name).tutorial:\(step.line): \(step.file) is found \(found.count) times")
        }
    }

    /// After every step that changes a Swift file, the project compiles.
    /// At every step that shows an output, the project as it stands then is
    /// built and run, and it prints exactly that output.
    @Test(arguments: tutorials)
    func everyStepCompilesAndEveryOutputIsWhatTheCodeOfThatStepPrints(_ tutorial: Tutorial) throws {
        let outputs = try Documentation.outputs()
        for (step, files) in tutorial.projectStates {
            let urls = files.compactMap { Self.resources[$0]?.first }
            try #require(urls.count == files.count, "\(tutorial.name): a file is missing")
            let place = "\(tutorial.name).tutorial:\(step.line)"
            if let output = Tutorial.output(of: step) {
                let function = try #require(output.function, "\(place): name the step 'Output of f()', f printing \(step.file)")
                let result = try Toolchain.buildAndRun(urls, calling: function)
                #expect(result.status == 0, "\(place): \(function)() does not build or run:\n\(result.errors)")
                #expect(result.output == outputs[output.name], """
                    \(place): at this step the code prints something else than \(step.file). It prints:
                    \(result.output)
                    """)
            } else {
                let result = try Toolchain.typecheck(urls)
                #expect(result.status == 0, "\(place): the project does not compile after \(step.file):\n\(result.errors)")
            }
        }
    }

    @Test(arguments: tutorials)
    func itEndsWithTheCompiledCodeOfOneFolder(_ tutorial: Tutorial) throws {
        let final = tutorial.finalFiles.compactMap { Self.resources[$0]?.first }
        let folders = Set(final.map { $0.deletingLastPathComponent() })
        try #require(folders.count == 1, "\(tutorial.name)'s last files are in \(folders.map(\.path))")
        let folder = try #require(folders.first)
        #expect(Documentation.samePlace(folder.deletingLastPathComponent(), Documentation.code),
                "\(tutorial.name)'s last files are not in Resources/Code (the DocumentationExamples target)")
        let compiled = Documentation.files(in: folder, endingWith: ".swift").map(\.lastPathComponent)
        #expect(Set(compiled) == Set(tutorial.finalFiles),
                "\(folder.lastPathComponent) holds \(compiled), the tutorial ends with \(tutorial.finalFiles)")
    }

    /// Besides Swift files, a step shows an output (`.txt`, checked above),
    /// commands (`.sh`), or what a benchmark run printed (`.console`, from
    /// Resources/Runs), which no test can repeat: timings vary. Such a file
    /// starts with a comment that says when and where it ran.
    @Test(arguments: tutorials)
    func everyOtherFileItShowsIsAnOutputACommandOrADatedRun(_ tutorial: Tutorial) throws {
        let outputs = try Documentation.outputs()
        for step in tutorial.steps where !step.file.hasSuffix(".swift") {
            let place = "\(tutorial.name).tutorial:\(step.line): \(step.file)"
            if step.file.hasSuffix(".sh") { continue }
            if step.file.hasSuffix(".console") {
                let file = try #require(Self.resources[step.file]?.first)
                #expect(try Documentation.read(file).hasPrefix("# 20"), "\(place) does not start with the date of the run")
                continue
            }
            let name = Tutorial.output(of: step)?.name
            #expect(name.flatMap { outputs[$0] } != nil, "\(place) is not an output in Resources/Output")
        }
    }

    @Test func everyIntermediateStepAndRunIsShown() {
        let shown = Set(Self.tutorials.flatMap { $0.steps.map(\.file) })
        let files = Documentation.files(in: Documentation.steps, endingWith: "")
            + Documentation.files(in: Documentation.catalog.appending(path: "Resources/Runs"), endingWith: "")
        for file in files {
            #expect(shown.contains(file.lastPathComponent), "\(file.path) is not shown by any tutorial")
        }
    }
}
