import Foundation
import Testing
import Tracking

// Review 3: attempts to break the engine changes of the 34 commits after
// 403d73d (children started in untracked/withTracking, adopt after cancel,
// computed key paths in TrackingEvent.matches, isEqual outside the scope,
// the duplicate-link search after a nested derived read, onCleanup in a
// derived closure, loop counting, the stale read in one frame).

final class BreakModel: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var a = 0
    @Tracked var b = 0
    @Tracked var useB = false
    @Tracked var log = 0

    var either: Int { useB ? b : a }
    var sum: Int { a + b }
}

final class BreakCell: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value: Int
    init(_ value: Int) { self.value = value }
}

/// A cell whose value is read and written under a lock of its own, as a
/// model shared between threads must be: writes go through a transaction,
/// so that observers run after the lock is released.
final class SyncCell: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    private let lock = NSLock()
    @Tracked private var stored: Int

    init(_ value: Int) { stored = value }

    var value: Int {
        get { lock.withLock { stored } }
        set { withTransaction { lock.withLock { stored = newValue } } }
    }

    func add(_ amount: Int) {
        withTransaction { lock.withLock { stored += amount } }
    }
}

@Suite struct ReviewBreakItTests {
    // MARK: writes while a derived value computes (its flush waits)

    /// A comparison that writes (counts its calls in a tracked property):
    /// the write is made while the value is still computing, so the
    /// observers it wakes must wait for the read to end, as they do for a
    /// write in the closure itself. Otherwise an observer that reads the
    /// value runs in the middle of its computation and is told of a cycle
    /// that does not exist.
    @Test func writeInIsEqualDoesNotRunObserversMidComputation() {
        let model = BreakModel()
        let derived = Derived("halved", isEqual: { lhs, rhs in
            model.log += 1
            return lhs == rhs
        }) { model.a / 2 }
        _ = derived.value
        let seen = Locked<[Int]>([])
        var token: TrackingToken?
        let diagnostics = collectingDiagnostics {
            // Reads the value only once `log` moved: until then the value
            // is observed by no one, and a write marks it stale only.
            token = observe {
                seen.append(model.log > 0 ? derived.value : -1)
            }
            model.a = 2
            // A top-level read recomputes it: isEqual writes `log`.
            #expect(derived.value == 1)
        }
        #expect(diagnostics.map(\.kind) == [])
        #expect(seen.current == [-1, 1])
        token?.cancel()
    }

    /// A derived closure that writes (its observers wait) and then reads a
    /// stale derived value inside `untracked`: the inner read's end must not
    /// run the waiting observers in the middle of the outer computation.
    @Test func untrackedStaleReadInsideWritingDerivedClosure() {
        let model = BreakModel()
        let inner = Derived("inner") { model.a * 10 }
        let outer = Derived("outer") { () -> Int in
            let value = model.a
            model.b = value
            return value + untracked { inner.value }
        }
        _ = outer.value
        let seen = Locked<[Int]>([])
        var token: TrackingToken?
        let diagnostics = collectingDiagnostics {
            token = observe { seen.append(model.b > 0 ? outer.value : -1) }
            model.a = 1
            #expect(outer.value == 11)
        }
        #expect(diagnostics.map(\.kind) == [])
        #expect(seen.current == [-1, 11])
        token?.cancel()
    }

    /// The same with the write in a `withTracking` closure in the derived
    /// value's closure, whose scope hides the computation's too.
    @Test func writeInWithTrackingInsideDerivedClosureWaitsForTheRead() {
        let model = BreakModel()
        let outer = Derived("outer") { () -> Int in
            let value = model.a
            withTracking { model.b = value } onChange: {}
            return value
        }
        _ = outer.value
        let seen = Locked<[Int]>([])
        var token: TrackingToken?
        let diagnostics = collectingDiagnostics {
            token = observe { seen.append(model.b > 0 ? outer.value : -1) }
            model.a = 1
            #expect(outer.value == 1)
        }
        #expect(diagnostics.map(\.kind) == [])
        #expect(seen.current == [-1, 1])
        token?.cancel()
    }

    // MARK: loop counting

    /// A scope whose invalidation re-tracks it at once, and whose tracked
    /// body writes what it reads, loops: it must be stopped after the round
    /// limit with a diagnostic, as before invalidations stopped counting.
    @Test func scopeRetrackedInItsInvalidationThatWritesWhatItReadsIsStopped() {
        let model = BreakModel()
        let calls = Locked(0)
        final class Holder: @unchecked Sendable { var scope: TrackingScope? }
        let holder = Holder()
        let render: @Sendable () -> Void = {
            holder.scope?.track {
                let value = model.a
                if value < 5_000 { model.a = value + 1 }
            }
        }
        holder.scope = TrackingScope {
            calls.increment()
            render()
        }
        let diagnostics = collectingDiagnostics { render() }
        #expect(diagnostics.map(\.kind) == [.observerLoop])
        #expect(model.a < 5_000)
        holder.scope?.cancel()
    }

