import Testing
import Tracking

// Problems with `observe`'s nesting found while porting swift-navigation's
// observe tests (see SwiftNavigationPortTests.swift). Each test asserts what
// the semantics reference documents ("An observer started inside another
// observer's run is its child: ... it is cancelled when the parent runs
// again", and, in `observe`'s documentation, "or is cancelled"; the only
// exception it names is an observer started inside a derived value's
// computation). They fail today, so they are disabled until the engine is
// fixed; the library code is left as it is.

@Suite struct SwiftNavigationPortFindings {
    /// A parent that, in a run, cancels itself (`cancel`) or releases its
    /// own token (`release`: a screen that dismisses itself from its own
    /// observer, say), then starts an observer in the same run: the parent
    /// never runs again, but the observer it started is never cancelled. It
    /// keeps running for each change as long as its token lives (today:
    /// `isCancelled` false, and 2 runs).
    @Test(
        .disabled("engine bug: a child adopted after its parent was cancelled in the same run is never cancelled"),
        arguments: ["cancel", "release"])
    func aChildStartedAfterItsParentWasCancelledInTheSameRunIsCancelled(how: String) {
        let inner = NavPortInner()
        let parentToken = Locked<TrackingToken?>(nil)
        let children = Locked<[TrackingToken]>([])
        let childRuns = Locked(0)
        parentToken.mutate {
            $0 = observe {
                guard inner.value == 1 else { return }
                if how == "cancel" {
                    parentToken.current?.cancel()
                } else {
                    parentToken.mutate { $0 = nil }
                }
                children.append(observe {
                    _ = inner.value
                    childRuns.increment()
                })
            }
        }
        inner.value = 1
        #expect(children.current.map(\.isCancelled) == [true])
        inner.value = 2
        #expect(childRuns.current <= 1)
    }

    /// swift-navigation's scoped nesting, `observe { context } onChange: {
    /// observe { ... } }`, written in Tracking as `observe { context;
    /// untracked { ... } }`: the inner observer is started during the outer
    /// one's run, but inside `untracked`, and is then no child. When the
    /// outer one runs again, the inner one of its last run is not
    /// cancelled: both old and new inner observers run for a change (today:
    /// `isCancelled` [false, false], and the old one keeps running), and the
    /// outer one's cancellation does not stop them either. (`onCleanup` in
    /// the same place does register with the outer observer.)
    @Test(.disabled("engine bug: an observer started inside untracked { } in another observer's run is not its child"))
    func anObserverStartedInsideUntrackedDuringARunIsAChild() {
        let a = NavPortOuter()
        let firstInner = a.inner
        let innerSeen = Locked<[Int]>([])
        let children = Locked<[TrackingToken]>([])
        let outerToken = observe {
            let b = a.inner
            untracked {
                children.append(observe { innerSeen.append(b.value) })
            }
        }
        a.inner = NavPortInner(value: 10)
        #expect(children.current.map(\.isCancelled) == [true, false])
        firstInner.value = 1
        #expect(innerSeen.current == [0, 10])
        outerToken.cancel()
        #expect(children.current.map(\.isCancelled) == [true, true])
    }

    /// The same for an observer started inside a `withTracking` closure
    /// during another observer's run.
    @Test(.disabled("engine bug: an observer started inside withTracking { } in another observer's run is not its child"))
    func anObserverStartedInsideWithTrackingDuringARunIsAChild() {
        let a = NavPortOuter()
        let children = Locked<[TrackingToken]>([])
        let outerToken = observe {
            let b = a.inner
            withTracking {
                children.append(observe { _ = b.value })
            } onChange: {}
        }
        a.inner = NavPortInner(value: 10)
        #expect(children.current.map(\.isCancelled) == [true, false])
        outerToken.cancel()
        #expect(children.current.map(\.isCancelled) == [true, true])
    }
}
