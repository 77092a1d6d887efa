import Testing
import Publishing
@testable import Examples
@testable import Rendering

private typealias Timers = TimerExample

@MainActor
@Suite struct StateObjectTests {
    @Test func theTimerScreenStartsBothTimers() throws {
        let census = Timers.InstanceCensus()
        let host = ViewHost(Timers.TimerScreen(census: census))
        try host.tap("Tick StateObject")
        try host.tap("Tick ObservedObject")
        #expect(host.snapshot == """
            VStack
              Text("Parent renders: 1")
              Button("Refresh parent")
              Toggle("Show timers", isOn: true)
              HStack
                Text("StateObject: 1s")
                Button("Tick StateObject")
              HStack
                Text("ObservedObject: 1s")
                Button("Tick ObservedObject")
            """)
        #expect(census.created == 2)
    }

    @Test func aParentRenderKeepsTheStateObjectButRecreatesTheObservedObject() throws {
        let census = Timers.InstanceCensus()
        let host = ViewHost(Timers.TimerScreen(census: census))
        for _ in 0..<3 {
            try host.tap("Tick StateObject")
            try host.tap("Tick ObservedObject")
        }
        host.resetCounts()

        try host.tap("Refresh parent")

        // The parent's body made new copies of both timers: the StateObject
        // copy's closure was ignored and its inputs were the same, so it was
        // not even re-rendered; the ObservedObject copy came with a new
        // model, so it re-rendered with it.
        #expect(host.bodyCounts == ["TimerScreen": 1, "ResettingTimerView": 1])
        #expect(host.renderLog.map(\.description) == [
            "TimerScreen: @State<Int>",
            "ResettingTimerView: new inputs from TimerScreen",
        ])
        #expect(census.created == 3)
        #expect(census.released == 1)
        #expect(host.snapshot.contains("Text(\"StateObject: 3s\")"))
        #expect(host.snapshot.contains("Text(\"ObservedObject: 0s\")"))

        // The new model was never started (onAppear ran once, for the first
        // model of this identity): the timer no longer counts.
        try host.tap("Tick StateObject")
        try host.tap("Tick ObservedObject")
        #expect(host.snapshot.contains("Text(\"StateObject: 4s\")"))
        #expect(host.snapshot.contains("Text(\"ObservedObject: 0s\")"))
    }

    @Test func theStateObjectIsReleasedWhenItsViewLeaves() throws {
        let census = Timers.InstanceCensus()
        let host = ViewHost(Timers.TimerScreen(census: census))
        #expect(census.alive == 2)
        try host.toggle("Show timers")
        #expect(census.alive == 0)
        #expect(host.snapshot == """
            VStack
              Text("Parent renders: 1")
              Button("Refresh parent")
              Toggle("Show timers", isOn: false)
            """)
        try host.toggle("Show timers")
        #expect(census.created == 4)
        #expect(host.snapshot.contains("Text(\"StateObject: 0s\")"))
    }

    @Test func theStateObjectClosureRunsOncePerIdentity() throws {
        let lifetime = Lifetime()
        struct Child: View {
            @StateObject private var model: TrackedLifetimeModel
            init(lifetime: Lifetime) {
                _model = StateObject(wrappedValue: TrackedLifetimeModel(lifetime: lifetime))
            }
            var body: some View {
                Button("Value \(model.value)") { model.value += 1 }
            }
        }
        struct Parent: View {
            let lifetime: Lifetime
            @State private var renders = 0
            var body: some View {
                VStack {
                    Button("Parent \(renders)") { renders += 1 }
                    Child(lifetime: lifetime)
                }
            }
        }
        let host = ViewHost(Parent(lifetime: lifetime))
        try host.tap("Value 0")
        for index in 0..<5 { try host.tap("Parent \(index)") }
        #expect(lifetime.createdCount == 1)
        #expect(host.snapshot.contains("Button(\"Value 1\")"))
    }

    @Test func aViewHoldingAStateObjectRendersOnItsObjectWillChange() throws {
        let census = Timers.InstanceCensus()
        let host = ViewHost(Timers.StableTimerView(census: census))
        host.resetCounts()
        try host.tap("Tick StateObject")
        #expect(host.renderLog.map(\.description) == ["StableTimerView: objectWillChange of TimerViewModel"])
    }

    @Test func releasingTheHostReleasesItsStateObjects() {
        let census = Timers.InstanceCensus()
        do {
            let host = ViewHost(Timers.TimerScreen(census: census))
            #expect(census.alive == 2)
            withExtendedLifetime(host) {}
        }
        #expect(census.alive == 0)
    }
}