    /// A pipeline longer than the limit runs to its end (what 5618f5e
    /// fixed), also when every stage is an event observer.
    @Test func longPipelineOfObserversRunsToItsEnd() {
        let cells = (0..<250).map { BreakCell($0 == 0 ? 0 : -1) }
        var tokens: [TrackingToken] = []
        let diagnostics = collectingDiagnostics {
            for index in 1..<cells.count {
                let from = cells[index - 1]
                let to = cells[index]
                tokens.append(observe { to.value = from.value })
            }
            cells[0].value = 7
        }
        #expect(diagnostics.isEmpty)
        #expect(cells.last?.value == 7)
        tokens.forEach { $0.cancel() }
    }

    /// Two observers that feed each other without end are still stopped.
    @Test func pingPongBetweenTwoObserversIsStopped() {
        let model = BreakModel()
        var tokens: [TrackingToken] = []
        let diagnostics = collectingDiagnostics {
            tokens.append(observe { model.b = model.a + 1 })
            tokens.append(observe { model.a = model.b + 1 })
        }
        #expect(diagnostics.map(\.kind) == [.observerLoop])
        tokens.forEach { $0.cancel() }
    }

    // MARK: duplicate links after a nested derived read

    /// A run that reads 100 sources, a derived value that reads them all,
    /// then the 100 again: each change runs it exactly once, and nothing is
    /// left linked after it is cancelled.
    @Test func manyReadsAfterNestedDerivedReadRunOnceEach() {
        let cells = (0..<100).map { BreakCell($0) }
        let total = Derived("total") { cells.reduce(0) { $0 + $1.value } }
        let runs = Locked(0)
        let sums = Locked<[Int]>([])
        let token = observe {
            runs.increment()
            var sum = 0
            for cell in cells { sum += cell.value }
            sum += total.value
            for cell in cells { sum += cell.value }
            sums.append(sum)
        }
        #expect(runs.current == 1)
        let base = 3 * (0..<100).reduce(0, +)
        for index in [0, 10, 63, 64, 65, 90, 99] {
            cells[index].value += 1
        }
        #expect(runs.current == 8)
        #expect(sums.current.last == base + 3 * 7)
        withTransaction {
            for cell in cells { cell.value += 1 }
        }
        #expect(runs.current == 9)
        #expect(sums.current.last == base + 3 * 107)
        token.cancel()
        #expect(cells.allSatisfy { $0.trackingRegistrar.activeDependencyCount == 1 })
        _ = total
    }

    /// A hand-written property read again after a derived value computed
    /// in the same run read it is one link, as a `@Tracked` one is.
    @Test func handWrittenReadAroundNestedDerivedIsOneLink() {
        let model = HandWritten()
        let tracked = BreakModel()
        let derived = Derived("d") { model.field + tracked.a }
        let runs = Locked(0)
        let token = observe {
            runs.increment()
            _ = model.field
            _ = tracked.a
            _ = derived.value
            _ = model.field
            _ = tracked.a
        }
        #expect(tracked.trackingRegistrar.activeDependencyCount == 2)
        #expect(model.trackingRegistrar.activeDependencyCount == 2)
        model.field = 9
        #expect(runs.current == 2)
        token.cancel()
    }

    /// A scope's dependencies list a property once, however often it is
    /// read around a derived value that reads it too.
    @Test func scopeDependenciesHaveNoRepeatsAroundNestedDerivedReads() {
        let model = BreakModel()
        let derived = Derived("d") { model.a + model.b }
        let scope = TrackingScope {}
        scope.track {
            _ = model.a
            _ = derived.value
            _ = model.a
            _ = model.b
            _ = derived.value
            _ = model.b
        }
        #expect(scope.dependencies.count == 3)
        scope.cancel()
    }

    // MARK: children

    /// An observer started in untracked inside a parent's run is cancelled
    /// when the parent runs again; one started after the parent cancelled
    /// itself in its run never runs.
    @Test func childStartedAfterParentCancelledItselfNeverRuns() {
        let model = BreakModel()
        let childRuns = Locked(0)
        let lateChildRuns = Locked(0)
        let kept = Locked<[TrackingToken]>([])
        final class Box: @unchecked Sendable { var token: TrackingToken? }
        let box = Box()
        box.token = observe {
            if model.a == 1 {
                untracked { kept.append(observe { _ = model.b; childRuns.increment() }) }
                box.token?.cancel()
                untracked { kept.append(observe { _ = model.b; lateChildRuns.increment() }) }
            }
        }
        model.a = 1
        #expect(childRuns.current == 1)
        #expect(lateChildRuns.current == 0)
        model.b = 5
        #expect(childRuns.current == 1)
        #expect(lateChildRuns.current == 0)
    }

