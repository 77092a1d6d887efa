import Testing
import Tracking

// Behaviours ported from the test suites of signals libraries — alien-signals,
// Preact signals and Solid — onto Tracking's API: derived values (computed)
// and observers (effects) — diamonds and equality cut-offs, effects that
// cancel themselves or each other, batches, nested effects, values changed
// back inside a batch, long chains and cycles.

@Suite struct SignalsPortTests {
    // MARK: Diamonds and cut-offs

    /// Preact: an effect over a diamond with an equality cut-off on one arm.
    @Test func aDiamondWithOneArmCutOffRunsItsObserverOncePerWrite() {
        let c = NumbersAndFlag()
        let parity = Derived { c.value % 2 }
        let doubled = Derived { c.value * 2 }
        let runs = Locked<[String]>([])
        let token = observe { runs.append("\(parity.value),\(doubled.value)") }
        c.value = 2
        c.value = 3
        #expect(runs.current == ["0,0", "0,4", "1,6"])
        token.cancel()
    }

    @Test func aDiamondWhoseArmsBothCutOffDoesNotRecomputeTheTop() {
        let c = NumbersAndFlag()
        let topComputations = Locked(0)
        let left = Derived { c.value > 0 }
        let right = Derived { c.value < 100 }
        let top = Derived { () -> String in
            topComputations.increment()
            return "\(left.value)\(right.value)"
        }
        let runs = Locked(0)
        let token = observe { _ = top.value; runs.increment() }
        c.value = 5
        c.value = 6
        #expect(topComputations.current == 2)
        #expect(runs.current == 2)
        token.cancel()
    }

    // MARK: Effects that cancel or write

    /// Preact: disposing an effect that the same write made pending.
    @Test func anObserverCancelledByAnotherRunForTheSameWriteDoesNotRun() {
        let c = NumbersAndFlag()
        let bRuns = Locked(0)
        let bHolder = Locked<TrackingToken?>(nil)
        let a = observe {
            if c.value == 1 { bHolder.mutate { $0?.cancel() } }
        }
        let b = observe { _ = c.value; bRuns.increment() }
        bHolder.mutate { $0 = b }
        c.value = 1
        #expect(bRuns.current == 1)
        a.cancel()
        bHolder.mutate { $0 = nil }
    }

    @Test func anObserverThatCancelsItselfThenWritesWhatItReadDoesNotRunAgain() {
        let c = NumbersAndFlag()
        let runs = Locked(0)
        let holder = Locked<TrackingToken?>(nil)
        let token = observe {
            runs.increment()
            if c.value == 1 {
                holder.mutate { $0?.cancel() }
                c.value = 2
            }
        }
        holder.mutate { $0 = token }
        c.value = 1
        #expect(runs.current == 2)
        #expect(c.value == 2)
        holder.mutate { $0 = nil }
    }

    /// One observer writes what a derived value reads; another reads both
    /// and never sees them disagree.
    @Test func anObserverWritingWhatADerivedValueReadsLetsAnotherSeeThemAgree() {
        let c = NumbersAndFlag()
        let doubled = Derived { c.other * 2 }
        let writer = observe { c.other = c.value }
        let seen = Locked<[[Int]]>([])
        let reader = observe { seen.append([c.other, doubled.value]) }
        c.value = 4
        #expect(seen.current.last == [4, 8])
        #expect(seen.current.allSatisfy { $0[1] == $0[0] * 2 })
        writer.cancel()
        reader.cancel()
    }

    @Test func aDerivedValueThatWritesAnotherPropertyLetsItsObserverSeeTheWrite() {
        let c = NumbersAndFlag()
        let d = Derived { () -> Int in
            let v = c.value
            c.other = v
            return v
        }
        let seen = Locked<[Int]>([])
        let watcher = observe { seen.append(c.other) }
        let reader = observe { _ = d.value }
        c.value = 3
        #expect(seen.current.last == 3)
        #expect(d.value == 3)
        watcher.cancel()
        reader.cancel()
    }

