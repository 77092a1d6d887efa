import Foundation
import Observation
import Testing
import Tracking

// Ports of swiftlang/swift test/stdlib/Observation (Observable.swift,
// ObservableDidSetWillSet.swift, Observations.swift) and of
// pointfreeco/swift-perception Tests/PerceptionTests (PerceptionTrackingTests,
// ModifyTests, ModifyAccessorTests) onto Tracking: withObservationTracking →
// withTracking, Observations → values, @Observable → Trackable with @Tracked.
// "Bridged" tests run Apple's own API over a Tracking model that declares
// `Observable`. Not repeated here: Observable.swift's tests already in
// WithTrackingTests (changes, unread, computed and ignored properties, graph,
// nesting, access and mutation), Observations' cancellation test
// (TrackedValuesTests) and its main-actor cases (MainActorTests/ValuesTests).
// The last two sections: objects made and dropped inside a tracked closure,
// and hand-written announcements.

// MARK: - Models (Observable.swift)

/// Apple's compile-only models: a class with no tracked property, an
/// `AnyObject?`, an optional, a nested class, a subclass of a plain class.
final class ObservationPortEmpty: Trackable {
    let trackingRegistrar = TrackingRegistrar()
}

final class ObservationPortObjectHolder: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var object: AnyObject?
}

final class ObservationPortOptionalHolder: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var number: Int?
}

class ObservationPortPlainBase {}

final class ObservationPortSubclassOfPlain: ObservationPortPlainBase, Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var field = 3
}

struct ObservationPortOuter {
    final class Contents: Trackable, @unchecked Sendable {
        let trackingRegistrar = TrackingRegistrar()
        @Tracked var field = 3
    }
}

final class ObservationPortHashable: Trackable, Hashable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var field = 3
    static func == (lhs: ObservationPortHashable, rhs: ObservationPortHashable) -> Bool { lhs.field == rhs.field }
    func hash(into hasher: inout Hasher) { hasher.combine(field) }
}

/// Apple's Person, bridged so that withObservationTracking sees it: a
/// superclass's property, stored ones, a computed one, a graph.
class ObservationPortBridgedEntity: Trackable, Observable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var age = 0
}

final class ObservationPortBridgedPerson: ObservationPortBridgedEntity, @unchecked Sendable {
    @Tracked var firstName = ""
    @Tracked var middleName = ""
    @Tracked var lastName = ""
    @Tracked var friends: [ObservationPortBridgedPerson] = []
    var fullName: String { firstName + " " + middleName + " " + lastName }
}

/// Apple's generic model, bridged.
final class ObservationPortBridgedBox<Value>: Trackable, Observable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value: Value
    init(_ value: Value) { self.value = value }
}

// MARK: - Models (ObservableDidSetWillSet.swift)

final class ObservationPortStateModel: Trackable, @unchecked Sendable {
    enum State: Sendable { case initializing, running, complete }
    let trackingRegistrar = TrackingRegistrar()
    let log = Locked<[String]>([])

    @Tracked var state: State = .initializing {
        willSet { log.append("new state=\(newValue)") }
        didSet {
            guard oldValue != state else { return }
            log.append("old state=\(oldValue)")
        }
    }
}

// MARK: - Models (Observations.swift)

final class ObservationPortModel: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value = 0
    @Tracked var name = "test"
}

final class ObservationPortBridgedModel: Trackable, Observable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value = 0
    @Tracked var name = "test"
}

enum ObservationPortError: Error, Equatable {
    case simulatedError
}

// MARK: - Models (swift-perception)

final class ObservationPortCounts: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var count1 = 0
    @Tracked var count2 = 0
}

/// swift-perception's CowContainer: `mutate()` replaces its contents only
/// when they are shared, so a changed `id` means the setter made a copy.
struct ObservationPortCowContainer {
    final class Contents {}
    var contents = Contents()
    mutating func mutate() {
        if !isKnownUniquelyReferenced(&contents) {
            contents = Contents()
        }
    }
    var id: ObjectIdentifier { ObjectIdentifier(contents) }
}

final class ObservationPortCowObject: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var container = ObservationPortCowContainer()
}

final class ObservationPortBridgedCowObject: Trackable, Observable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var container = ObservationPortCowContainer()
}

