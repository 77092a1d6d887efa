import Testing
@testable import Tracking

/// Issue 15, part 3: cleanups registered during an observer's run.
@Suite struct CleanupTests {
    @Test func cleanupsRunBeforeTheNextRunNewestFirst() {
        let log = Locked<[String]>([])
        let counter = Counter()
        let token = observe {
            let value = counter.value
            log.append("run \(value)")
            onCleanup { log.append("first cleanup of \(value)") }
            onCleanup { log.append("second cleanup of \(value)") }
        }
        counter.value = 1
        #expect(log.current == [
            "run 0",
            "second cleanup of 0", "first cleanup of 0",
            "run 1",
        ])
        withExtendedLifetime(token) {}
    }

    @Test func cancellingOrReleasingTheTokenRunsTheCleanups() {
        let log = Locked<[String]>([])
        let counter = Counter()
        let cancelled = observe {
            _ = counter.value
            onCleanup { log.append("cancelled") }
        }
        cancelled.cancel()
        cancelled.cancel()      // twice: the cleanup ran once
        do {
            let released = observe {
                _ = counter.value
                onCleanup { log.append("released") }
            }
            withExtendedLifetime(released) {}
        }
        counter.value = 1
        #expect(log.current == ["cancelled", "released"])
    }

    @Test func readsInsideACleanupAreTrackedByNobody() {
        let runs = Locked(0)
        let counter = Counter()
        let book = Book()
        let token = observe {
            _ = counter.value
            runs.increment()
            onCleanup { _ = book.title }
        }
        counter.value = 1           // the cleanup reads the title
        #expect(token.dependencies == ["\\Counter.value"])
        book.title = "not a dependency"
        #expect(runs.current == 2)
        withExtendedLifetime(token) {}
    }

    @Test func writesInsideACleanupAreBatchedWithTheRunThatFollows() {
        let log = Locked<[String]>([])
        let counter = Counter()
        let mirror = Counter()
        let watcher = observe { log.append("watcher sees \(mirror.value)") }
        let token = observe {
            let value = counter.value
            log.append("run \(value) sees mirror \(mirror.value)")
            onCleanup {
                mirror.value = value + 100
                log.append("cleanup wrote \(value + 100)")
            }
        }
        counter.value = 1
        #expect(log.current == [
            "watcher sees 0",
            "run 0 sees mirror 0",
            // The cleanup's write does not run the observer again: its run
            // sees it; the watcher runs once, after.
            "cleanup wrote 100",
            "run 1 sees mirror 100",
            "watcher sees 100",
        ])
        withExtendedLifetime((watcher, token)) {}
    }

    @Test func aParentsReRunRunsItsChildrensCleanupsBeforeItsOwn() {
        let log = Locked<[String]>([])
        let counter = Counter()
        let book = Book()
        let children = Locked<[TrackingToken]>([])
        let parent = observe {
            let value = counter.value
            log.append("parent \(value)")
            onCleanup { log.append("parent cleanup \(value)") }
            for name in ["a", "b"] {
                let child = observe {
                    log.append("child \(name) \(value) \(book.title)")
                    onCleanup { log.append("child \(name) cleanup \(value)") }
                }
                children.append(child)
            }
        }
        counter.value = 1
        #expect(log.current == [
            "parent 0", "child a 0 Sample Book Title", "child b 0 Sample Book Title",
            "child b cleanup 0", "child a cleanup 0", "parent cleanup 0",
            "parent 1", "child a 1 Sample Book Title", "child b 1 Sample Book Title",
        ])
        log.mutate { $0.removeAll() }
        parent.cancel()
        #expect(log.current == ["child b cleanup 1", "child a cleanup 1", "parent cleanup 1"])
    }

    @Test func anObserverThatCancelsItselfRunsItsCleanupsWhenTheRunEnds() {
        let log = Locked<[String]>([])
        let counter = Counter()
        let slot = Locked<TrackingToken?>(nil)
        slot.mutate {
            $0 = observe {
                let value = counter.value
                onCleanup { log.append("cleanup \(value)") }
                if value == 1 {
                    slot.current?.cancel()
                    log.append("cancelled during run \(value)")
                }
            }
        }
        counter.value = 1
        #expect(log.current == ["cleanup 0", "cancelled during run 1", "cleanup 1"])
        counter.value = 2
        #expect(log.current.count == 3)
    }

    @Test func aDeallocationRunsTheCleanupsBeforeTheRunItCauses() {
        let log = Locked<[String]>([])
        let deinits = Locked(0)
        var object: Watched? = Watched(deinits: deinits)
        let token = observe { [weak object] in
            let value = object?.value ?? -1
            log.append("run \(value)")
            onCleanup { log.append("cleanup \(value)") }
        }
        object = nil
        #expect(log.current == ["run 0", "cleanup 0", "run -1"])
        withExtendedLifetime(token) {}
    }

    @Test func onCleanupOutsideAnObserverIsReportedAndRegistersNothing() {
        let ran = Locked(0)
        let counter = Counter()
        let diagnostics = collectingDiagnostics {
            onCleanup { ran.increment() }
            withTracking { _ = counter.value } onChange: {}
        }
        #expect(diagnostics.map(\.kind) == [.misplacedCleanup])
        #expect(diagnostics.first?.message.contains("CleanupTests.swift") == true)
        #expect(ran.current == 0)
    }

    @Test func onCleanupInADerivedValueIsReportedWhicheverRunComputesIt() {
        let ran = Locked(0)
        let counter = Counter()
        let derived = Derived { () -> Int in
            onCleanup { ran.increment() }
            return counter.value
        }
        let runs = Locked(0)
        let diagnostics = collectingDiagnostics {
            let token = observe {
                _ = derived.value           // computed by this run: no cleanup of it
                runs.increment()
            }
            counter.value += 1              // computed again by the validation
            counter.value += 1
            token.cancel()
        }
        #expect(runs.current == 3)
        #expect(diagnostics.map(\.kind) == [.misplacedCleanup, .misplacedCleanup, .misplacedCleanup])
        #expect(diagnostics.first?.message.contains("derived value") == true)
        #expect(ran.current == 0)
    }

    // MARK: Cleanups that cancel

    /// How an observer can be woken for the run its cleanup then cancels.
    enum Wake: CaseIterable, Sendable {
        case write, writeInATransaction, writeBehindADerivedValue
    }

    /// Preact's "should not run the effect if the cleanup function disposes
    /// it": the body does not run again, whatever queued the run.
    @Test(arguments: Wake.allCases)
    func aCleanupThatCancelsItsObserverStopsTheRunAboutToStart(_ wake: Wake) {
        let counter = Counter()
        let doubled = Derived { counter.value * 2 }
        let runs = Locked<[Int]>([])
        let cleanups = Locked(0)
        let holder = Locked<TrackingToken?>(nil)
        let token = observe {
            runs.append(wake == .writeBehindADerivedValue ? doubled.value : counter.value)
            onCleanup {
                cleanups.increment()
                holder.current?.cancel()
            }
        }
        holder.mutate { $0 = token }
        if wake == .writeInATransaction {
            withTransaction { counter.value = 1 }
        } else {
            counter.value = 1
        }
        #expect(runs.current == [0])
        #expect(cleanups.current == 1)
        #expect(token.isCancelled)
        #expect(token.dependencies.isEmpty)
        counter.value = 2
        #expect(runs.current == [0])
        #expect(cleanups.current == 1)
    }

    @Test func aChildsCleanupThatCancelsItsParentStopsTheParentsNextRun() {
        let counter = Counter()
        let runs = Locked<[Int]>([])
        let holder = Locked<TrackingToken?>(nil)
        let children = Locked<[TrackingToken]>([])
        let parent = observe {
            runs.append(counter.value)
            children.append(observe { onCleanup { holder.current?.cancel() } })
        }
        holder.mutate { $0 = parent }
        counter.value = 1
        #expect(runs.current == [0])
        #expect(parent.isCancelled)
        #expect(parent.dependencies.isEmpty)
    }

    @Test func aCleanupThatCancelsItsEventObserverStopsTheRunAboutToStart() {
        let counter = Counter()
        let events = Locked<[Int]>([])
        let holder = Locked<TrackingToken?>(nil)
        let token = observe(options: [.didSet]) { _ in
            events.append(counter.value)
            onCleanup { holder.current?.cancel() }
        }
        holder.mutate { $0 = token }
        counter.value = 1
        #expect(events.current == [0])
        #expect(token.isCancelled)
    }

    /// A cleanup is not its observer's body, nor the body of the observer
    /// whose run cancelled it.
    @Test func onCleanupInsideACleanupThatAnotherObserverRanIsReportedAndRegistersNothing() {
        let first = Counter()
        let second = Counter()
        let log = Locked<[String]>([])
        let cancelled = observe {
            _ = first.value
            onCleanup {
                log.append("cleanup")
                onCleanup { log.append("nested cleanup") }
            }
        }
        let canceller = observe {
            if second.value == 1 { cancelled.cancel() }
            log.append("run \(second.value)")
        }
        let diagnostics = collectingDiagnostics { second.value = 1 }
        second.value = 2
        #expect(log.current == ["run 0", "cleanup", "run 1", "run 2"])
        #expect(diagnostics.map(\.kind) == [.misplacedCleanup])
        withExtendedLifetime(canceller) {}
    }
}