    @Test func anObserverOfAThrowingDerivedValueSeesTheErrorThenRecovers() {
        struct Negative: Error {}
        let c = NumbersAndFlag()
        let d = ThrowingDerived { () throws -> Int in
            if c.value < 0 { throw Negative() }
            return c.value
        }
        let seen = Locked<[String]>([])
        let token = observe { seen.append((try? d.value).map(String.init) ?? "error") }
        c.value = -1
        c.value = -2
        c.value = 3
        #expect(seen.current == ["0", "error", "error", "3"])
        token.cancel()
    }

    // MARK: Batches

    /// Created inside a transaction, an observer runs at once, on the value
    /// of that moment, and again at the end if the value differs from it,
    /// even when it is the value from before the transaction.
    @Test(arguments: [[2, 3], [0]])
    func anObserverCreatedInsideATransactionRunsAtOnceThenAtTheEndForTheFinalValue(laterWrites: [Int]) {
        let c = NumbersAndFlag()
        let seen = Locked<[Int]>([])
        var token: TrackingToken?
        withTransaction {
            c.value = 1
            token = observe { seen.append(c.value) }
            for value in laterWrites { c.value = value }
        }
        #expect(seen.current == [1, laterWrites.last!])
        token?.cancel()
    }

    /// Preact: an effect disposed inside the batch that changed what it read
    /// does not run at the end of the batch.
    @Test func anObserverCancelledInsideTheTransactionThatChangedItsReadsDoesNotRun() {
        let c = NumbersAndFlag()
        let runs = Locked(0)
        let token = observe { _ = c.value; runs.increment() }
        withTransaction {
            c.value = 1
            token.cancel()
        }
        #expect(runs.current == 1)
    }

    @Test func anObserverCreatedAndCancelledInOneTransactionRunsOnlyAtItsCreation() {
        let c = NumbersAndFlag()
        let runs = Locked(0)
        withTransaction {
            let token = observe { _ = c.value; runs.increment() }
            c.value = 1
            token.cancel()
        }
        #expect(runs.current == 1)
    }

    // MARK: Nested effects

    /// alien-signals: neither the outer nor the inner effect runs when the
    /// derived value they read does not change.
    @Test func innerObserversOfACutOffDerivedValueDoNotRun() {
        let c = NumbersAndFlag()
        let parity = Derived { c.value % 2 }
        let outerRuns = Locked(0), innerRuns = Locked(0)
        let children = Locked<[TrackingToken]>([])
        let token = observe {
            outerRuns.increment()
            _ = parity.value
            let child = observe { _ = parity.value; innerRuns.increment() }
            children.mutate { $0 = [child] }
        }
        c.value = 2
        #expect(outerRuns.current == 1)
        #expect(innerRuns.current == 1)
        c.value = 3
        #expect(outerRuns.current == 2)
        token.cancel()
    }

    /// alien-signals: inner effects run for their own writes, in the order
    /// of the writes, or in their order of creation after a batch.
    @Test func innerObserversRunInTheOrderOfTheWritesOrOfCreationAfterATransaction() {
        let c = NumbersAndFlag()
        let order = Locked<[String]>([])
        let children = Locked<[TrackingToken]>([])
        let token = observe {
            let a = observe { _ = c.value; order.append("a") }
            let b = observe { _ = c.other; order.append("b") }
            children.mutate { $0 = [a, b] }
        }
        #expect(order.current == ["a", "b"])
        order.mutate { $0 = [] }
        c.other = 1
        c.value = 1
        #expect(order.current == ["b", "a"])
        order.mutate { $0 = [] }
        withTransaction { c.other = 2; c.value = 2 }
        #expect(order.current == ["a", "b"])
        token.cancel()
    }

