import Testing
import Tracking

/// Issue 16, point 7: a non-throwing derived value that reads itself before
/// it has a value says one thing, the thing that happens.
@Suite struct MessageTests {
    @Test func aCycleWithNoPreviousValueSaysTheProgramStopsAndNothingElse() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let holder = Locked<Derived<Int>?>(nil)
            let looping = Derived<Int>("looping") { holder.current!.value + 1 }
            holder.mutate { $0 = looping }
            _ = looping.value
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains(
            "cycle among derived values: looping → looping; looping has no previous value to return, so the program stops"))
        #expect(!output.contains("returns its previous value"))
    }

    /// A registrar that is not stored (a computed property that makes a new
    /// one on each read) stops the program at the first tracked read of a
    /// `@Tracked` property, with a message that names the type, instead of
    /// crashing later.
    @Test func aRegistrarThatIsNotStoredIsNamedAtATrackedRead() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let model = ComputedRegistrarModel()
            let token = observe { _ = model.value }
            withExtendedLifetime(token) {}
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ComputedRegistrarModel.trackingRegistrar returned a different registrar on each read"))
    }

    /// The same at a hand-written property's tracked read.
    @Test func aRegistrarThatIsNotStoredIsNamedAtAHandWrittenRead() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let model = ComputedRegistrarModel()
            let token = observe { _ = model.handWritten }
            withExtendedLifetime(token) {}
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ComputedRegistrarModel.trackingRegistrar returned a different registrar on each read"))
    }
}

/// Breaks ``Trackable``'s rule: its registrar is computed, a new one per read.
final class ComputedRegistrarModel: Trackable, @unchecked Sendable {
    var trackingRegistrar: TrackingRegistrar { TrackingRegistrar() }
    @Tracked var value = 0
    var handWritten: Int {
        trackingRegistrar.access(self, keyPath: \.handWritten)
        return 1
    }
}
