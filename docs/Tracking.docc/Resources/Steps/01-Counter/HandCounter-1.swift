import Publishing

/// A counter that announces its changes itself: no property is published.
final class HandCounter: ObservableObject {
    private(set) var count = 0

    func increment() {
        count += 1
    }
}
