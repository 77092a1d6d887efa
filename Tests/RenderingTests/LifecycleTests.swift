import Testing
import Tracking
@testable import Rendering

@MainActor
@Suite struct LifecycleTests {
    @Test func appearAndDisappearRunOncePerIdentityAfterRendering() throws {
        struct Child: View {
            let name: String
            let log: EventLog
            var body: some View {
                Text(name)
                    .onAppear { log.record("appear \(name)") }
                    .onDisappear { log.record("disappear \(name)") }
            }
        }
        struct Root: View {
            let log: EventLog
            @State private var showsB = true
            @State private var ticks = 0
            var body: some View {
                VStack {
                    Toggle("B", isOn: $showsB)
                    Button("Tick") { ticks += 1 }
                    Text("ticks \(ticks)")
                    Child(name: "A", log: log)
                    if showsB { Child(name: "B", log: log) }
                }
                .onAppear { log.record("appear root") }
            }
        }
        let log = EventLog()
        let host = ViewHost(Root(log: log))
        #expect(log.events == ["appear root", "appear A", "appear B"])
        try host.tap("Tick")
        try host.toggle("B")
        try host.toggle("B")
        #expect(log.events == ["appear root", "appear A", "appear B", "disappear B", "appear B"])
    }

    @Test func onAppearCanChangeStateAndTheChangeRendersInTheSameFlush() {
        struct Loader: View {
            @State private var status = "loading"
            var body: some View {
                Text(status).onAppear { status = "loaded" }
            }
        }
        let host = ViewHost(Loader())
        #expect(host.snapshot == "Text(\"loaded\")")
        #expect(host.bodyCounts == ["Loader": 2])
        #expect(!host.hasPendingChanges)
    }

    @Test func onChangeReceivesTheOldAndTheNewValue() throws {
        struct Search: View {
            let log: EventLog
            @State private var query = ""
            var body: some View {
                TextField("Search", text: $query)
                    .onChange(of: query, initial: true) { old, new in log.record("\(old)→\(new)") }
                    .onChange(of: query.count) { log.record("count changed") }
            }
        }
        let log = EventLog()
        let host = ViewHost(Search(log: log))
        try host.enter("sw", into: "Search")
        try host.enter("sw", into: "Search")
        try host.enter("swift", into: "Search")
        // Actions run in the order the host meets the modifiers: the outer
        // one (the last written) first.
        #expect(log.events == ["→", "count changed", "→sw", "count changed", "sw→swift"])
    }
}