// MARK: - Models (hand-written announcements)

/// Hand-written accessors: a mutation that throws, and one nested in another.
final class ObservationPortHandWrittenPair: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    private var storedValue = 0
    private var storedOther = 0

    var value: Int {
        get { trackingRegistrar.access(self, keyPath: \.value); return storedValue }
        set { trackingRegistrar.withMutation(of: self, keyPath: \.value) { storedValue = newValue } }
    }

    var other: Int {
        get { trackingRegistrar.access(self, keyPath: \.other); return storedOther }
        set { trackingRegistrar.withMutation(of: self, keyPath: \.other) { storedOther = newValue } }
    }

    func setValueThenFail(_ newValue: Int) throws {
        try trackingRegistrar.withMutation(of: self, keyPath: \.value) {
            storedValue = newValue
            throw ObservationPortError.simulatedError
        }
    }

    func setBoth(_ newValue: Int) {
        trackingRegistrar.withMutation(of: self, keyPath: \.value) {
            storedValue = newValue
            other = newValue
        }
    }
}

// MARK: - Tests

@Suite struct ObservationPerceptionPortTests {
    // MARK: Observable.swift

    @Test func accessAndMutationWrittenByHandAnnounceBothEventsOnce() {
        let model = HandWritten()
        let log = Locked<[String]>([])
        withTracking(options: [.willSet, .didSet]) { _ = model.field } onChange: { event in
            log.append("\(event.kind) \(model.field) \(event.matches(\HandWritten.field))")
        }
        model.field = 5
        model.field = 6
        #expect(log.current == ["willSet 3 true", "didSet 5 true"])
    }

    @Test func theCompileOnlyModelsAreTracked() {
        _ = ObservationPortEmpty()
        let holder = ObservationPortObjectHolder()
        let optional = ObservationPortOptionalHolder()
        let contents = ObservationPortOuter.Contents()
        let subclass = ObservationPortSubclassOfPlain()
        let runs = Locked(0)
        let token = observe {
            _ = holder.object; _ = optional.number; _ = contents.field; _ = subclass.field
            runs.increment()
        }
        holder.object = ObservationPortPlainBase()
        optional.number = 1
        contents.field = 4
        subclass.field = 9
        token.cancel()
        #expect(runs.current == 5)
    }

    @Test func aDecodedSynthesizedCodableObjectIsTracked() throws {
        let note = try JSONDecoder().decode(SynthesizedNote.self, from: Data(#"{"title":"Read","trackingRegistrar":{}}"#.utf8))
        let fired = Locked(0)
        withTracking { _ = note.title } onChange: { fired.increment() }
        note.title = "Changed"
        #expect(fired.current == 1)
    }

    @Test func aHashableClassIsTrackedThroughItsHash() {
        let a = ObservationPortHashable(), b = ObservationPortHashable()
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        let fired = Locked(0)
        withTracking { _ = a.hashValue } onChange: { fired.increment() }
        a.field = 4
        #expect(fired.current == 1)
    }

    @Test func aGenericModelNotifiesEveryAssignment() {
        let box = ObservationPortBridgedBox<Int>(1)
        let log = Locked<[String]>([])
        withTracking(options: .didSet) { _ = box.value } onChange: { log.append("didSet \(box.value)") }
        box.value = 2
        // `Value` is not known to be Equatable: an equal assignment notifies, Apple too.
        withTracking { _ = box.value } onChange: { log.append("willSet \(box.value)") }
        withObservationTracking { _ = box.value } onChange: { log.append("apple \(box.value)") }
        box.value = 2
        #expect(log.current == ["didSet 2", "willSet 2", "apple 2"])
    }

    // MARK: Observable.swift through the bridge (Apple's withObservationTracking)

    @Test func bridgedComputedInheritedAndGraphChanges() {
        let test = ObservationPortBridgedPerson()
        let friend = ObservationPortBridgedPerson()
        test.friends.append(friend)
        let computed = Locked(0)
        withObservationTracking { _ = test.fullName } onChange: { computed.increment() }
        test.age = 3
        #expect(computed.current == 0)
        test.middleName = "c"
        test.middleName = "d"
        #expect(computed.current == 1)

        let graph = Locked(0)
        withObservationTracking { _ = test.friends.first?.fullName } onChange: { graph.increment() }
        test.middleName = "e"
        #expect(graph.current == 0)
        friend.middleName = "c"
        #expect(graph.current == 1)

        let inherited = Locked(0)
        withObservationTracking { _ = test.age } onChange: { inherited.increment() }
        test.age = 7
        #expect(inherited.current == 1)
    }

    @Test func bridgedNesting() {
        let outer = Locked(0), inner = Locked(0)
        let test = ObservationPortBridgedPerson()
        withObservationTracking {
            withObservationTracking { _ = test.firstName } onChange: { inner.increment() }
        } onChange: { outer.increment() }
        test.firstName = "c"
        #expect(inner.current == 1)
        #expect(outer.current == 1)
        test.firstName = "d"
        #expect(inner.current == 1)
        #expect(outer.current == 1)
    }

    @Test func bridgedScopeAfterAWriteBeforeAnyRead() {
        let model = ObservationPortBridgedModel()
        model.value = 3
        let fired = Locked(0)
        withObservationTracking { _ = model.value } onChange: { fired.increment() }
        model.value = 4
        #expect(fired.current == 1)
    }

    // MARK: ObservableDidSetWillSet.swift

    @Test func userWillSetAndDidSetSeeTheNewAndOldValues() {
        let m = ObservationPortStateModel()
        m.state = .running
        m.state = .complete
        #expect(m.log.current == [
            "new state=running", "old state=initializing",
            "new state=complete", "old state=running",
        ])
    }

