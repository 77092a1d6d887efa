import Testing
@testable import Tracking

/// A signal: one tracked value. `Equatable`, so that equal assignments are
/// skipped (a generic `@Tracked` property without the constraint notifies on
/// every assignment).
final class Cell<Value: Equatable>: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// Counts the computations of derived values.
final class Counts: @unchecked Sendable {
    private let storage = Locked<[String: Int]>([:])
    func hit(_ name: String) { storage.mutate { $0[name, default: 0] += 1 } }
    subscript(name: String) -> Int { storage.current[name, default: 0] }
    func reset() { storage.mutate { $0.removeAll() } }
}

@Suite struct DerivedTests {
    // MARK: Laziness and caching

    @Test func anUnreadDerivedValueIsNeverComputed() {
        let counts = Counts()
        let a = Cell(1)
        let b = Derived { counts.hit("b"); return a.value * 2 }
        a.value = 2
        a.value = 3
        #expect(counts["b"] == 0)
        #expect(b.value == 6)
        #expect(counts["b"] == 1)
    }

    @Test func itIsCachedUntilADependencyChangesAndRecomputedOnlyWhenRead() {
        let counts = Counts()
        let a = Cell(1)
        let b = Derived { counts.hit("b"); return a.value * 2 }
        #expect(b.value == 2)
        #expect(b.value == 2)
        #expect(counts["b"] == 1)
        a.value = 5
        a.value = 6
        #expect(counts["b"] == 1)
        #expect(b.value == 12)
        #expect(counts["b"] == 2)
    }