    /// A child whose first run (inside its parent's run) cancels the
    /// parent: a sibling started after it in that run never runs.
    @Test func childCancelsItsParentInItsFirstRunWhichTheParentsRunStarted() {
        let model = BreakModel()
        final class Box: @unchecked Sendable { var token: TrackingToken? }
        let box = Box()
        let kept = Locked<[TrackingToken]>([])
        let childRuns = Locked(0)
        let lateRuns = Locked(0)
        box.token = observe {
            if model.a == 1 {
                kept.append(observe {
                    childRuns.increment()
                    _ = model.b
                    box.token?.cancel()
                })
                kept.append(observe { lateRuns.increment(); _ = model.b })
            }
        }
        model.a = 1
        #expect(childRuns.current == 1)
        #expect(lateRuns.current == 0)
        model.b = 1
        model.a = 2
        #expect(childRuns.current == 1)
        #expect(lateRuns.current == 0)
        #expect(model.trackingRegistrar.activeDependencyCount == 0)
    }

    /// Children started in a withTracking closure inside a parent's run
    /// are cancelled when the parent runs again: only the newest runs.
    @Test func childrenStartedInsideWithTrackingAreReplacedEachRun() {
        let model = BreakModel()
        let childRuns = Locked<[Int]>([])
        let kept = Locked<[TrackingToken]>([])
        let parent = observe {
            let generation = model.a
            withTracking {
                kept.append(observe { childRuns.append(generation * 100 + model.b) })
            } onChange: {}
        }
        model.a = 1
        model.a = 2
        model.b = 1
        #expect(childRuns.current == [0, 100, 200, 201])
        parent.cancel()
        model.b = 2
        #expect(childRuns.current == [0, 100, 200, 201])
    }

    /// A child started inside untracked in a derived closure computed by an
    /// observer's run belongs to that run: cancelled with it, though its
    /// token is kept.
    @Test func childInDerivedClosureUntrackedBelongsToTheComputingRun() {
        let model = BreakModel()
        let childRuns = Locked(0)
        let kept = Locked<[TrackingToken]>([])
        let derived = Derived("d") { () -> Int in
            let value = model.a
            untracked { kept.append(observe { _ = model.b; childRuns.increment() }) }
            return value
        }
        let parent = observe { _ = derived.value }
        #expect(childRuns.current == 1)
        model.b = 1
        #expect(childRuns.current == 2)
        parent.cancel()
        model.b = 2
        #expect(childRuns.current == 2)
    }

    /// A scope (a view host's) adopts the observers its tracked body
    /// starts: tracking it again, with or without an invalidation between,
    /// cancels those of the last tracking, as a re-run does an observer's.
    @Test func scopeTrackedAgainCancelsTheChildrenOfItsLastTracking() {
        let model = BreakModel()
        let kept = Locked<[TrackingToken]>([])
        let childRuns = Locked<[Int]>([])
        let scope = TrackingScope {}
        for generation in 0..<3 {
            scope.track {
                _ = model.a
                kept.append(observe { childRuns.append(generation * 100 + model.b) })
            }
        }
        model.b = 1
        #expect(childRuns.current == [0, 100, 200, 201])
        scope.cancel()
        model.b = 2
        #expect(childRuns.current == [0, 100, 200, 201])
    }

    // MARK: onCleanup

    @Test func onCleanupInDerivedClosureIsMisplacedButInUntrackedThereBelongsToTheRun() {
        let model = BreakModel()
        let cleaned = Locked(0)
        let derived = Derived("d") { () -> Int in
            onCleanup { cleaned.increment() }
            return model.a
        }
        let untrackedDerived = Derived("u") { () -> Int in
            untracked { onCleanup { cleaned.mutate { $0 += 10 } } }
            return model.b
        }
        var token: TrackingToken?
        let diagnostics = collectingDiagnostics {
            token = observe { _ = derived.value; _ = untrackedDerived.value }
        }
        #expect(diagnostics.map(\.kind) == [.misplacedCleanup])
        // A validation in the flush recomputes `u`: no run is computing it,
        // so its cleanup is misplaced; the first run's runs before the next.
        let later = collectingDiagnostics { model.b = 1 }
        #expect(later.map(\.kind) == [.misplacedCleanup])
        #expect(cleaned.current == 10)
        token?.cancel()
        #expect(cleaned.current == 10)
    }

    // MARK: TrackingEvent.matches with computed key paths

