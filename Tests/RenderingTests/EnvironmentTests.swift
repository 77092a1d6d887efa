import Testing
import Publishing
import Tracking
@testable import Rendering

private struct AccentKey: EnvironmentKey {
    static let defaultValue = "blue"
}

extension EnvironmentValues {
    fileprivate var accent: String {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

private struct AccentLabel: View {
    @Environment(\.accent) private var accent
    var body: some View { Text("accent \(accent)") }
}

private struct PlainLabel: View {
    var body: some View { Text("plain") }
}

private struct AccentRoot: View {
    @State private var accent = "red"
    @State private var unrelated = 0
    var body: some View {
        VStack {
            Button("Green") { accent = "green" }
            Button("Same") { accent = accent }
            Button("Unrelated \(unrelated)") { unrelated += 1 }
            AccentLabel()
            PlainLabel()
        }
        .environment(\.accent, accent)
    }
}

@MainActor
@Suite struct EnvironmentTests {
    @Test func aKeyedValueHasItsDefaultUntilAnAncestorSetsIt() {
        #expect(ViewHost(AccentLabel()).snapshot == "Text(\"accent blue\")")
        #expect(ViewHost(AccentRoot()).snapshot.contains("Text(\"accent red\")"))
    }

    @Test func aNewValueReRendersOnlyTheViewsThatReadIt() throws {
        let host = ViewHost(AccentRoot())
        host.resetCounts()
        try host.tap("Green")
        #expect(host.bodyCounts == ["AccentRoot": 1, "AccentLabel": 1])
        #expect(host.renderLog.map(\.description) == [
            "AccentRoot: @State<String>",
            "AccentLabel: @Environment",
        ])
        #expect(host.snapshot.contains("Text(\"accent green\")"))
    }

    @Test func anUnchangedValueReRendersNoReader() throws {
        let host = ViewHost(AccentRoot())
        host.resetCounts()
        try host.tap("Unrelated 0")
        #expect(host.bodyCounts == ["AccentRoot": 1])
    }

    @Test func aTrackableObjectIsFoundByTypeAndTrackedByProperty() throws {
        final class Settings: Trackable {
            let trackingRegistrar = TrackingRegistrar()
            @Tracked var name = "Ada"
            @Tracked var theme = "light"
        }
        struct NameLabel: View {
            @Environment(Settings.self) private var settings
            var body: some View { Text(settings.name) }
        }
        struct ThemeLabel: View {
            @Environment(Settings.self) private var settings
            var body: some View { Text(settings.theme) }
        }
        struct Root: View {
            let settings: Settings
            var body: some View {
                VStack {
                    NameLabel()
                    ThemeLabel()
                }
                .environment(settings)
            }
        }
        let settings = Settings()
        let host = ViewHost(Root(settings: settings))
        host.resetCounts()
        settings.theme = "dark"
        host.flush()
        #expect(host.bodyCounts == ["ThemeLabel": 1])
        #expect(host.snapshot == "VStack\n  Text(\"Ada\")\n  Text(\"dark\")")
    }

    @Test func aMissingObjectIsReportedInPlaceOfTheView() {
        final class Settings: Trackable {
            let trackingRegistrar = TrackingRegistrar()
        }
        struct NeedsSettings: View {
            @Environment(Settings.self) private var settings
            var body: some View { Text("never drawn") }
        }
        struct Root: View {
            var body: some View {
                VStack {
                    Text("before")
                    NeedsSettings()
                }
            }
        }
        let host = ViewHost(Root())
        let message = "NeedsSettings reads @Environment(Settings.self), but no ancestor provides one of type Settings; "
            + "add .environment(_:) with a Settings to an ancestor"
        #expect(host.errors == [RenderingError(.missingEnvironmentValue, message)])
        #expect(host.snapshot == "VStack\n  Text(\"before\")\n  Error(\"\(message)\")")
    }

    @Test func anEnvironmentObjectReRendersItsReadersOnObjectWillChange() throws {
        struct Reader: View {
            @EnvironmentObject var counter: Counter
            var body: some View { Text("count \(counter.count)") }
        }
        struct Bystander: View {
            var body: some View { Text("bystander") }
        }
        struct Root: View {
            let counter: Counter
            var body: some View {
                VStack {
                    Reader()
                    Bystander()
                    Button("Touch unrelated") { counter.unrelated += 1 }
                }
                .environmentObject(counter)
            }
        }
        let host = ViewHost(Root(counter: Counter()))
        host.resetCounts()
        try host.tap("Touch unrelated")
        // Whole-object: the reader re-renders although it did not read `unrelated`.
        #expect(host.renderLog.map(\.description) == ["Reader: objectWillChange of Counter"])
    }

    @Test func aMissingEnvironmentObjectNamesTheViewAndTheType() {
        struct Reader: View {
            @EnvironmentObject var counter: Counter
            var body: some View { Text("count \(counter.count)") }
        }
        let host = ViewHost(Reader())
        let message = "Reader reads @EnvironmentObject of type Counter, but no ancestor provides one; "
            + "add .environmentObject(_:) with a Counter to an ancestor"
        #expect(host.errors.map(\.message) == [message])
        #expect(host.errors.map(\.kind) == [.missingEnvironmentObject])
        #expect(host.snapshot == "Error(\"\(message)\")")
    }

    @Test func disabledFlowsDownAndAnAncestorWins() throws {
        struct Inner: View {
            var body: some View {
                Button("Inner") {}.disabled(false)
            }
        }
        struct Root: View {
            @State private var locked = true
            var body: some View {
                VStack {
                    Toggle("Locked", isOn: $locked)
                    Inner().disabled(locked)
                    Button("Free") {}
                }
            }
        }
        let host = ViewHost(Root())
        #expect(host.snapshot == """
            VStack
              Toggle("Locked", isOn: true)
              Button("Inner") [disabled]
              Button("Free")
            """)
        host.resetCounts()
        try host.toggle("Locked")
        #expect(host.snapshot.contains("Button(\"Inner\")\n"))
        #expect(host.bodyCounts == ["Root": 1, "Inner": 1])
    }

    @Test func anEnvironmentValueMadeOutsideAHostIsPlain() {
        var values = EnvironmentValues()
        #expect(values.isEnabled)
        #expect(values.accent == "blue")
        values.accent = "teal"
        values.isEnabled = false
        #expect(values.accent == "teal")
        #expect(!values.isEnabled)
    }
}
