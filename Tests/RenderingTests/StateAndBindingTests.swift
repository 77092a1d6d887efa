import Testing
import Tracking
@testable import Rendering

private struct Stepper: View {
    let title: String
    @State private var value = 0
    var body: some View {
        HStack {
            Text("\(title): \(value)")
            Button("+ \(title)") { value += 1 }
        }
    }
}

private struct TwoSteppers: View {
    @State private var showsSecond = true
    @State private var parentTicks = 0
    var body: some View {
        VStack {
            Button("Tick parent \(parentTicks)") { parentTicks += 1 }
            Toggle("Second", isOn: $showsSecond)
            Stepper(title: "A")
            if showsSecond {
                Stepper(title: "B")
            }
        }
    }
}

private struct Switch: View {
    @Binding var isOn: Bool
    var body: some View {
        Toggle("Switch", isOn: $isOn)
    }
}

private struct SwitchOwner: View {
    @State private var isOn = false
    var body: some View {
        VStack {
            Text(isOn ? "on" : "off")
            Switch(isOn: $isOn)
        }
    }
}

private struct Draft: Equatable {
    var title = "Untitled"
    var pages = 1
}

private struct DraftEditor: View {
    @Binding var draft: Draft
    var body: some View {
        VStack {
            TextField("Title", text: $draft.title)
            Text("Pages: \(draft.pages)")
            Button("Add page") { draft.pages += 1 }
        }
    }
}

private struct DraftOwner: View {
    @State private var draft = Draft()
    var body: some View {
        DraftEditor(draft: $draft)
    }
}

@MainActor
@Suite struct StateAndBindingTests {
    @Test func stateSurvivesTheParentsRendersAndBelongsToEachIdentity() throws {
        let host = ViewHost(TwoSteppers())
        try host.tap("+ A")
        try host.tap("+ A")
        try host.tap("+ B")
        try host.tap("Tick parent 0")
        #expect(host.snapshot == """
            VStack
              Button("Tick parent 1")
              Toggle("Second", isOn: true)
              HStack
                Text("A: 2")
                Button("+ A")
              HStack
                Text("B: 1")
                Button("+ B")
            """)
    }

    @Test func aStateChangeReRendersOnlyTheViewThatReadIt() throws {
        let host = ViewHost(TwoSteppers())
        host.resetCounts()
        try host.tap("+ B")
        #expect(host.bodyCounts == ["Stepper": 1])
        #expect(host.renderLog.map(\.description) == ["Stepper: @State<Int>"])
    }

    @Test func stateIsResetWhenItsViewLeavesAndComesBack() throws {
        let host = ViewHost(TwoSteppers())
        try host.tap("+ B")
        try host.toggle("Second")
        #expect(!host.snapshot.contains("B:"))
        try host.toggle("Second")
        #expect(host.snapshot.contains("Text(\"B: 0\")"))
    }

    @Test func aChildWithABindingReadsAndWritesItsParentsState() throws {
        let host = ViewHost(SwitchOwner())
        host.resetCounts()
        try host.toggle("Switch")
        #expect(host.snapshot == "VStack\n  Text(\"on\")\n  Toggle(\"Switch\", isOn: true)")
        // Both read the state box: the parent for its text, the child through
        // its binding; the child is not re-rendered by its parent a second time.
        #expect(host.bodyCounts == ["SwitchOwner": 1, "Switch": 1])
    }

    @Test func bindingsToPropertiesOfAStructMutateItInPlace() throws {
        let host = ViewHost(DraftOwner())
        try host.enter("Memoir", into: "Title")
        try host.tap("Add page")
        #expect(host.snapshot == """
            VStack
              TextField("Title", text: "Memoir")
              Text("Pages: 2")
              Button("Add page")
            """)
    }

    @Test func customAndConstantBindings() throws {
        final class Box: @unchecked Sendable {
            var value = false
        }
        struct Screen: View {
            let box: Box
            var body: some View {
                VStack {
                    Toggle("Custom", isOn: Binding(get: { box.value }, set: { box.value = $0 }))
                    Toggle("Fixed", isOn: .constant(true))
                }
            }
        }
        let box = Box()
        let host = ViewHost(Screen(box: box))
        try host.toggle("Custom")
        #expect(box.value)
        try host.toggle("Fixed")
        // A constant binding ignores writes; nothing tracked changed, so
        // nothing re-renders.
        #expect(host.snapshot == "VStack\n  Toggle(\"Custom\", isOn: false)\n  Toggle(\"Fixed\", isOn: true)")
        host.flush()
        #expect(host.snapshot.contains("Toggle(\"Fixed\", isOn: true)"))
    }

    @Test func stateCanOwnATrackableObject() throws {
        final class Library: Trackable {
            let trackingRegistrar = TrackingRegistrar()
            @Tracked var count = 0
        }
        struct Screen: View {
            @State private var library = Library()
            var body: some View {
                Button("Books: \(library.count)") { library.count += 1 }
            }
        }
        let host = ViewHost(Screen())
        try host.tap("Books: 0")
        try host.tap("Books: 1")
        #expect(host.snapshot == "Button(\"Books: 2\")")
        #expect(host.renderLog.map(\.description) == ["Screen: \\Library.count", "Screen: \\Library.count"])
    }

    @Test func assigningAnEqualValueRendersNothing() throws {
        struct Screen: View {
            @State private var value = 1
            var body: some View {
                Button("Set one (\(value))") { value = 1 }
            }
        }
        let host = ViewHost(Screen())
        host.resetCounts()
        try host.tap("Set one (1)")
        #expect(host.totalBodyCount == 0)
    }

    @Test func stateOutsideAHostReadsItsInitialValueAndIgnoresWrites() {
        let state = State(wrappedValue: 3)
        state.wrappedValue = 4
        #expect(state.wrappedValue == 3)
        #expect(state.projectedValue.wrappedValue == 3)
        let empty = State<String?>()
        #expect(empty.wrappedValue == nil)
    }
}
