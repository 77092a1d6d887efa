import Publishing
import Testing

// Behaviours of @Published and $property, after those OpenCombine's
// PublishedTests check against Combine, and the order the issue asks for.

private final class State: ObservableObject {
    @Published var state: Int

    init(_ initialValue: Int = 0) {
        _state = Published(initialValue: initialValue)
    }
}

/// An object that declares its own objectWillChange.
private final class CustomPublisherObject: ObservableObject {
    let objectWillChange = ObservableObjectPublisher()
    @Published var state = 0
}

/// A plain class (not an ObservableObject) may use @Published.
private final class PlainClass {
    @Published var name = "a"
}

@Suite("@Published")
struct PublishedTests {
    @Test("$x replays the current value, then delivers each new one; the value is stored after delivery")
    func replayAndStoreAfterDelivery() {
        let object = State()
        var expectedStored = 0
        var storedDuringDelivery: [Int] = []
        let tracking1 = TrackingSubscriber<Int, Never> { _ in storedDuringDelivery.append(object.state) }
        object.$state.subscribe(tracking1)
        #expect(tracking1.history == [.subscription, .value(0)])

        object.state += 1
        expectedStored = 1
        object.state += 2
        expectedStored = 3
        object.state += 3
        #expect(tracking1.history == [.subscription, .value(0), .value(1), .value(3), .value(6)])
        // Each subscriber call saw the previous value in the property.
        #expect(storedDuringDelivery == [0, 0, 1, 3])
        #expect(expectedStored == 3)
        #expect(object.state == 6)

        let tracking2 = TrackingSubscriber<Int, Never>()
        object.$state.subscribe(tracking2)
        #expect(tracking2.history == [.subscription, .value(6)])

        object.state = 42
        #expect(tracking1.history == [.subscription, .value(0), .value(1), .value(3), .value(6), .value(42)])
        #expect(tracking2.history == [.subscription, .value(6), .value(42)])

        tracking1.cancel()
        object.state = -1
        #expect(tracking1.history == [.subscription, .value(0), .value(1), .value(3), .value(6), .value(42)])
        #expect(tracking2.history == [.subscription, .value(6), .value(42), .value(-1)])
        tracking2.cancel()
    }

    @Test("assignment order: objectWillChange, then $x subscribers, then the store")
    func assignmentOrder() {
        let object = State(10)
        var log: [String] = []
        let c1 = object.objectWillChange.sink { log.append("objectWillChange sees \(object.state)") }
        let c2 = object.$state.dropFirstForTest().sink { log.append("$state gets \($0), sees \(object.state)") }
        object.state = 11
        log.append("stored \(object.state)")
        #expect(log == ["objectWillChange sees 10", "$state gets 11, sees 10", "stored 11"])
        c1.cancel()
        c2.cancel()
    }

    @Test("assigning an equal value still publishes, as in Combine")
    func equalValuesPublish() {
        let object = State(5)
        var signals = 0
        var values: [Int] = []
        let c1 = object.objectWillChange.sink { signals += 1 }
        let c2 = object.$state.sink { values.append($0) }
        object.state = 5
        object.state = 5
        #expect(signals == 2)
        #expect(values == [5, 5, 5])
        c1.cancel()
        c2.cancel()
    }

    @Test("in-place mutation publishes once with the whole new value")
    func inPlaceMutation() {
        let manager = TodoManager()
        var counts: [Int] = []
        var signals = 0
        let c1 = manager.objectWillChange.sink { signals += 1 }
        let c2 = manager.$todos.sink { counts.append($0.count) }
        manager.todos.append(TodoItem(title: "a"))
        manager.todos[0].isCompleted.toggle()
        #expect(signals == 2)
        #expect(counts == [0, 1, 1])
        #expect(manager.todos[0].isCompleted)
        c1.cancel()
        c2.cancel()
    }

    @Test("a custom objectWillChange gets nothing from @Published")
    func customObjectWillChangeGetsNothing() {
        let object = CustomPublisherObject()
        var signals = 0
        var values: [Int] = []
        let c1 = object.objectWillChange.sink { signals += 1 }
        let c2 = object.$state.sink { values.append($0) }
        object.state = 100
        #expect(signals == 0)
        #expect(values == [0, 100])
        object.objectWillChange.send()
        #expect(signals == 1)
        c1.cancel()
        c2.cancel()
    }

    @Test("@Published works in a class that is not an ObservableObject")
    func plainClass() {
        let object = PlainClass()
        var values: [String] = []
        let c = object.$name.sink { values.append($0) }
        object.name = "b"
        #expect(values == ["a", "b"])
        c.cancel()
    }

    @Test("assign(to: &$x) assigns through the property and lives as long as the property")
    func assignToPublished() {
        let upstream = RecordingPublisher<Int, Never>()
        let tracking = TrackingSubscriber<Int, Never>()
        var signals = 0
        var cancellable: AnyCancellable?
        do {
            let object = State()
            upstream.assign(to: &object.$state)
            cancellable = object.objectWillChange.sink { signals += 1 }
            object.$state.subscribe(tracking)
            #expect(tracking.history == [.subscription, .value(0)])

            upstream.send(1)
            upstream.send(2)
            #expect(object.state == 2)
            #expect(signals == 2)
            #expect(tracking.history == [.subscription, .value(0), .value(1), .value(2)])
            #expect(upstream.subscription.cancels == 0)
        }
        // The object, and so the property, is gone: the subscription is cancelled.
        #expect(upstream.subscription.cancels == 1)
        cancellable?.cancel()
        tracking.cancel()
    }

    @Test("assign(to: &$x) ignores the completion: $x does not complete and the value stays")
    func assignToPublishedIgnoresCompletion() {
        let upstream = PassthroughSubject<Int, Never>()
        let object = State()
        let tracking = TrackingSubscriber<Int, Never>()
        upstream.assign(to: &object.$state)
        object.$state.subscribe(tracking)
        upstream.send(4)
        upstream.send(completion: .finished)
        upstream.send(5)
        #expect(tracking.history == [.subscription, .value(0), .value(4)])
        #expect(object.state == 4)
        object.state = 6
        #expect(tracking.history == [.subscription, .value(0), .value(4), .value(6)])
        tracking.cancel()
    }

    @Test("assign(to: &$x) from a publisher of the same object does not keep it alive")
    func assignToOwnPropertyNoCycle() {
        final class Derived: ObservableObject {
            @Published var text = ""
            @Published var length = 0
            init() { $text.map(\.count).assign(to: &$length) }
        }
        weak var weakObject: Derived?
        do {
            let object = Derived()
            weakObject = object
            object.text = "hello"
            #expect(object.length == 5)
        }
        #expect(weakObject == nil)
    }

    @Test("assigning $x of another object changes nothing, as in Combine")
    func projectedValueSetter() {
        let object1 = State(1)
        let object2 = State(2)
        object1.$state = object2.$state
        #expect(object1.state == 1)
        #expect(object2.state == 2)
        object1.state = 3
        #expect(object2.state == 2)
    }
}

extension Publisher {
    /// Skips the first value (the replay), for tests of live values only.
    func dropFirstForTest() -> Publishers.CompactMap<Self, Output> {
        var first = true
        return compactMap { value in
            if first {
                first = false
                return nil
            }
            return value
        }
    }
}
