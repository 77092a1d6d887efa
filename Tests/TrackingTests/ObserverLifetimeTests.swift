import Foundation
import Testing
@testable import Tracking

/// The paths that make and end the usual observer cheaply: an idle observer
/// with no children, cleanups or events is cancelled in one short critical
/// section; children and cleanups live in a box made at the first of either,
/// under the lock where another thread may look for them; a token released
/// on another thread while its observer runs stops it at the end of that run.
@Suite struct ObserverLifetimeTests {
    /// The first cleanup of an observer's life, registered in a run during
    /// which another thread cancels it, runs once, when that run ends; the
    /// body runs no more and nothing stays linked.
    @Test func aFirstCleanupRegisteredWhileAnotherThreadCancelsRunsOnceWhenTheRunEnds() async {
        let book = Book()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let runs = Locked(0)
        let cleanups = Locked<[String]>([])
        let token = observe {
            _ = book.title
            if runs.mutate({ $0 += 1; return $0 }) == 2 {
                entered.signal()
                proceed.wait()
                // The observer is cancelled now; its first cleanup.
                onCleanup { cleanups.append("registered after the cancel") }
            }
        }
        #expect(runs.current == 1)
        let seenDuringTheRun = Locked<[String]?>(nil)
        await changeTitle(of: book, whileAnObserverWaits: entered, proceed: proceed) {
            token.cancel()
            // The run goes on: its cleanups wait for its end.
            seenDuringTheRun.mutate { $0 = cleanups.current }
        }
        #expect(token.isCancelled)
        #expect(seenDuringTheRun.current == [])
        #expect(cleanups.current == ["registered after the cancel"])
        book.title = "again"
        #expect(runs.current == 2)
        #expect(cleanups.current == ["registered after the cancel"])
        #expect(book.trackingRegistrar.activeDependencyCount == 0)
    }

    /// A token released on another thread while its observer runs there
    /// cancels it: the run finishes, its cleanups and the child it made run
    /// or stop, and then neither the observer nor the child runs again and
    /// nothing stays linked.
    @Test func aTokenReleasedOnAnotherThreadWhileItsObserverRunsStopsItAndItsChild() async {
        let book = Book()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let runs = Locked(0)
        let childRuns = Locked(0)
        let log = Locked<[String]>([])
        let children = Locked<[TrackingToken]>([])
        let holder = Locked<TrackingToken?>(nil)
        holder.mutate {
            $0 = observe {
                _ = book.title
                let run = runs.mutate { $0 += 1; return $0 }
                onCleanup { log.append("cleanup of run \(run)") }
                if run == 2 {
                    let child = observe {
                        _ = book.author
                        childRuns.increment()
                    }
                    children.append(child)
                    entered.signal()
                    proceed.wait()
                }
            }
        }
        #expect(runs.current == 1)
        await changeTitle(of: book, whileAnObserverWaits: entered, proceed: proceed) {
            // The last reference to the token goes while the body runs.
            holder.mutate { $0 = nil }
        }
        #expect(runs.current == 2)
        #expect(childRuns.current == 1)
        #expect(log.current == ["cleanup of run 1", "cleanup of run 2"])
        let childrenCancelled = children.current.map { $0.isCancelled }
        #expect(childrenCancelled == [true])
        book.title = "again"
        book.author = "someone"
        #expect(runs.current == 2)
        #expect(childRuns.current == 1)
        #expect(book.trackingRegistrar.activeDependencyCount == 0)
    }

