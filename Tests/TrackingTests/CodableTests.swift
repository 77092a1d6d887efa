import Foundation
import Testing
@testable import Tracking

final class Note: Trackable, Codable, Equatable, Hashable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var title = ""
    @Tracked var pages = 0

    // The wrapped names: synthesized coding goes through `Tracked`'s own
    // Codable conformance, which writes the value alone.
    enum CodingKeys: String, CodingKey {
        case title
        case pages
    }

    init(title: String, pages: Int) {
        self.title = title
        self.pages = pages
    }

    static func == (lhs: Note, rhs: Note) -> Bool {
        lhs.trackingRegistrar == rhs.trackingRegistrar && lhs._title == rhs._title && lhs._pages == rhs._pages
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(trackingRegistrar)
        hasher.combine(_title)
        hasher.combine(_pages)
    }
}

/// Fully synthesized coding: the registrar is a `var` so that decoding may
/// assign it (it decodes nothing and encodes an empty object).
final class SynthesizedNote: Trackable, Codable, @unchecked Sendable {
    var trackingRegistrar = TrackingRegistrar()
    @Tracked var title = "Draft"
}

@Suite struct CodableTests {
    @Test func synthesizedCodableWritesThePropertyName() throws {
        let note = SynthesizedNote()
        note.title = "Hello"
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(note), as: UTF8.self)
        #expect(json == #"{"title":"Hello","trackingRegistrar":{}}"#)
        let decoded = try JSONDecoder().decode(SynthesizedNote.self, from: Data(#"{"title":"Read","trackingRegistrar":{}}"#.utf8))
        #expect(decoded.title == "Read")
    }

    @Test func aDecodedObjectIsTracked() throws {
        let note = try JSONDecoder().decode(Note.self, from: Data(#"{"title":"A","pages":3}"#.utf8))
        let runs = Locked(0)
        let token = observe { _ = note.title; runs.increment() }
        note.title = "A"      // equal: decoded properties keep their equality
        note.title = "B"
        #expect(runs.current == 2)
        withExtendedLifetime(token) {}
    }

    @Test func theRegistrarIsNeutral() throws {
        let first = TrackingRegistrar()
        let second = TrackingRegistrar()
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Note(title: "x", pages: 1) == Note(title: "x", pages: 1))
        #expect(Note(title: "x", pages: 1) != Note(title: "y", pages: 1))
        let data = try JSONEncoder().encode(["registrar": first])
        #expect(String(decoding: data, as: UTF8.self) == #"{"registrar":{}}"#)
    }
}
