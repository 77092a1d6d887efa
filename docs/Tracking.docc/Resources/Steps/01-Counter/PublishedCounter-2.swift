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
