import Publishing
import Rendering

/// The same counter, published as a whole.
final class PublishedCounter: ObservableObject {
    @Published var count = 0
    @Published var note = ""

    func increment() {
        count += 1
    }
}

/// The same view, observing the whole object.
struct PublishedCounterView: View {
    @ObservedObject var counter: PublishedCounter

    var body: some View {
        VStack {
            Text("Count: \(counter.count)")
            Button("Increment") { counter.increment() }
        }
    }
}

@MainActor
func publishedCounterDemo() throws {
    let counter = PublishedCounter()
    let host = ViewHost(PublishedCounterView(counter: counter))

    print("-- tap Increment")
    try host.tap("Increment")
    print(host.snapshot)
    for render in host.renderLog { print(render) }

    print("-- change the note")
    host.resetCounts()
    counter.note = "The view does not show this"
    host.flush()
    print("bodies evaluated: \(host.totalBodyCount)")
    for render in host.renderLog { print(render) }
}