    @Test func anObservedDerivedValueRecomputesWhenItsObserverNeedsIt() {
        let counts = Counts()
        let a = Cell(1)
        let b = Derived { counts.hit("b"); return a.value + 1 }
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(b.value) }
        a.value = 2
        a.value = 3
        #expect(seen.current == [2, 3, 4])
        #expect(counts["b"] == 3)
        withExtendedLifetime(token) {}
    }

    // MARK: Glitch-free propagation

    @Test func aDiamondComputesEachNodeOnceAndNeverSeesAMix() {
        let counts = Counts()
        let a = Cell("a")
        let b = Derived { counts.hit("b"); return a.value + "b" }
        let c = Derived { counts.hit("c"); return a.value + "c" }
        let d = Derived { counts.hit("d"); return b.value + "|" + c.value }
        let seen = Locked<[String]>([])
        let token = observe { seen.append(d.value) }
        counts.reset()
        a.value = "x"
        #expect(seen.current == ["ab|ac", "xb|xc"])
        #expect(counts["b"] == 1)
        #expect(counts["c"] == 1)
        #expect(counts["d"] == 1)
        withExtendedLifetime(token) {}
    }

    @Test func aJaggedDiamondWithPathsOfDifferentLengths() {
        let counts = Counts()
        let a = Cell(1)
        let b = Derived { counts.hit("b"); return a.value }
        let c = Derived { counts.hit("c"); return b.value }
        let d = Derived { counts.hit("d"); return c.value }
        let e = Derived { counts.hit("e"); return a.value }
        let f = Derived { counts.hit("f"); return d.value + e.value }
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(f.value) }
        counts.reset()
        a.value = 2
        #expect(seen.current == [2, 4])
        #expect(["b", "c", "d", "e", "f"].map { counts[$0] } == [1, 1, 1, 1, 1])
        withExtendedLifetime(token) {}
    }

    @Test func stackedDiamonds() {
        let counts = Counts()
        let a = Cell(1)
        let b = Derived { counts.hit("b"); return a.value * 2 }
        let c = Derived { counts.hit("c"); return a.value * 3 }
        let d = Derived { counts.hit("d"); return b.value + c.value }
        let e = Derived { counts.hit("e"); return d.value * 2 }
        let f = Derived { counts.hit("f"); return d.value * 3 }
        let g = Derived { counts.hit("g"); return e.value + f.value }
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(g.value) }
        counts.reset()
        a.value = 2
        #expect(seen.current == [25, 50])
        #expect(["b", "c", "d", "e", "f", "g"].map { counts[$0] } == [1, 1, 1, 1, 1, 1])
        withExtendedLifetime(token) {}
    }

    // MARK: Equality cut-off

    @Test func anEqualResultDoesNotReRunWhatDependsOnIt() {
        let counts = Counts()
        let a = Cell(1)
        let isPositive = Derived { counts.hit("isPositive"); return a.value > 0 }
        let runs = Locked(0)
        let token = observe { _ = isPositive.value; runs.increment() }
        a.value = 2
        a.value = 3
        #expect(counts["isPositive"] == 3)
        #expect(runs.current == 1)
        a.value = -1
        #expect(runs.current == 2)
        withExtendedLifetime(token) {}
    }

    @Test func cutOffStopsPropagationFurtherDown() {
        let counts = Counts()
        let a = Cell(1)
        let parity = Derived { counts.hit("parity"); return a.value % 2 }
        let label = Derived { counts.hit("label"); return parity.value == 0 ? "even" : "odd" }
        let token = observe { _ = label.value }
        counts.reset()
        a.value = 3
        #expect(counts["parity"] == 1)
        #expect(counts["label"] == 0)
        withExtendedLifetime(token) {}
    }

    @Test func aCustomEqualityIsUsed() {
        let a = Cell(1.0)
        let rounded = Derived(isEqual: { abs($0 - $1) < 0.5 }) { a.value }
        let runs = Locked(0)
        let token = observe { _ = rounded.value; runs.increment() }
        a.value = 1.2
        #expect(runs.current == 1)
        #expect(rounded.value == 1.0)   // the equal result is not stored
        a.value = 2.0
        #expect(runs.current == 2)
        withExtendedLifetime(token) {}
    }

    @Test func whatTheComparisonReadsIsNobodysDependency() {
        let counts = Counts()
        let value = Cell(1.0)
        let tolerance = Cell(0.5)
        let derived = Derived(isEqual: { abs($0 - $1) < tolerance.value }) { () -> Double in
            counts.hit("derived")
            return value.value
        }
        let seen = Locked<[Double]>([])
        let token = observe { seen.append(derived.value) }
        value.value = 1.2               // equal within 0.5: the observer does not run
        #expect(counts["derived"] == 2)
        #expect(derived.dependencies == ["\\Cell<Double>.value"])
        tolerance.value = 0.1           // read by the comparison only: nothing recomputes
        #expect(counts["derived"] == 2)
        #expect(derived.value == 1.0)
        value.value = 1.5               // unequal within 0.1
        #expect(seen.current == [1.0, 1.5])
        #expect(counts["derived"] == 3)
        token.cancel()
    }

    // MARK: Dynamic dependencies

    @Test func switchingBranchDropsTheOldBranch() {
        let counts = Counts()
        let useA = Cell(true)
        let a = Cell("a")
        let b = Cell("b")
        let chosen = Derived { counts.hit("chosen"); return useA.value ? a.value : b.value }
        let token = observe { _ = chosen.value }
        #expect(chosen.dependencies == ["\\Cell<Bool>.value", "\\Cell<String>.value"])
        b.value = "b2"
        #expect(counts["chosen"] == 1)
        useA.value = false
        #expect(counts["chosen"] == 2)
        #expect(a.trackingRegistrar.activeDependencyCount == 0)
        a.value = "a2"
        #expect(counts["chosen"] == 2)
        b.value = "b3"
        #expect(counts["chosen"] == 3)
        withExtendedLifetime(token) {}
    }

    @Test func aPropertyReadAgainAfterADerivedValueThatReadItIsOneDependency() {
        let a = Cell(1)
        let doubled = Derived("doubled") { a.value * 2 }
        let runs = Locked(0)
        let token = observe {
            _ = a.value
            _ = doubled.value       // computed inside the run: it reads `a` too
            _ = a.value
            runs.increment()
        }
        // The observer's link and the derived value's: no second link for
        // the observer's second read.
        #expect(a.trackingRegistrar.activeDependencyCount == 2)
        a.value = 2
        #expect(a.trackingRegistrar.activeDependencyCount == 2)
        #expect(token.dependencies == ["\\Cell<Int>.value", "doubled"])
        #expect(runs.current == 2)
        let many = (0..<100).map { index in Derived("d\(index)") { a.value + index } }
        let interleaved = observe {
            for derived in many {
                _ = a.value
                _ = derived.value
            }
        }
        // One link per derived value, one for each observer.
        #expect(a.trackingRegistrar.activeDependencyCount == 103)
        a.value = 3
        #expect(a.trackingRegistrar.activeDependencyCount == 103)
        interleaved.cancel()
        token.cancel()
    }

    // MARK: Transactions

    @Test func observersOfDerivedValuesRunOnceAfterTheTransaction() {
        let a = Cell(1)
        let b = Cell(10)
        let sum = Derived { a.value + b.value }
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(sum.value) }
        withTransaction {
            a.value = 2
            b.value = 20
            #expect(sum.value == 22)   // reads inside see fresh values
        }
        #expect(seen.current == [11, 22])
        withExtendedLifetime(token) {}
    }

    @Test func aValueChangedAndChangedBackInsideOneTransactionNotifiesNobody() {
        let counts = Counts()
        let a = Cell(1)
        let doubled = Derived { counts.hit("doubled"); return a.value * 2 }
        let direct = Locked(0)
        let throughDerived = Locked(0)
        let first = observe { _ = a.value; direct.increment() }
        let second = observe { _ = doubled.value; throughDerived.increment() }
        counts.reset()
        withTransaction {
            a.value = 5
            a.value = 1
        }
        #expect(direct.current == 1)
        #expect(throughDerived.current == 1)
        #expect(counts["doubled"] == 0)
        withExtendedLifetime((first, second)) {}
    }

    // MARK: Errors and cycles

    @Test func aThrownErrorIsCachedUntilADependencyChanges() throws {
        struct Invalid: Error, Equatable { let text: String }
        let counts = Counts()
        let text = Cell("x")
        let number = ThrowingDerived { () throws -> Int in
            counts.hit("number")
            guard let value = Int(text.value) else { throw Invalid(text: text.value) }
            return value
        }
        #expect(throws: Invalid(text: "x")) { try number.value }
        #expect(throws: Invalid(text: "x")) { try number.value }
        #expect(counts["number"] == 1)
        text.value = "42"
        #expect(try number.value == 42)
        #expect(counts["number"] == 2)
    }

    @Test func anErrorLeavesTheGraphConsistent() {
        struct Failure: Error {}
        let fail = Cell(false)
        let a = Cell(1)
        let risky = ThrowingDerived { () throws -> Int in
            if fail.value { throw Failure() }
            return a.value
        }
        let seen = Locked<[String]>([])
        let token = observe {
            do { seen.append("\(try risky.value)") } catch { seen.append("error") }
        }
        fail.value = true
        a.value = 2           // not read by the failing computation
        fail.value = false
        #expect(seen.current == ["1", "error", "2"])
        withExtendedLifetime(token) {}
    }

    @Test func aCycleIsReportedWithTheNamesOfTheValuesInIt() throws {
        let toggle = Cell(false)
        let holder = Locked<ThrowingDerived<Int>?>(nil)
        let a = ThrowingDerived<Int>("a") { toggle.value ? try holder.current!.value + 1 : 0 }
        let b = ThrowingDerived<Int>("b") { try a.value + 1 }
        holder.mutate { $0 = b }
        #expect(try b.value == 1)
        toggle.value = true
        #expect(throws: DerivedCycleError(cycle: ["b", "a", "b"])) { try b.value }
        // `a` failed inside that computation: its error names the same cycle,
        // from wherever it was detected (`a` recomputes if `b` changed since).
        let error = #expect(throws: DerivedCycleError.self) { try a.value }
        #expect(error?.cycle == ["b", "a", "b"] || error?.cycle == ["a", "b", "a"])
        toggle.value = false
        #expect(try b.value == 1)
        #expect(try a.value == 0)
    }

    /// A cycle entered through values computed before: the walk validates
    /// `c` and `b` step by step (none of their closures runs) and recomputes
    /// `a`, which reads `c` again. Every value on the way is named, in order
    /// (found by a fresh-eyes review: the error said `c → a → c`).
    @Test func aCycleEnteredThroughValuesComputedBeforeNamesEveryValueInIt() throws {
        let (toggle, c) = throwingValuesThatCanReadTheirTop()
        #expect(try c.value == 2)
        toggle.value = true
        #expect(throws: DerivedCycleError(cycle: ["c", "b", "a", "c"])) { try c.value }
        toggle.value = false
        #expect(try c.value == 2)
    }

    /// `c` reads `b`, which reads `a`, which reads `c` once `toggle` is on.
    private func throwingValuesThatCanReadTheirTop() -> (Cell<Bool>, ThrowingDerived<Int>) {
        let toggle = Cell(false)
        let holder = Locked<ThrowingDerived<Int>?>(nil)
        let a = ThrowingDerived<Int>("a") { toggle.value ? try holder.current!.value + 1 : 0 }
        let b = ThrowingDerived<Int>("b") { try a.value + 1 }
        let c = ThrowingDerived<Int>("c") { try b.value + 1 }
        holder.mutate { $0 = c }
        return (toggle, c)
    }

    @Test func aNonThrowingCycleEnteredThroughValuesComputedBeforeNamesEveryValueInIt() {
        let toggle = Cell(false)
        let holder = Locked<Derived<Int>?>(nil)
        let a = Derived<Int>("a") { toggle.value ? holder.current!.value + 1 : 0 }
        let b = Derived<Int>("b") { a.value + 1 }
        let c = Derived<Int>("c") { b.value + 1 }
        holder.mutate { $0 = c }
        #expect(c.value == 2)
        toggle.value = true
        let diagnostics = collectingDiagnostics {
            // `a` gets `c`'s previous value, 2: a = 3, b = 4, c = 5.
            #expect(c.value == 5)
        }
        #expect(diagnostics.map(\.kind) == [.derivedCycle])
        #expect(diagnostics.first?.properties == ["c", "b", "a", "c"])
    }

    @Test func anObservedCycleEnteredThroughValuesComputedBeforeNamesEveryValueInIt() {
        let (toggle, c) = throwingValuesThatCanReadTheirTop()
        let seen = Locked<[String]>([])
        let token = observe {
            do { seen.append(String(try c.value)) } catch let error as DerivedCycleError {
                seen.append(error.cycle.joined(separator: " → "))
            } catch { seen.append("\(error)") }
        }
        toggle.value = true
        #expect(seen.current == ["2", "c → b → a → c"])
        token.cancel()
    }

    @Test func aNonThrowingDerivedValueInACycleReturnsItsPreviousValueWithADiagnostic() {
        let toggle = Cell(false)
        let holder = Locked<Derived<Int>?>(nil)
        let a = Derived<Int>("a") { toggle.value ? holder.current!.value + 1 : 0 }
        holder.mutate { $0 = a }
        #expect(a.value == 0)
        toggle.value = true
        let diagnostics = collectingDiagnostics {
            #expect(a.value == 1)   // the inner read returns the previous value, 0
        }
        #expect(diagnostics.map(\.kind) == [.derivedCycle])
        #expect(diagnostics.first?.properties == ["a", "a"])
        #expect(diagnostics.first?.message.contains("cycle among derived values: a → a") == true)
    }

    /// The same cycles while an observer reads them, so that their caches
    /// are subscribed and look current (found by a fresh-eyes review: the
    /// cycle went unreported and the cached value was used).
    @Test func aCycleAmongObservedValuesIsReportedToo() {
        let toggle = Cell(false)
        let holder = Locked<ThrowingDerived<Int>?>(nil)
        let a = ThrowingDerived<Int>("a") { toggle.value ? try holder.current!.value + 1 : 0 }
        let b = ThrowingDerived<Int>("b") { try a.value + 1 }
        holder.mutate { $0 = b }
        let seen = Locked<[String]>([])
        let token = observe {
            do {
                seen.append("\(try b.value)")
            } catch let error as DerivedCycleError {
                seen.append(error.cycle.joined(separator: " → "))
            } catch {
                seen.append("unexpected \(error)")
            }
        }
        toggle.value = true
        toggle.value = false
        #expect(seen.current == ["1", "b → a → b", "1"])
        withExtendedLifetime(token) {}
    }

    @Test func anObservedValueThatReadsItselfGetsItsPreviousValueWithADiagnostic() {
        let toggle = Cell(false)
        let holder = Locked<Derived<Int>?>(nil)
        let a = Derived<Int>("a") { toggle.value ? holder.current!.value + 1 : 0 }
        holder.mutate { $0 = a }
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(a.value) }
        let diagnostics = collectingDiagnostics {
            toggle.value = true
        }
        #expect(seen.current == [0, 1])   // the inner read returned the previous value, 0
        #expect(diagnostics.map(\.kind) == [.derivedCycle])
        #expect(diagnostics.first?.properties == ["a", "a"])
        withExtendedLifetime(token) {}
    }

    /// An observer created while a self-reading value is stale runs once,
    /// and the value is computed once (found by a fresh-eyes review: the
    /// value linked to itself, so each computation looked stale and the
    /// observer ran twice).
    @Test func anObserverOfAStaleSelfReadingValueRunsOnce() {
        let toggle = Cell(false)
        let holder = Locked<Derived<Int>?>(nil)
        let computations = Locked(0)
        let a = Derived<Int>("a") {
            computations.increment()
            return toggle.value ? holder.current!.value + 1 : 0
        }
        holder.mutate { $0 = a }
        #expect(a.value == 0)
        toggle.value = true
        let runs = Locked(0)
        let seen = Locked<[Int]>([])
        let diagnostics = collectingDiagnostics {
            let token = observe {
                runs.increment()
                seen.append(a.value)
            }
            withExtendedLifetime(token) {}
        }
        #expect(runs.current == 1)
        #expect(seen.current == [1])
        #expect(computations.current == 2)
        #expect(diagnostics.map(\.kind) == [.derivedCycle])
    }

    // MARK: Untracked reads and freeing

    @Test func untrackedReadsCreateNoDependency() {
        let a = Cell(1)
        let b = Cell(2)
        let runs = Locked(0)
        let token = observe {
            _ = a.value
            _ = untracked { b.value }
            runs.increment()
        }
        b.value = 3
        #expect(runs.current == 1)
        #expect(token.dependencies == ["\\Cell<Int>.value"])
        a.value = 4
        #expect(runs.current == 2)
        withExtendedLifetime(token) {}
    }

    @Test func anUnobservedDerivedValueIsFreedWithItsLinks() {
        let a = Cell(1)
        weak var weakDerived: Derived<Int>?
        do {
            let derived = Derived { a.value * 2 }
            weakDerived = derived
            #expect(derived.value == 2)
            let token = observe { _ = derived.value }
            token.cancel()
        }
        #expect(weakDerived == nil)
        #expect(a.trackingRegistrar.activeDependencyCount == 0)
    }

    @Test func anUnobservedDerivedValueStillSeesChanges() {
        let a = Cell(1)
        let b = Derived { a.value + 1 }
        #expect(b.value == 2)
        a.value = 10
        #expect(b.value == 11)
    }

    /// Issue 14's semantics gap: every dependency is at the version it had
    /// when the value was last computed, so reading it again recomputes
    /// nothing, observed or not.
    @Test func anUnobservedValueWhoseSourceWasChangedBackInATransactionDoesNotRecompute() {
        let counts = Counts()
        let a = Cell(1)
        let other = Cell(5)
        let sum = Derived { counts.hit("sum"); return a.value + other.value }
        let doubled = Derived { counts.hit("doubled"); return sum.value * 2 }
        #expect(doubled.value == 12)
        withTransaction {
            a.value = 2
            a.value = 3
            a.value = 1
        }
        #expect(doubled.value == 12)
        #expect(counts["sum"] == 1)
        #expect(counts["doubled"] == 1)
        // A real change still recomputes both, once.
        withTransaction { a.value = 2 }
        #expect(doubled.value == 14)
        #expect(counts["sum"] == 2)
        #expect(counts["doubled"] == 2)
    }

    // MARK: The memoized-computed-property pattern

    @Test func aMemoizedComputedPropertyOnATrackableClass() {
        final class TodoItem: Trackable, @unchecked Sendable {
            let trackingRegistrar = TrackingRegistrar()
            @Tracked var isDone = false
        }
        final class TodoManager: Trackable, @unchecked Sendable {
            let trackingRegistrar = TrackingRegistrar()
            @Tracked var todos: [TodoItem] = []
            let computations = Locked(0)
            private lazy var completed = Derived { [unowned self] in
                computations.increment()
                return todos.filter(\.isDone).count
            }
            var completedCount: Int { completed.value }
        }
        let manager = TodoManager()
        manager.todos = (0..<5).map { _ in TodoItem() }
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(manager.completedCount) }
        #expect(manager.completedCount == 0)
        #expect(manager.computations.current == 1)
        manager.todos[2].isDone = true
        manager.todos[4].isDone = true
        #expect(seen.current == [0, 1, 2])
        #expect(manager.computations.current == 3)
        _ = manager.completedCount
        #expect(manager.computations.current == 3)
        withExtendedLifetime(token) {}
    }

    // MARK: A closure that writes

    /// A closure that writes what it reads breaks the rule that it has no
    /// side effects it depends on. Its observers still never run in the
    /// middle of its computation (the write's flush waits for the read that
    /// started the computation to end), so none reads a value being
    /// computed, and no cycle is reported where there is none.
    @Test func aWriteInADerivedValuesClosureRunsNoObserverInTheMiddleOfItsComputation() {
        let counter = Counter()
        let depth = Locked(0)
        let ranInside = Locked(false)
        let runs = Locked(0)
        let writer = Derived { () -> Int in
            counter.value += 1
            return counter.value
        }
        let reader = Derived { () -> Int in
            depth.increment()
            defer { depth.mutate { $0 -= 1 } }
            return writer.value
        }
        let diagnostics = collectingDiagnostics {
            let token = observe {
                if depth.current > 0 { ranInside.mutate { $0 = true } }
                runs.increment()
                _ = reader.value
            }
            let runsBefore = runs.current
            _ = reader.value
            // The plain read's write ran the observer, after the read.
            #expect(runs.current > runsBefore)
            token.cancel()
        }
        #expect(!ranInside.current)
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.allSatisfy { $0.kind == .observerLoop })
    }

    /// The flush a write in a closure deferred runs when the outermost read
    /// ends, not before: an observer of the written property sees the
    /// write once the read returns.
    @Test func anObserverOfWhatAClosureWroteRunsWhenTheReadEnds() {
        let written = Counter()
        let log = Locked<[String]>([])
        let writer = Derived { () -> Int in
            log.append("compute")
            written.value += 1
            log.append("computed")
            return 1
        }
        let reader = Derived { writer.value + 1 }
        let token = observe { log.append("observer sees \(written.value)") }
        log.mutate { $0 = [] }
        #expect(reader.value == 2)
        log.append("read returned")
        #expect(log.current == ["compute", "computed", "observer sees 1", "read returned"])
        withExtendedLifetime(token) {}
    }

    /// An object made and dropped inside a run (read, then deallocated
    /// before the run ends) cannot change any more: the run is not due
    /// again for it, as with Apple's tracking. (An observer re-ran 100
    /// rounds, and one over a derived value that made such an object never
    /// returned.)
    @Test func anObjectMadeAndDroppedInsideARunDoesNotRunItAgain() {
        let runs = Locked(0)
        let derived = Derived { Counter().value }
        let overDerived = observe {
            runs.increment()
            _ = derived.value
        }
        #expect(runs.current == 1)
        let directRuns = Locked(0)
        let direct = observe {
            directRuns.increment()
            _ = Counter().value
        }
        #expect(directRuns.current == 1)
        let fired = Locked(0)
        withTracking { _ = Counter().value } onChange: { fired.increment() }
        #expect(fired.current == 0)
        overDerived.cancel()
        direct.cancel()
    }
}
