import Foundation
import Testing

/// `Sources/Tracking/Core` is a closed layer: the dependency graph, its
/// locks, propagation, validation and the scheduler, knowing nothing of the
/// public surface built on it (`@Tracked`, registrars, key paths, `Derived`,
/// tokens). Dependencies point one way, Surface → Core; this test fails when
/// a Core file names a type the Surface declares, or speaks of registrars or
/// key paths, in code or in comments.
@Suite struct CoreLayerTests {
    private static let trackingSources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Tracking")

    private static func swiftFiles(in folder: String) throws -> [URL] {
        let directory = trackingSources.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The names of the top-level types the Surface declares (nested ones are
    /// only reachable through them).
    private static func surfaceTypeNames() throws -> Set<String> {
        let declaration = try NSRegularExpression(
            pattern: #"^(?:[@A-Za-z()_]+\s+)*(?:class|struct|enum|protocol|typealias|actor)\s+([A-Z][A-Za-z0-9_]*)"#,
            options: .anchorsMatchLines)
        var names: Set<String> = []
        for file in try swiftFiles(in: "Surface") {
            let text = try String(contentsOf: file, encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            for match in declaration.matches(in: text, range: range) {
                if let name = Range(match.range(at: 1), in: text) { names.insert(String(text[name])) }
            }
        }
        return names
    }

    @Test func theSurfaceDeclaresTheTypesThisTestLooksFor() throws {
        let names = try Self.surfaceTypeNames()
        // A sanity check of the scan itself, so that the test below cannot
        // pass by finding nothing.
        for expected in ["Tracked", "TrackingRegistrar", "Derived", "TrackingToken", "RegistrarStorage"] {
            #expect(names.contains(expected), "the scan of Sources/Tracking/Surface missed \(expected)")
        }
        #expect(try Self.swiftFiles(in: "Core").count >= 10)
    }

    @Test func noCoreFileNamesASurfaceType() throws {
        let names = try Self.surfaceTypeNames()
        var violations: [String] = []
        for file in try Self.swiftFiles(in: "Core") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let words = Set(line.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
                for name in names.intersection(words).sorted() {
                    violations.append("\(file.lastPathComponent):\(number + 1) names \(name)")
                }
                let lowered = line.lowercased()
                for topic in ["registrar", "keypath", "key path", "@tracked"] where lowered.contains(topic) {
                    violations.append("\(file.lastPathComponent):\(number + 1) speaks of \(topic)")
                }
            }
        }
        #expect(violations.isEmpty, "Core must not know the Surface:\n\(violations.joined(separator: "\n"))")
    }
}