    @Test func userWillSetAndDidSetAroundTrackingsCallbacks() {
        let m = ObservationPortStateModel()
        withTracking { _ = m.state } onChange: { m.log.append("willSet scope \(m.state)") }
        withTracking(options: .didSet) { _ = m.state } onChange: { m.log.append("didSet scope \(m.state)") }
        let token = observe { m.log.append("observer \(m.state)") }
        m.state = .running
        token.cancel()
        #expect(m.log.current == [
            "observer initializing",
            "new state=running",
            "willSet scope initializing",
            "didSet scope running",
            "observer running",
            "old state=initializing",
        ])
    }

    // MARK: Observations.swift

    @Test func observationsBasicElementEmission() async {
        let model = ObservationPortModel()
        var iterator = values { model.value }.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        Task {
            await Task.yield()
            model.value = 42
        }
        #expect(await iterator.next() == 42)
    }

    /// Apple's suite runs on the main actor, where the two writes, with no
    /// suspension between them, are one element.
    @Test @MainActor func observationsMultiplePropertyTracking() async {
        let model = ObservationPortModel()
        var iterator = values { "\(model.name):\(model.value)" }.makeAsyncIterator()
        #expect(await iterator.next() == "test:0")
        Task { @MainActor in
            await Task.yield()
            model.name = "updated"
            model.value = 100
        }
        #expect(await iterator.next() == "updated:100")
    }

    /// Off the main actor each write is a transaction of its own; a
    /// transaction makes the two one element.
    @Test func observationsMultiplePropertyTrackingFromAnotherThread() async {
        let model = ObservationPortModel()
        var iterator = values { "\(model.name):\(model.value)" }.makeAsyncIterator()
        #expect(await iterator.next() == "test:0")
        Task {
            await Task.yield()
            withTransaction {
                model.name = "updated"
                model.value = 100
            }
        }
        #expect(await iterator.next() == "updated:100")
    }

    @Test func observationsErrorHandlingInEmitClosure() async throws {
        let model = ObservationPortModel()
        let shouldThrow = Locked(false)
        var iterator = values { () throws(ObservationPortError) -> Int in
            if shouldThrow.current { throw .simulatedError }
            return model.value
        }.makeAsyncIterator()
        #expect(try await iterator.next() == 0)
        Task {
            await Task.yield()
            shouldThrow.mutate { $0 = true }
            model.value = 42
        }
        await #expect(throws: ObservationPortError.simulatedError) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    /// Apple's test shares one sequence and checks only counts; TrackedValues
    /// is not Sendable, so each task makes its own. Each write waits until
    /// both iterators hold the previous value, so none sees two as one.
    @Test func observationsConcurrentObservers() async {
        let model = ObservationPortModel()
        let received = Locked<[[Int]]>([[], []])
        let tasks = (0..<2).map { index in
            Task {
                var iterator = values { model.value }.makeAsyncIterator()
                for _ in 0..<3 {
                    guard let value = await iterator.next() else { return }
                    received.mutate { $0[index].append(value) }
                }
            }
        }
        while received.current.contains(where: { $0.count < 1 }) { await Task.yield() }
        model.value = 100
        while received.current.contains(where: { $0.count < 2 }) { await Task.yield() }
        model.value = 200
        for task in tasks { await task.value }
        #expect(received.current == [[0, 100, 200], [0, 100, 200]])
    }

    @Test @MainActor func observationsRapidSuccessiveChanges() async {
        let model = ObservationPortModel()
        var iterator = values { model.value }.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        Task { @MainActor in
            await Task.yield()
            for i in 1...5 { model.value = i }
        }
        #expect(await iterator.next() == 5)
    }

    @Test func observationsOfAKeyPathFinishWhenTheObjectIsDeallocated() async {
        var model: ObservationPortModel? = ObservationPortModel()
        var iterator = model!.values(\.value).makeAsyncIterator()
        #expect(await iterator.next() == 0)
        model!.value = 1
        #expect(await iterator.next() == 1)
        model = nil
        #expect(await iterator.next() == nil)
    }

    @Test func observationsFromAnotherTaskThroughTheBridge() async {
        let model = ObservationPortBridgedModel()
        var iterator = Observations { "\(model.name):\(model.value)" }.makeAsyncIterator()
        #expect(await iterator.next() == "test:0")
        Task {
            await Task.yield()
            model.value = 42
        }
        // Off the main actor Observations does not promise one element per
        // write; the last one must be the new value.
        var last = await iterator.next()
        while last != "test:42", last != nil { last = await iterator.next() }
        #expect(last == "test:42")
    }

    @Test func valuesOfAThrowingClosureEndsWithItsFirstError() async throws {
        let model = ObservationPortModel()
        var iterator = values { () throws(ObservationPortError) -> Int in
            _ = model.value
            throw .simulatedError
        }.makeAsyncIterator()
        await #expect(throws: ObservationPortError.simulatedError) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test func valuesDoNotFinishForTheDeathOfAnObjectNoLongerRead() async {
        let switcher = ObservationPortCounts()
        var a: ObservationPortModel? = ObservationPortModel()
        let b = ObservationPortModel()
        b.value = 5
        var iterator = values { [weak a] in switcher.count1 == 0 ? (a?.value ?? -1) : b.value }.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        switcher.count1 = 1
        #expect(await iterator.next() == 5)
        a = nil
        b.value = 7
        #expect(await iterator.next() == 7)
    }

    // MARK: swift-perception PerceptionTrackingTests

    /// Its two tests, testMutateAccessedField and testMutateNonAccessedField.
    @Test(arguments: [true, false])
    func mutateField(accessed: Bool) {
        let model = ObservationPortCounts()
        let fired = Locked(0)
        withTracking { _ = model.count1 } onChange: { fired.increment() }
        if accessed { model.count1 += 1 } else { model.count2 += 1 }
        #expect(model.count1 == (accessed ? 1 : 0))
        #expect(model.count2 == (accessed ? 0 : 1))
        #expect(fired.current == (accessed ? 1 : 0))
    }

    // MARK: swift-perception ModifyTests and ModifyAccessorTests

    @Test func copyOnWrite() {
        let object = ObservationPortCowObject()
        let startId = object.container.id
        object.container.mutate()
        #expect(object.container.id == startId)
    }

    @Test func copyOnWriteWhileObserved() {
        let object = ObservationPortCowObject()
        let startId = object.container.id
        let runs = Locked(0), fired = Locked(0)
        let token = observe { _ = object.container.id; runs.increment() }
        withTracking { _ = object.container } onChange: { fired.increment() }
        withTracking(options: .didSet) { _ = object.container } onChange: { fired.increment() }
        object.container.mutate()
        token.cancel()
        #expect(object.container.id == startId)
        #expect(runs.current == 2)
        #expect(fired.current == 2)
    }

    @Test func copyOnWriteInsideATransaction() {
        let object = ObservationPortCowObject()
        let startId = object.container.id
        let runs = Locked(0)
        let token = observe { _ = object.container.id; runs.increment() }
        withTransaction { object.container.mutate() }
        token.cancel()
        #expect(object.container.id == startId)
        #expect(runs.current == 2)
    }

    @Test func copyOnWriteThroughTheBridge() {
        let object = ObservationPortBridgedCowObject()
        let startId = object.container.id
        object.container.mutate()
        #expect(object.container.id == startId)
        let apple = Locked(0), runs = Locked(0)
        let token = observe { _ = object.container.id; runs.increment() }
        withObservationTracking { _ = object.container } onChange: { apple.increment() }
        object.container.mutate()
        token.cancel()
        #expect(object.container.id == startId)
        #expect(apple.current == 1)
        #expect(runs.current == 2)
    }

    // MARK: Objects made and dropped inside a tracked closure (Apple's scopes fire nothing)

    @Test(arguments: [TrackingOptions.willSet, .didSet, [.willSet, .didSet], [.willSet, .deinit], .deinit])
    func aScopeIsNotCalledForAnObjectItsApplyMadeAndDropped(options: TrackingOptions) {
        let log = Locked<[String]>([])
        withTracking(options: options) { _ = ObservationPortModel().value } onChange: { event in
            log.append("\(event.kind)")
        }
        #expect(log.current == [])
    }

    @Test func appleIsNotCalledForAnObjectItsApplyMadeAndDropped() {
        let fired = Locked(0)
        withObservationTracking { _ = ObservationPortBridgedModel().value } onChange: { fired.increment() }
        #expect(fired.current == 0)
    }

    @Test func anObserverWithoutTheDeinitOptionRunsOnceOverAnObjectItMadeAndDropped() {
        let events = Locked<[String]>([])
        let token = observe(options: .didSet) { event in
            events.append("\(event.kind)")
            _ = ObservationPortModel().value
        }
        token.cancel()
        #expect(events.current == ["initial"])
    }

    /// This hung in a derived value's computation after an observer on the
    /// same thread had re-run over such an object.
    @Test func aDerivedValueComputesOnceAfterAnObserverMadeAndDroppedAnObject() {
        let looping = observe { _ = ObservationPortModel().value }
        looping.cancel()
        let computes = Locked(0)
        let derived = Derived { computes.increment(); return ObservationPortModel().value }
        let token = observe { _ = derived.value }
        token.cancel()
        #expect(computes.current == 1)
    }

    @Test func valuesGoOnWhenTheirClosureMakesAndDropsAnObject() async {
        let model = ObservationPortModel()
        var iterator = values { () -> Int in
            _ = ObservationPortModel().value
            return model.value
        }.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        model.value = 1
        #expect(await iterator.next() == 1)
    }

    // MARK: Hand-written announcements, and a subclass's computed property

    @Test func aThrowingMutationStillAnnouncesDidSet() {
        let model = ObservationPortHandWrittenPair()
        let log = Locked<[String]>([])
        withTracking(options: [.willSet, .didSet]) { _ = model.value } onChange: { event in
            log.append("\(event.kind) \(model.value)")
        }
        #expect(throws: ObservationPortError.simulatedError) { try model.setValueThenFail(5) }
        #expect(log.current == ["willSet 0", "didSet 5"])
    }

    @Test func nestedMutationsAnnounceInOrder() {
        let model = ObservationPortHandWrittenPair()
        let log = Locked<[String]>([])
        withTracking(options: [.willSet, .didSet]) { _ = model.value } onChange: { event in
            log.append("value \(event.kind)")
        }
        withTracking(options: [.willSet, .didSet]) { _ = model.other } onChange: { event in
            log.append("other \(event.kind)")
        }
        model.setBoth(1)
        #expect(log.current == ["value willSet", "other willSet", "other didSet", "value didSet"])
    }

    @Test func anObserverOfASubclassesComputedPropertyRunsOncePerTransaction() {
        let person = MiddleNamePerson()
        let seen = Locked<[String]>([])
        let token = observe { seen.append(person.fullName) }
        person.middleName = "M"
        person.age = 3
        withTransaction { person.firstName = "F"; person.lastName = "L" }
        token.cancel()
        #expect(seen.current == ["  ", " M ", "F M L"])
    }
}