    @Test func aChildThatWritesWhatItsParentReadsSettles() {
        let c = NumbersAndFlag()
        let parentRuns = Locked(0)
        let children = Locked<[TrackingToken]>([])
        let token = observe {
            parentRuns.increment()
            _ = c.other
            let child = observe { if c.value > 0 && c.other == 0 { c.other = 1 } }
            children.mutate { $0 = [child] }
        }
        c.value = 1
        #expect(c.other == 1)
        #expect(parentRuns.current == 2)
        token.cancel()
    }

    /// A parent whose run nests children a thousand deep: a change to what
    /// the root read cancels the whole tree and makes it anew.
    @Test func aDeepTreeOfChildObserversIsCancelledWhenTheRootRunsAgain() {
        let depth = 1_000
        let c = NumbersAndFlag()
        let created = Locked(0)
        let kept = Locked<[TrackingToken]>([])
        @Sendable func nest(_ level: Int) {
            created.increment()
            guard level < depth else { return }
            kept.append(observe { _ = c.other; nest(level + 1) })
        }
        let root = observe { _ = c.value; nest(1) }
        #expect(created.current == depth)
        c.value = 1
        #expect(created.current == 2 * depth)
        root.cancel()
        c.other = 1
        #expect(created.current == 2 * depth)
    }