    @Test func matchesFollowsTheBranchAComputedPropertyTakesNow() {
        let model = BreakModel()
        let matched = Locked<[String]>([])
        let token = observe(options: .didSet) { event in
            _ = (model.a, model.b, model.useB)
            if event.kind == .initial { return }
            var names: [String] = []
            if event.matches(\BreakModel.either) { names.append("either") }
            if event.matches(\BreakModel.sum) { names.append("sum") }
            if event.matches(\BreakModel.a) { names.append("a") }
            matched.append(names.joined(separator: ","))
        }
        model.a = 1
        model.b = 1
        model.useB = true
        model.a = 2
        model.b = 2
        #expect(matched.current == ["either,sum,a", "sum", "either", "sum,a", "either,sum"])
        token.cancel()
    }

    // MARK: threads

    /// Two threads write 80 cells; an observer reads them all, a derived
    /// total over them (a nested computation in its run), then them all
    /// again (past the 64 reads the duplicate search looks at). After the
    /// threads join, its last run saw the final total, and one more write
    /// runs it exactly once.
    @Test func writersOnTwoThreadsAndAnObserverReadingManyCellsAroundADerivedTotal() async {
        let cells = (0..<80).map { SyncCell($0) }
        let total = Derived("total") { cells.reduce(0) { $0 + $1.value } }
        let last = Locked(-1)
        let runs = Locked(0)
        let token = observe {
            var sum = 0
            for cell in cells { sum += cell.value }
            let derived = total.value
            for cell in cells { sum += cell.value }
            runs.increment()
            last.mutate { $0 = sum == 2 * derived ? derived : -2 }
        }
        await onThreads(3) { worker in
            for step in 0..<1_500 {
                if worker == 2 {
                    _ = total.value
                } else {
                    let index = (step * 7 + worker * 13) % cells.count
                    if step % 3 == 0 {
                        withTransaction {
                            cells[index].add(1)
                            cells[(index + 40) % cells.count].add(1)
                        }
                    } else {
                        cells[index].add(1)
                    }
                }
            }
        }
        let expected = (0..<80).reduce(0, +) + 2 * (1_000 + 500 * 2)
        #expect(total.value == expected)
        #expect(last.current == expected)
        let before = runs.current
        cells[70].add(1)
        #expect(runs.current == before + 1)
        #expect(last.current == expected + 1)
        token.cancel()
    }

    /// A parent observer re-run by writes on two threads starts a child in
    /// untracked at each run, while a third thread cancels it: once the
    /// threads join, no child runs again.
    @Test func childrenStartedWhileTheParentIsCancelledOnAnotherThread() async {
        for _ in 0..<20 {
            let a = SyncCell(0)
            let b = SyncCell(0)
            let kept = Locked<[TrackingToken]>([])
            let childRuns = Locked(0)
            let parent = observe {
                _ = a.value
                untracked { kept.append(observe { _ = b.value; childRuns.increment() }) }
            }
            await onThreads(3) { worker in
                if worker == 2 {
                    for _ in 0..<50 { _ = b.value }
                    parent.cancel()
                } else {
                    for _ in 0..<200 { a.add(1) }
                }
            }
            let before = childRuns.current
            b.add(1)
            #expect(childRuns.current == before)
        }
    }

    /// A scope queued on one thread (in a second round) while another
    /// thread tracks it again: loop counting reads its mark under its lock.
    @Test func scopeTrackedOnOneThreadWhileQueuedInAnotherThreadsFlush() async {
        let a = SyncCell(0)
        let b = SyncCell(0)
        let invalidations = Locked(0)
        let scope = TrackingScope { invalidations.increment() }
        scope.track { _ = b.value }
        let relay = observe { b.value = a.value }
        await onThreads(2) { worker in
            for step in 0..<3_000 {
                if worker == 0 {
                    a.value = step + 1
                } else {
                    scope.track { _ = b.value }
                }
            }
        }
        #expect(b.value == 3_000)
        relay.cancel()
        scope.cancel()
        #expect(invalidations.current > 0)
    }

    /// Event observers on several threads ask about computed key paths at
    /// once, while writers flip the branch they take.
    @Test func computedKeyPathMatchesOnManyThreads() async {
        let models = (0..<3).map { _ in BreakModel() }
        let wrong = Locked(0)
        let tokens = models.map { model in
            observe(options: .didSet) { event in
                let (a, b, useB) = (model.a, model.b, model.useB)
                _ = (a, b, useB)
                if event.kind == .initial { return }
                // Each transaction changes exactly one property.
                let eitherMatches = event.matches(\BreakModel.either)
                let sumMatches = event.matches(\BreakModel.sum)
                let aMatches = event.matches(\BreakModel.a)
                if aMatches && !sumMatches { wrong.increment() }
                if aMatches && !useB && !eitherMatches { wrong.increment() }
            }
        }
        await onThreads(3) { worker in
            let model = models[worker]
            for step in 0..<2_000 {
                switch step % 3 {
                case 0: model.a += 1
                case 1: model.b += 1
                default: model.useB.toggle()
                }
            }
        }
        #expect(wrong.current == 0)
        tokens.forEach { $0.cancel() }
    }
}