    /// Cancelling an idle observer lets go of the changes it keeps for
    /// diagnostics (the last one that ran it, and one that a transaction
    /// undid): once the object is gone, so are its property's nodes.
    @Test func cancellingAnIdleObserverLetsGoOfTheChangesItKept() {
        weak var titleNode: PropertyNode?
        weak var authorNode: PropertyNode?
        do {
            let book = Book()
            let runs = Locked(0)
            let token = observe {
                _ = (book.title, book.author)
                runs.increment()
            }
            let nodes = book.trackingRegistrar.storage.registeredNodes
            titleNode = nodes.first
            authorNode = nodes.last
            book.title = "changed"
            #expect(token.lastChange == "\\Book.title")
            // Marked, then undone within the transaction: it does not run,
            // and keeps the change it did not run for.
            withTransaction {
                book.author = "someone"
                book.author = ""
            }
            #expect(runs.current == 2)
            #expect(token.lastChange == "\\Book.title")
            token.cancel()
            #expect(token.dependencies.isEmpty)
            #expect(book.trackingRegistrar.activeDependencyCount == 0)
            #expect(titleNode != nil)
        }
        #expect(titleNode == nil)
        #expect(authorNode == nil)
    }

    /// Tokens cancelled on two threads at once: each observer's body is let
    /// go of once (the cancel of an observer that read nothing takes no
    /// lock, and two of them once both took the body and released it
    /// twice), whether it read something or not, and both threads see it
    /// cancelled as soon as their cancel returns.
    @Test func tokensCancelledOnTwoThreadsAtOnceLetGoOfTheirBodiesOnce() async {
        let book = Book()
        let released = Locked(0)
        let notCancelledAfterCancel = Locked(0)
        for round in 0..<40 {
            var tokens: [TrackingToken] = []
            for index in 0..<500 {
                let captured = DeinitCounter(released)
                let readsSomething = (round + index) % 2 == 0
                tokens.append(observe {
                    withExtendedLifetime(captured) {}
                    if readsSomething { _ = book.title }
                })
            }
            let shared = tokens
            await onThreads(2) { _ in
                for token in shared {
                    token.cancel()
                    if !token.isCancelled { notCancelledAfterCancel.increment() }
                }
            }
        }
        #expect(released.current == 20_000)
        #expect(notCancelledAfterCancel.current == 0)
        #expect(book.trackingRegistrar.activeDependencyCount == 0)
    }

    /// Changes `book`'s title on a thread of its own, which runs the
    /// observers that read it; once one of them signals `entered` (and
    /// waits for `proceed`), runs `meanwhile` on a third thread, then
    /// signals `proceed`. Returns when the change and its runs are done.
    private func changeTitle(
        of book: Book, whileAnObserverWaits entered: DispatchSemaphore, proceed: DispatchSemaphore,
        _ meanwhile: @escaping @Sendable () -> Void
    ) async {
        await withCheckedContinuation { continuation in
            Thread {
                entered.wait()
                meanwhile()
                proceed.signal()
            }.start()
            Thread {
                book.title = "changed"
                continuation.resume()
            }.start()
        }
    }

    /// Observers made and cancelled by the thousand, idle or with children
    /// and cleanups, leave nothing linked and run their cleanups once each.
    @Test func manyObserversWithAndWithoutFamiliesLeaveNothingBehind() {
        let start = TrackingStatistics.liveDependencyCountOnThisThread
        let book = Book()
        let cleanups = Locked(0)
        var tokens: [TrackingToken] = []
        for index in 0..<3_000 {
            tokens.append(observe {
                _ = book.title
                switch index % 3 {
                case 0: break
                case 1: onCleanup { cleanups.increment() }
                default: _ = observe { _ = book.author }
                }
            })
        }
        #expect(book.trackingRegistrar.activeDependencyCount == 3_000)
        for token in tokens { token.cancel() }
        #expect(cleanups.current == 1_000)
        #expect(book.trackingRegistrar.activeDependencyCount == 0)
        #expect(TrackingStatistics.liveDependencyCountOnThisThread == start)
    }
}

/// Counts its deinitializations in `count`.
private final class DeinitCounter: Sendable {
    let count: Locked<Int>

    init(_ count: Locked<Int>) {
        self.count = count
    }

    deinit {
        count.increment()
    }
}
