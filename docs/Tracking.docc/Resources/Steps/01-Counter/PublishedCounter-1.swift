import Publishing

/// The same counter, published as a whole.
final class PublishedCounter: ObservableObject {
    @Published var count = 0
    @Published var note = ""

    func increment() {
        count += 1
    }
}
