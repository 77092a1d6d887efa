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
}
