import Publishing
import Testing

@Suite("Operators")
struct OperatorTests {
    @Test("map, filter and compactMap transform exact sequences and forward the completion")
    func mapFilterCompactMap() {
        let subject = PassthroughSubject<String, TestError>()
        let mapped = TrackingSubscriber<Int, TestError>()
        let filtered = TrackingSubscriber<String, TestError>()
        let compacted = TrackingSubscriber<Int, TestError>()
        subject.map(\.count).subscribe(mapped)
        subject.filter { $0.hasPrefix("a") }.subscribe(filtered)
        subject.compactMap { Int($0) }.subscribe(compacted)
        for value in ["a", "12", "abc", "x", "7"] { subject.send(value) }
        subject.send(completion: .failure(TestError(code: 1)))
        #expect(mapped.history == [.subscription, .value(1), .value(2), .value(3), .value(1), .value(1), .completion(.failure(TestError(code: 1)))])
        #expect(filtered.history == [.subscription, .value("a"), .value("abc"), .completion(.failure(TestError(code: 1)))])
        #expect(compacted.history == [.subscription, .value(12), .value(7), .completion(.failure(TestError(code: 1)))])
    }

    @Test("removeDuplicates drops consecutive equal values only")
    func removeDuplicates() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        let c = subject.removeDuplicates().sink { values.append($0) }
        for value in [1, 1, 2, 2, 2, 1, 3, 3] { subject.send(value) }
        #expect(values == [1, 2, 1, 3])
        c.cancel()
    }

    @Test("removeDuplicates(by:) compares with the previous value, which is always the last one received")
    func removeDuplicatesBy() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        let c = subject.removeDuplicates { abs($0 - $1) < 2 }.sink { values.append($0) }
        for value in [0, 1, 2, 3, 10, 11, 20] { subject.send(value) }
        #expect(values == [0, 10, 20])
        c.cancel()
    }

    @Test("$x with removeDuplicates: the replay counts as the first value")
    func publishedRemoveDuplicates() {
        let model = WorkModel()
        var values: [Int] = []
        let c = model.$count.removeDuplicates().sink { values.append($0) }
        model.count = 1
        model.count = 2
        model.count = 2
        model.count = 3
        #expect(values == [1, 2, 3])
        c.cancel()
    }

    @Test("assign(to:on:) writes each value and ignores the completion")
    func assignOnIgnoresCompletion() {
        final class Label {
            var text = ""
        }
        let label = Label()
        let subject = PassthroughSubject<Int, Never>()
        let c = subject.map { "\($0)" }.assign(to: \.text, on: label)
        subject.send(1)
        #expect(label.text == "1")
        subject.send(completion: .finished)
        #expect(label.text == "1")
        subject.send(2)
        #expect(label.text == "1")
        c.cancel()
        c.cancel()
    }

    @Test("assign(to:on:) keeps the object until cancelled, then releases it")
    func assignOnReleasesObject() {
        final class Label {
            var text = ""
        }
        weak var weakLabel: Label?
        let subject = PassthroughSubject<String, Never>()
        var cancellable: AnyCancellable?
        do {
            let label = Label()
            weakLabel = label
            cancellable = subject.assign(to: \.text, on: label)
        }
        subject.send("kept")
        #expect(weakLabel?.text == "kept")
        cancellable?.cancel()
        #expect(weakLabel == nil)
    }

    @Test("assign(to:on:) onto an ObservableObject's @Published property fires its objectWillChange")
    func assignOnPublished() {
        let model = UserModel()
        var signals = 0
        let c1 = model.objectWillChange.sink { signals += 1 }
        let c2 = Just("Renew").assign(to: \.nickname, on: model)
        #expect(model.nickname == "Renew")
        #expect(signals == 1)
        c1.cancel()
        c2.cancel()
    }
}
