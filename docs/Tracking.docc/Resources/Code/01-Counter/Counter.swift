import Rendering
import Tracking

/// A counter whose properties are tracked one by one.
final class Counter: Trackable {
    let trackingRegistrar = TrackingRegistrar()

    @Tracked var count = 0
    @Tracked var note = ""

    func increment() {
        count += 1
    }
}

/// Shows the count and a button; it never reads the note.
struct CounterView: View {
    let counter: Counter

    var body: some View {
        VStack {
            Text("Count: \(counter.count)")
            Button("Increment") { counter.increment() }
        }
    }
}

@MainActor
func trackedCounterDemo() throws {
    let counter = Counter()
    let host = ViewHost(CounterView(counter: counter))
    print(host.snapshot)

    print("-- tap Increment")
    try host.tap("Increment")
    print(host.snapshot)
    for render in host.renderLog { print(render) }

    print("-- change the note")
    host.resetCounts()
    counter.note = "The view does not show this"
    host.flush()
    print("bodies evaluated: \(host.totalBodyCount)")
}
