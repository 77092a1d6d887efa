import Testing
import Publishing
import Tracking
@testable import Rendering

/// A child whose inputs are compared field by field.
private struct NoteRow: View {
    let note: Note
    let label: String
    var body: some View { Text("\(label): \(note.title)") }
}

/// A child with a closure input: always counts as changed.
private struct ActionRow: View {
    let title: String
    let action: () -> Void
    var body: some View { Button(title, action: action) }
}

/// An Equatable child: its `==` decides, and it ignores `ignored`.
private struct EquatableRow: View, Equatable {
    let title: String
    let ignored: Int
    var body: some View { Text("\(title) \(ignored)") }
    nonisolated static func == (lhs: EquatableRow, rhs: EquatableRow) -> Bool { lhs.title == rhs.title }
}

private struct Parent: View {
    let note: Note
    @State private var ticks = 0
    @State private var label = "Note"
    var body: some View {
        VStack {
            Button("Tick") { ticks += 1 }
            Button("Relabel") { label = "Renamed" }
            Text("ticks \(ticks)")
            NoteRow(note: note, label: label)
            ActionRow(title: "Act") {}
            EquatableRow(title: "Same", ignored: ticks)
        }
    }
}

@MainActor
@Suite struct InvalidationRulesTests {
    @Test func aChildWithUnchangedInputsIsSkippedWhenItsParentRenders() throws {
        let host = ViewHost(Parent(note: Note()))
        host.resetCounts()
        try host.tap("Tick")
        // NoteRow: same note instance, equal label. EquatableRow: == says
        // equal (so it still shows "Same 0"). ActionRow: a closure counts as
        // changed.
        #expect(host.bodyCounts == ["Parent": 1, "ActionRow": 1])
        #expect(host.renderLog.map(\.description) == [
            "Parent: @State<Int>",
            "ActionRow: new inputs from Parent",
        ])
        #expect(host.snapshot.hasSuffix("Text(\"Same 0\")"))
    }

    @Test func aChildWithAChangedInputRendersOnceInTheSameBatch() throws {
        let note = Note()
        let host = ViewHost(Parent(note: note))
        host.resetCounts()
        withTransaction {
            note.title = "Changed"
        }
        try host.tap("Relabel")
        // NoteRow is dirty (it read the title) and gets a new label: one render.
        #expect(host.bodyCounts == ["Parent": 1, "NoteRow": 1, "ActionRow": 1])
        #expect(host.renderLog.map(\.description) == [
            "Parent: @State<String>",
            "NoteRow: new inputs from Parent, \\Note.title",
            "ActionRow: new inputs from Parent",
        ])
        #expect(host.snapshot.contains("Text(\"Renamed: Changed\")"))
    }

    @Test func parentsRenderBeforeTheirChildren() {
        struct Leaf: View {
            let note: Note
            let log: EventLog
            var body: some View {
                log.record("leaf")
                return Text(note.body)
            }
        }
        struct Middle: View {
            let note: Note
            let log: EventLog
            var body: some View {
                log.record("middle")
                return VStack {
                    Text(note.title)
                    Leaf(note: note, log: log)
                }
            }
        }
        let note = Note()
        let log = EventLog()
        let host = ViewHost(Middle(note: note, log: log))
        host.resetCounts()
        // The leaf is marked first, the parent second; the parent renders first.
        note.body = "b"
        note.title = "t"
        host.flush()
        #expect(log.events == ["middle", "leaf", "middle", "leaf"])
        #expect(host.bodyCounts == ["Middle": 1, "Leaf": 1])
    }

    @Test func aViewThatReadsNothingChangedIsNotRendered() {
        let note = Note()
        struct TitleOnly: View {
            let note: Note
            var body: some View { Text(note.title) }
        }
        let host = ViewHost(TitleOnly(note: note))
        host.resetCounts()
        note.body = "unrelated"
        #expect(!host.hasPendingChanges)
        host.flush()
        #expect(host.totalBodyCount == 0)
    }

    @Test func dependenciesFollowTheBranchTaken() {
        struct Branching: View {
            let note: Note
            var body: some View {
                if note.title == "show body" {
                    Text(note.body)
                } else {
                    Text("hidden")
                }
            }
        }
        let note = Note()
        let host = ViewHost(Branching(note: note))
        note.body = "1"
        #expect(!host.hasPendingChanges)
        note.title = "show body"
        host.flush()
        host.resetCounts()
        note.body = "2"
        host.flush()
        #expect(host.totalBodyCount == 1)
        #expect(host.snapshot == "Text(\"2\")")
    }

    @Test func bothStrategiesMixInOneTree() throws {
        struct Tracked: View {
            let note: Note
            var body: some View { Text("note \(note.title)") }
        }
        struct Whole: View {
            @ObservedObject var counter: Counter
            var body: some View { Text("count \(counter.count)") }
        }
        struct Root: View {
            let note: Note
            let counter: Counter
            var body: some View {
                VStack {
                    Tracked(note: note)
                    Whole(counter: counter)
                }
            }
        }
        let note = Note()
        let counter = Counter()
        let host = ViewHost(Root(note: note, counter: counter))
        host.resetCounts()
        note.title = "new"
        counter.unrelated += 1
        host.flush()
        #expect(host.renderLog.map(\.description) == [
            "Tracked: \\Note.title",
            "Whole: objectWillChange of Counter",
        ])
    }

    @Test func aViewThatKeepsInvalidatingItselfIsStoppedWithAnError() {
        struct Restless: View {
            let note: Note
            var body: some View {
                Text(note.title)
                    .onAppear { note.title += "!" }
                    .onChange(of: note.title) { note.title += "!" }
            }
        }
        let note = Note(title: "go")
        let host = ViewHost(Restless(note: note), options: .init(maximumPasses: 5))
        #expect(host.errors.map(\.kind) == [.didNotSettle])
        #expect(host.errors.first?.message.hasPrefix(
            "Views kept invalidating each other and were still rendering after 5 render passes: Restless;") == true)
        #expect(!host.hasPendingChanges)
    }

    /// A parent and a child that keep changing what the other reads: the
    /// error names both (found by a fresh-eyes review: it named the one
    /// still dirty, the parent, only).
    @Test func viewsThatInvalidateEachOtherAreAllNamed() {
        struct PingChild: View {
            let note: Note
            var body: some View {
                Text(note.title).onChange(of: note.title) { note.body += "." }
            }
        }
        struct PingParent: View {
            let note: Note
            var body: some View {
                VStack {
                    Text(note.body)
                    PingChild(note: note)
                }
                .onChange(of: note.body) { note.title += "!" }
            }
        }
        let note = Note(title: "go")
        let host = ViewHost(PingParent(note: note), options: .init(maximumPasses: 6))
        note.title = "start"
        host.flush()
        #expect(host.errors.map(\.kind) == [.didNotSettle])
        #expect(host.errors.first?.message.contains("render passes: PingChild, PingParent;") == true)
        #expect(!host.hasPendingChanges)
    }

    @Test func anUnknownBodilessViewIsReported() {
        struct Bodiless: View {
            var body: Never { fatalError() }
        }
        let host = ViewHost(VStack { Bodiless() })
        #expect(host.errors.map(\.kind) == [.unsupportedView])
        #expect(host.snapshot.hasPrefix("VStack\n  Error(\"Bodiless is not a view the host can draw"))
    }

    @Test func anIDChangeMakesANewViewWithNewState() throws {
        struct Counting: View {
            @State private var count = 0
            var body: some View { Button("Count \(count)") { count += 1 } }
        }
        struct Root: View {
            @State private var generation = 0
            var body: some View {
                VStack {
                    Button("Reset") { generation += 1 }
                    Counting().id(generation)
                }
            }
        }
        let host = ViewHost(Root())
        try host.tap("Count 0")
        try host.tap("Count 1")
        #expect(host.snapshot.contains("Button(\"Count 2\")"))
        try host.tap("Reset")
        #expect(host.snapshot.contains("Button(\"Count 0\")"))
        #expect(host.bodyCountsByIdentity.keys.contains("Root/VStack/TupleView/IdentifiedView[1]/Counting[id: 1]"))
    }
}
