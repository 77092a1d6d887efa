import Observation
import Testing
import Tracking

/// Apple's `Observations` over a Tracking model that declares `Observable`,
/// next to the same over the `@Observable` twin (the scenarios of
/// ``ValuesTests`` run on both too): a change of a property the closure read
/// makes an element, a change of one it did not read makes none.
@MainActor
@Suite struct ObservationBridgeValuesTests {
    @Test("only a change of a property the closure read makes an element", arguments: [Engine.observation, .bridged])
    func onlyAChangeOfAReadPropertyMakesAnElement(engine: Engine) async {
        let model = engine.makePair()
        let elements = model.aIterator()
        let received = Received()
        let iteration = Task {
            received.append(await elements.next())
            received.append(await elements.next())
        }
        guard await yield(until: "the first element", cancelling: [iteration], { received.elements.count == 1 }) else {
            return await iteration.value
        }
        // `b` was not read: were it seen, the iteration would take a second
        // element, still 0, within these yields.
        model.b = 5
        for _ in 0..<100 { await Task.yield() }
        #expect(received.elements == [0])
        model.a = 1
        await yield(until: "the second element", cancelling: [iteration]) { received.elements.count == 2 }
        await iteration.value
        #expect(received.elements == [0, 1])
    }
}
