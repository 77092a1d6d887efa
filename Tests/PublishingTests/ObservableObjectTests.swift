import Foundation
import Publishing
import Testing

// Behaviours of the default objectWillChange, after those OpenCombine's
// ObservableObjectTests check against Combine.

private final class TwoStates: ObservableObject {
    @Published var state1: Int
    @Published var state2: Int
    var nonPublished: Int

    init(_ initialValue: Int = 0) {
        _state1 = Published(initialValue: initialValue)
        _state2 = Published(initialValue: initialValue)
        nonPublished = initialValue
    }
}

private final class NoFields: ObservableObject {}

private final class NoPublishedFields: ObservableObject {
    var field = NoFields()
    var int = 0
}

private final class PublishedFieldIsConstant: ObservableObject {
    let publishedValue = Published(initialValue: 42)
}

private class ObservedBase: ObservableObject {
    @Published var publishedValue0 = 0
    var publishedValue1 = Published(initialValue: "Hello!")
    let publishedValue2 = Published(initialValue: 42)
    var simpleValue = "what"
}

private final class ObservedDerivedWithObservedBase: ObservedBase {
    @Published var subclassPublished0 = 0
    @Published var subclassPublished1 = 1
    @Published var subclassPublished2 = 2
}

private final class GenericClass<Value1, Value2>: ObservableObject {
    @Published var value1: Value1
    @Published var value2: Value2

    init(_ value1: Value1, _ value2: Value2) {
        self.value1 = value1
        self.value2 = value2
    }
}

private class GenericBase<Value>: ObservableObject {
    var padding: Value
    @Published var value1: Value

    init(_ value: Value) {
        padding = value
        value1 = value
    }
}

private final class GenericSubclass<Value>: GenericBase<Value> {
    @Published var value3 = false
}

private class NonObservedBase {
    @Published var nonObservedBaseValue0 = 10
    @Published var nonObservedBaseValue1 = Double.pi
}

private final class ObservedDerivedWithNonObservedBase: NonObservedBase, ObservableObject {
    @Published var observedDerivedValue2 = "Asuka"
    @Published var observedDerivedValue3: UInt8 = 255
}

private final class NSObjectSubclass: NSObject, ObservableObject {
    @Published var value0 = 0
    @Published var value1: UInt8 = 42
}

private class FoundationClassSubclass: JSONDecoder, ObservableObject, @unchecked Sendable {
    @Published var published0 = 10
    @Published var published1 = "hello!"
}

private final class FoundationClassSubclass2: FoundationClassSubclass, @unchecked Sendable {
    @Published var published3 = true
}

@Suite("ObservableObject")
struct ObservableObjectTests {
    @Test("every assignment of a @Published property signals once")
    func everyWriteSignals() {
        let object = TwoStates()
        var signals = 0
        let c = object.objectWillChange.sink { signals += 1 }
        object.state1 += 1
        object.state1 += 2
        object.state1 += 3
        #expect(signals == 3)
        object.state2 += 1
        #expect(signals == 4)
        object.nonPublished += 1
        #expect(signals == 4)
        #expect(object.state1 == 6)
        #expect(object.state2 == 1)
        c.cancel()
    }

    @Test("a second subscriber gets only later signals; after cancel, no signal")
    func cancelStopsSignals() {
        let object = TwoStates()
        var firstSignals = 0
        var secondSignals = 0
        let c1 = object.objectWillChange.sink { firstSignals += 1 }
        object.state1 = 1
        let c2 = object.objectWillChange.sink { secondSignals += 1 }
        object.state1 = 42
        #expect(firstSignals == 2)
        #expect(secondSignals == 1)
        c1.cancel()
        object.state1 = -1
        #expect(firstSignals == 2)
        #expect(secondSignals == 2)
        c2.cancel()
    }

    @Test("objectWillChange is the same instance on every access")
    func publisherIsStable() {
        let withFields = TwoStates()
        #expect(withFields.objectWillChange === withFields.objectWillChange)
        let noFields = NoFields()
        #expect(noFields.objectWillChange === noFields.objectWillChange)
        let noPublished = NoPublishedFields()
        #expect(noPublished.objectWillChange === noPublished.objectWillChange)
        #expect(noPublished.objectWillChange !== noPublished.field.objectWillChange)
        let constant = PublishedFieldIsConstant()
        #expect(constant.objectWillChange === constant.objectWillChange)
        #expect(TwoStates().objectWillChange !== withFields.objectWillChange)
    }