    @Test func withTrackingInsideADerivedComputationAddsItsReadsToTheDerivedValue() {
        let c = NumbersAndFlag()
        let fired = Locked(0)
        let d = Derived { () -> Int in
            withTracking { c.value } onChange: { fired.increment() }
        }
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(d.value) }
        c.value = 3
        #expect(seen.current == [0, 3])
        #expect(fired.current == 1)
        token.cancel()
    }

    @Test func anObserverStartedInsideADerivedComputationDoesNotRunTheDerivedValuesObserver() {
        let c = NumbersAndFlag()
        let kept = Locked<[TrackingToken]>([])
        let inner = Locked(0)
        let d = Derived { () -> Int in
            kept.append(observe { _ = c.other; inner.increment() })
            return c.value
        }
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(d.value) }
        c.other = 1
        c.value = 2
        #expect(seen.current == [0, 2])
        // Its first run, its run for `other`, and the first run of the one
        // the recomputation started.
        #expect(inner.current == 3)
        token.cancel()
    }

    // MARK: Untracked reads, cleanups and isTracking

    @Test func aDerivedValueReadUntrackedStillTracksItsOwnDependencies() {
        let c = NumbersAndFlag()
        let d = Derived { c.value + 1 }
        let runs = Locked(0)
        let token = observe { _ = untracked { d.value }; _ = c.other; runs.increment() }
        c.value = 5
        #expect(runs.current == 1)
        #expect(d.value == 6)
        token.cancel()
    }

    @Test func aDerivedValueReadInACleanupIsCurrent() {
        let c = NumbersAndFlag()
        let d = Derived { c.value * 3 }
        let log = Locked<[Int]>([])
        let token = observe {
            _ = c.value
            onCleanup { log.append(d.value) }
        }
        c.value = 1
        token.cancel()
        #expect(log.current == [3, 3])
    }

    @Test func isTrackingIsFalseInsideUntrackedAndCleanups() {
        let inRun = Locked<[Bool]>([])
        let c = NumbersAndFlag()
        let token = observe {
            _ = c.value
            inRun.append(isTracking)
            inRun.append(untracked { isTracking })
            onCleanup { inRun.append(isTracking) }
        }
        c.value = 1
        token.cancel()
        #expect(inRun.current == [true, false, false, true, false, false])
    }

    @Test func isTrackingIsTrueInsideADerivedComputation() {
        let d = Derived { isTracking }
        #expect(d.value == true)
    }

    // MARK: Deallocation

    @Test func anObserverOfADerivedValueOverADeallocatedObjectRunsAndSeesItGone() {
        final class WeakBox: @unchecked Sendable { weak var numbers: NumbersAndFlag? }
        var numbers: NumbersAndFlag? = NumbersAndFlag()
        numbers!.value = 7
        let box = WeakBox()
        box.numbers = numbers
        let d = Derived { box.numbers?.value ?? -1 }
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(d.value) }
        numbers = nil
        #expect(seen.current == [7, -1])
        token.cancel()
    }

    // MARK: Changed and changed back inside a transaction

    @Test func anUnobservedDerivedValueReadAtAnIntermediateValueIsCurrentAfterTheChangeBack() {
        let c = NumbersAndFlag()
        let d = Derived { c.value * 10 }
        #expect(d.value == 0)
        withTransaction {
            c.value = 1
            #expect(d.value == 10)
            c.value = 0
        }
        #expect(d.value == 0)
    }

    @Test func anUnobservedDerivedValueFirstReadAtAnIntermediateValueIsCurrentAfterTheChangeBack() {
        let c = NumbersAndFlag()
        let d = Derived { c.value * 10 }
        withTransaction {
            c.value = 1
            #expect(d.value == 10)
            c.value = 0
        }
        #expect(d.value == 0)
    }

    @Test func anObservedDerivedValueReadAtBothValuesInsideTheTransactionStaysCurrent() {
        let c = NumbersAndFlag()
        let d = Derived { c.value * 10 }
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(d.value) }
        withTransaction {
            c.value = 1
            #expect(d.value == 10)
            c.value = 0
            #expect(d.value == 0)
        }
        #expect(d.value == 0)
        #expect(seen.current.last == 0)
        c.value = 2
        #expect(seen.current.last == 20)
        token.cancel()
    }

    @Test func oneSourceChangedBackAndAnotherChangedInATransactionRecomputeTheDerivedValue() {
        let c = NumbersAndFlag()
        let d = Derived { c.value * 10 + c.other }
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(d.value) }
        withTransaction {
            c.value = 1
            _ = d.value
            c.other = 5
            c.value = 0
        }
        #expect(d.value == 5)
        #expect(seen.current == [0, 5])
        token.cancel()
    }

    @Test func aValueChangedInAnInnerTransactionAndBackInTheOuterRunsNothing() {
        let c = NumbersAndFlag()
        let runs = Locked(0)
        let token = observe { _ = c.value; runs.increment() }
        withTransaction {
            withTransaction { c.value = 1 }
            c.value = 0
        }
        #expect(runs.current == 1)
        token.cancel()
    }

    @Test func aDidSetScopeArmedOnAnIntermediateValueFiresOnTheChangeBack() {
        let c = NumbersAndFlag()
        let fired = Locked(0)
        withTransaction {
            c.value = 1
            withTracking(options: .didSet) { _ = c.value } onChange: { fired.increment() }
            c.value = 0
        }
        #expect(fired.current == 1)
    }

    // MARK: Size and depth

    @Test func anObserverOverTenThousandPropertiesRunsOncePerTransaction() {
        let numbers = (0..<10_000).map { _ in NumbersAndFlag() }
        let runs = Locked(0)
        let token = observe { for n in numbers { _ = n.value }; runs.increment() }
        withTransaction { for (i, n) in numbers.enumerated() { n.value = i + 1 } }
        #expect(runs.current == 2)
        token.cancel()
    }

    @Test func tenThousandObserversOfOnePropertyRunOnceEachInTheOrderOfCreation() {
        let c = NumbersAndFlag()
        let order = Locked<[Int]>([])
        let tokens = (0..<10_000).map { i in observe { _ = c.value; order.append(i) } }
        order.mutate { $0 = [] }
        c.value = 1
        #expect(order.current == Array(0..<10_000))
        withTransaction { tokens.forEach { $0.cancel() }; c.value = 2 }
        #expect(order.current.count == 10_000)
    }

    /// A chain whose values are each read as they are made (so no first
    /// computation recurses): a change at its root is pulled through ten
    /// thousand values without stack depth.
    @Test func aChangeAtTheRootOfAChainOfTenThousandComputedValuesReachesTheEnd() {
        let (c, last) = Self.computedChain(10_000)
        #expect(last.value == 9_999)
        c.value = 1
        #expect(last.value == 10_000)
    }

    @Test func anObserverAtTheEndOfAChainOfTenThousandComputedValuesSeesEveryChange() {
        let (c, last) = Self.computedChain(10_000)
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(last.value) }
        c.value = 1
        c.value = 2
        #expect(seen.current == [9_999, 10_000, 10_001])
        token.cancel()
    }

    /// A first computation recurses through the closures, so it is kept
    /// shallow here (a debug build uses a few KB of stack per level).
    @Test func theFirstComputationOfAChainOfAThousandValuesIsRight() {
        let c = NumbersAndFlag()
        var last = Derived { c.value }
        for _ in 1..<1_000 {
            let previous = last
            last = Derived { previous.value + 1 }
        }
        #expect(last.value == 999)
    }

    /// `length` values over a new `NumbersAndFlag`, each computed once as it
    /// is made: the source and the last value.
    private static func computedChain(_ length: Int) -> (NumbersAndFlag, Derived<Int>) {
        let c = NumbersAndFlag()
        var last = Derived { c.value }
        _ = last.value
        for _ in 1..<length {
            let previous = last
            last = Derived { previous.value + 1 }
            _ = last.value
        }
        return (c, last)
    }

    // MARK: Cycles

    @Test func aCycleOfThreeOnItsFirstReadNamesEveryValueInIt() {
        final class Box: @unchecked Sendable { var c: ThrowingDerived<Int>? }
        let numbers = NumbersAndFlag()
        numbers.flag = false
        let box = Box()
        let a = ThrowingDerived<Int>("a") { numbers.flag ? 1 : try box.c!.value + 1 }
        let b = ThrowingDerived<Int>("b") { try a.value + 1 }
        let c = ThrowingDerived<Int>("c") { try b.value + 1 }
        box.c = c
        #expect(throws: DerivedCycleError(cycle: ["c", "b", "a", "c"])) { try c.value }
    }

    /// A cycle through a thousand values, computed before: one error naming
    /// them, no stack overflow, and the graph recovers when the cycle goes.
    @Test func aCycleThroughAThousandValuesIsReportedAndTheGraphRecovers() {
        final class Box: @unchecked Sendable { var tail: ThrowingDerived<Int>? }
        let c = NumbersAndFlag()
        let box = Box()
        var last = ThrowingDerived<Int>("v0") { c.flag ? c.value : try box.tail!.value }
        _ = try? last.value
        for i in 1..<1_000 {
            let previous = last
            last = ThrowingDerived<Int>("v\(i)") { try previous.value + 1 }
            _ = try? last.value
        }
        box.tail = last
        #expect((try? last.value) == 999)
        c.flag = false
        let error = #expect(throws: DerivedCycleError.self) { try last.value }
        #expect(error?.cycle.count == 1_001)
        #expect(error?.cycle.first == "v999")
        #expect(error?.cycle.last == "v999")
        #expect(error.map { Set($0.cycle).count } == 1_000)
        c.flag = true
        #expect((try? last.value) == 999)
    }

    // MARK: Tokens

    @Test func aTokenCancelledTwiceAndReleasedRunsNoMore() {
        let c = NumbersAndFlag()
        let runs = Locked(0)
        var token: TrackingToken? = observe { _ = c.value; runs.increment() }
        token!.cancel()
        token!.cancel()
        #expect(token!.isCancelled)
        token = nil
        c.value = 1
        #expect(runs.current == 1)
    }

    @Test func aTokenStoredInASetTwiceIsOneElement() {
        let c = NumbersAndFlag()
        var set = Set<TrackingToken>()
        let token = observe { _ = c.value }
        token.store(in: &set)
        token.store(in: &set)
        #expect(set.count == 1)
    }
}
