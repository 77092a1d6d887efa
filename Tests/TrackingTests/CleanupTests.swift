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
}