    @Test("a derived class shares its observed base's publisher for every @Published field")
    func derivedClassWithObservedBase() {
        let object = ObservedDerivedWithObservedBase()
        var counter = 0
        let c = object.objectWillChange.sink { counter += 1 }
        #expect(object.objectWillChange === (object as ObservedBase).objectWillChange)

        object.publishedValue0 += 5
        #expect(counter == 1)
        #expect(object.publishedValue0 == 5)

        // A plain `var` of type Published, assigned through the subscript.
        Published<String>[
            _enclosingInstance: object, wrapped: \.simpleValue, storage: \.publishedValue1
        ] += "???"
        #expect(counter == 2)
        #expect(object.simpleValue == "what")
        #expect(Published<String>[_enclosingInstance: object, wrapped: \.simpleValue, storage: \.publishedValue1] == "Hello!???")

        object.subclassPublished0 += 3
        #expect(counter == 3)
        object.subclassPublished1 += 3
        #expect(counter == 4)
        object.subclassPublished2 += 3
        #expect(counter == 5)
        let values: [Int] = [object.subclassPublished0, object.subclassPublished1, object.subclassPublished2]
        #expect(values == [3, 4, 5])
        c.cancel()
    }

    @Test("generic classes signal for every @Published field, whatever the specialization")
    func genericClasses() {
        let object = GenericClass(123, true)
        var counter = 0
        let c = object.objectWillChange.sink { counter += 1 }
        object.value1 += 1
        #expect(counter == 1)
        #expect(object.value1 == 124)
        object.value2.toggle()
        #expect(counter == 2)
        #expect(object.value2 == false)

        // Another specialization has other offsets.
        let other = GenericClass("a", Int8(1))
        var otherCounter = 0
        let c2 = other.objectWillChange.sink { otherCounter += 1 }
        other.value2 += 1
        other.value1 += "b"
        #expect(otherCounter == 2)
        #expect(counter == 2)
        c.cancel()
        c2.cancel()
    }

    @Test("a generic subclass of a generic base signals for both levels")
    func genericSubclass() {
        let object = GenericSubclass("hello")
        var counter = 0
        let c = object.objectWillChange.sink { counter += 1 }
        object.value1 += "!"
        #expect(counter == 1)
        object.value3.toggle()
        #expect(counter == 2)
        #expect(object.value1 == "hello!")
        #expect(object.value3 == true)
        c.cancel()
    }

    @Test("@Published fields of a base that is not observable fire the subclass's publisher")
    func observableDerivedWithNonObservableBase() {
        let object = ObservedDerivedWithNonObservedBase()
        var counter = 0
        let c = object.objectWillChange.sink { counter += 1 }
        object.nonObservedBaseValue0 -= 1
        #expect(counter == 1)
        object.nonObservedBaseValue1 *= 2
        #expect(counter == 2)
        object.observedDerivedValue2 = "Nevermind."
        #expect(counter == 3)
        object.observedDerivedValue3 &+= 1
        #expect(counter == 4)
        #expect(object.nonObservedBaseValue0 == 9)
        #expect(object.observedDerivedValue3 == 0)
        c.cancel()
    }

    @Test("subclasses of Foundation classes work (NSObject, JSONDecoder)")
    func foundationSubclasses() {
        let object = NSObjectSubclass()
        var counter = 0
        let c = object.objectWillChange.sink { counter += 1 }
        object.value0 += 1
        object.value1 += 1
        #expect(counter == 2)
        #expect(object.objectWillChange === object.objectWillChange)

        let decoderModel = FoundationClassSubclass2()
        var decoderCounter = 0
        let c2 = decoderModel.objectWillChange.sink { decoderCounter += 1 }
        decoderModel.published0 += 1
        decoderModel.published1 += "?"
        decoderModel.published3.toggle()
        #expect(decoderCounter == 3)
        #expect(decoderModel.objectWillChange === decoderModel.objectWillChange)
        c.cancel()
        c2.cancel()
    }

    @Test("a Counter with a plain property notifies with send()")
    func manualSend() {
        let counter = Counter()
        var log: [String] = []
        let c = counter.objectWillChange.sink { log.append("will change from \(counter.count)") }
        counter.increment()
        counter.increment()
        #expect(log == ["will change from 0", "will change from 1"])
        #expect(counter.count == 2)
        #expect(counter.objectWillChange === counter.objectWillChange)
        c.cancel()
    }

    @Test("subscribing to objectWillChange does not keep the object alive")
    func publisherDoesNotRetainObject() {
        weak var weakObject: TwoStates?
        weak var weakCounter: Counter?
        var cancellables: [AnyCancellable] = []
        do {
            let object = TwoStates()
            let counter = Counter()
            weakObject = object
            weakCounter = counter
            object.objectWillChange.sink {}.store(in: &cancellables)
            counter.objectWillChange.sink {}.store(in: &cancellables)
        }
        #expect(weakObject == nil)
        #expect(weakCounter == nil)
    }

    @Test("no signal before anyone reads objectWillChange, and writes still store")
    func writesBeforeFirstRead() {
        let object = TwoStates()
        object.state1 = 5
        object.state2 = 6
        var counter = 0
        let c = object.objectWillChange.sink { counter += 1 }
        #expect(counter == 0)
        object.state2 = 7
        #expect(counter == 1)
        #expect(object.state1 == 5)
        #expect(object.state2 == 7)
        c.cancel()
    }
}
