import Foundation

/// What a process printed and how it ended.
struct ProcessResult: Sendable {
    var status: Int32
    var output: String
    var errors: String
}

enum Toolchain {
    /// The folder of this build's products: the test bundle's folder, which
    /// also holds the DocumentationExamples executable and the modules.
    static let buildFolder: URL = {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var folder = executable.deletingLastPathComponent()
        // On Linux the tests run from `<build>/TrackingPackageTests.xctest`.
        if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
        return folder.resolvingSymlinksInPath()
    }()

    static let examplesExecutable = buildFolder.appending(path: "DocumentationExamples")

    /// `swiftc` from PATH, else the toolchain's usual place.
    static let swiftc: URL = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appending(path: "swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: "/opt/swift/usr/bin/swiftc")
    }()

    static func run(_ executable: URL, _ arguments: [String]) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // Standard error goes to a file, so that reading standard output to
        // its end cannot leave the child blocked on a full pipe.
        let errorFile = FileManager.default.temporaryDirectory
            .appending(path: "documentation-tests-\(UUID().uuidString).stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self),
            errors: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
    }

    /// Runs one example of DocumentationExamples by name.
    static func runExample(_ name: String) throws -> ProcessResult {
        try run(examplesExecutable, [name])
    }

    /// Compiles `files` with a `main.swift` that calls `function`, links them
    /// with the package's Tracking, Publishing and Rendering, runs the
    /// program and returns what it printed.
    static func buildAndRun(_ files: [URL], calling function: String) throws -> ProcessResult {
        try withTemporaryFolder { folder in try buildAndRun(files, calling: function, in: folder) }
    }

    /// Runs `body` with a new empty folder, removed afterwards.
    static func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appending(path: "documentation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    private static func buildAndRun(_ files: [URL], calling function: String, in folder: URL) throws -> ProcessResult {
        let main = folder.appending(path: "main.swift")
        // `run` takes throwing and non-throwing functions alike.
        let source = "func run(_ example: () throws -> Void) throws { try example() }\ntry run(\(function))\n"
        try source.write(to: main, atomically: true, encoding: .utf8)
        let program = folder.appending(path: "program")
        var objects: [String] = []
        for module in ["Tracking", "Publishing", "Rendering"] + cModules {
            objects += Documentation.files(in: buildFolder.appending(path: "\(module).build"), endingWith: ".o").map(\.path)
        }
        let build = try run(swiftc, commonArguments + ["-o", program.path, main.path] + files.map(\.path) + objects)
        guard build.status == 0 else { return build }
        return try run(program, [])
    }

    /// The package's C targets, which the Swift modules import.
    private static let cModules = ["CTrackingSupport", "CRenderingSupport"]

    private static var commonArguments: [String] {
        [
            "-swift-version", "6", "-warnings-as-errors",
            "-I", buildFolder.appending(path: "Modules").path,
            "-module-cache-path", buildFolder.appending(path: "DocumentationTestsModuleCache").path,
        ]
            + cModules.flatMap { module in
                [
                    "-Xcc", "-fmodule-map-file=" + buildFolder.appending(path: "\(module).build/module.modulemap").path,
                    "-Xcc", "-I" + Documentation.packageRoot.appending(path: "Sources/\(module)/include").path,
                ]
            }
    }

    /// Type-checks `files` as one module that imports Tracking, Publishing
    /// and Rendering, the way a reader's target would, in Swift 6 mode with
    /// warnings as errors. `asLibrary: false` treats the single file as a
    /// `main.swift` (top-level code).
    static func typecheck(_ files: [URL], asLibrary: Bool = true) throws -> ProcessResult {
        var arguments = ["-typecheck", "-module-name", "Reader"] + commonArguments
        if asLibrary { arguments.append("-parse-as-library") }
        return try run(swiftc, arguments + files.map(\.path))
    }
}
