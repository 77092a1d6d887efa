import Publishing
import Rendering

/// A counter that announces its changes itself: no property is published.
final class HandCounter: ObservableObject {
    private(set) var count = 0

    func increment() {
        objectWillChange.send()
        count += 1
    }

    /// The same change, without the announcement.
    func incrementSilently() {
        count += 1
    }
}

struct HandCounterView: View {
    @ObservedObject var counter: HandCounter

    var body: some View {
        VStack {
            Text("Count: \(counter.count)")
            Button("Increment") { counter.increment() }
            Button("Increment silently") { counter.incrementSilently() }
        }
    }
}

@MainActor
func handCounterDemo() throws {
    let counter = HandCounter()
    let host = ViewHost(HandCounterView(counter: counter))

    print("-- tap Increment silently")
    try host.tap("Increment silently")
    print("count: \(counter.count)")
    print(host.snapshot)

    print("-- tap Increment")
    try host.tap("Increment")
    print("count: \(counter.count)")
    print(host.snapshot)
}
