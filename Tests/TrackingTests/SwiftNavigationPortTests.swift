import Testing
import Tracking

// Ports of pointfreeco/swift-navigation's tests of its `observe` function
// onto Tracking: Tests/SwiftNavigationTests/ObserveTests/ObserveTests.swift,
// ObserveTests+Nesting.swift (and their older copies at
// Tests/SwiftNavigationTests/), the platform-independent test of
// Tests/UIKitNavigationTests/ObserveTests.swift, and the timing part of
// Tests/SwiftNavigationTests/UITransactionTests.swift. The main-actor and
// global-actor tests (IsolationTests.swift, LifetimeTests.swift) are in
// Tests/MainActorTests/SwiftNavigationMainActorPortTests.swift.
//
// swift-navigation's `observe` is `withObservationTracking` re-armed in a
// task: a change runs the body later, on the observer's actor, and the
// changes made before that task runs make one run. A nested `observe` is an
// observer of its own, but its first run happens inside the outer one's
// tracking, so the outer one also depends on what the inner one read. Its
// `observe { context } onChange: { apply }` tracks `context` only.
// In Tracking an unbound observer runs at the end of the writer's
// transaction, on the writer's thread; an observer started inside another's
// run is its child (its reads stay its own, and it is cancelled when the
// parent runs again); the scoped form is `observe { context; untracked {
// apply } }`. Where the two differ by design, a test asserts what Tracking
// documents and its comment gives the original's values. Tests need no
// sleep: every run below happens before the write that causes it returns.

/// swift-navigation's `A`: a model that holds another.
final class NavPortOuter: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var inner = NavPortInner()
}

/// swift-navigation's `B`.
final class NavPortInner: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value: Int
    init(value: Int = 0) { self.value = value }
}

/// The `ParentObject` and `ScopedParentObject` of ObserveTests+Nesting: a
/// plain object (a view controller, say) that binds itself to a model with
/// two observers, one of which binds its child object to the child model.
/// `scoped` picks the original's scoped form, which tracks only the
/// property it names and runs the rest untracked.
final class NavPortParentObject: @unchecked Sendable {
    let log: Locked<[String]>
    let scoped: Bool
    let child: NavPortChildObject
    private var tokens: [TrackingToken] = []

    var value = 0 {
        didSet { log.append("ParentObject.value.didSet \(value)") }
    }

    init(log: Locked<[String]>, scoped: Bool) {
        self.log = log
        self.scoped = scoped
        child = NavPortChildObject(log: log, scoped: scoped)
    }

    func bind(_ model: NavPortParentModel) {
        log.append("ParentObject.bind")
        tokens = [
            navPortObserve(scoped: scoped, { _ = model.value }) { [weak self, log] in
                log.append("ParentObject.valueUpdate \(model.value)")
                self?.value = model.value
            },
            navPortObserve(scoped: scoped, { _ = model.child }) { [weak self, log] in
                log.append("ParentObject.childUpdate")
                self?.child.bind(model.child)
            },
        ]
    }
}

/// The `ChildObject` and `ScopedChildObject` of ObserveTests+Nesting.
final class NavPortChildObject: @unchecked Sendable {
    let log: Locked<[String]>
    let scoped: Bool
    private var tokens: [TrackingToken] = []

    var value = 0 {
        didSet { log.append("ChildObject.value.didSet \(value)") }
    }

    init(log: Locked<[String]>, scoped: Bool) {
        self.log = log
        self.scoped = scoped
    }

    func bind(_ model: NavPortChildModel) {
        log.append("ChildObject.bind")
        tokens = [
            navPortObserve(scoped: scoped, { _ = model.value }) { [weak self, log] in
                log.append("ChildObject.valueUpdate \(model.value)")
                self?.value = model.value
            },
        ]
    }
}

/// swift-navigation's `observe { apply }` (unscoped: `apply` is tracked)
/// or `observe { context } onChange: { apply }` (scoped: only `context` is).
func navPortObserve(
    scoped: Bool, _ context: @escaping @Sendable () -> Void, apply: @escaping @Sendable () -> Void
) -> TrackingToken {
    if scoped {
        return observe {
            context()
            untracked { apply() }
        }
    }
    return observe { apply() }
}

final class NavPortParentModel: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    let log: Locked<[String]>

    @Tracked var value = 0 {
        didSet { log.append("ParentObject.Model.value.didSet \(value)") }
    }

    @Tracked var child: NavPortChildModel {
        didSet { log.append("ParentObject.Model.child.didSet") }
    }

    init(log: Locked<[String]>) {
        self.log = log
        child = NavPortChildModel(log: log)
    }
}

final class NavPortChildModel: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    let log: Locked<[String]>

    @Tracked var value: Int {
        didSet { log.append("ChildObject.Model.value.didSet \(value)") }
    }

    init(log: Locked<[String]>, value: Int = 0) {
        self.log = log
        self.value = value
    }
}

/// The `ReadTrackingModel` of ObserveTests+Nesting: a property written by
/// hand, which logs each read and each write.
final class NavPortLoggedModel: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    let log: Locked<[String]>
    private var stored = 0

    init(log: Locked<[String]>) {
        self.log = log
    }

    var value: Int {
        get {
            log.append("get \(stored)")
            trackingRegistrar.access(self, keyPath: \.value)
            return stored
        }
        set {
            log.append("set \(newValue)")
            trackingRegistrar.withMutation(of: self, keyPath: \.value) { stored = newValue }
        }
    }
}

/// The observers of testNestedObserve (unscoped) and
/// testScopedNestedObserve (scoped): an outer observer that reads `a.b`
/// and, the first time, starts an inner one that reads `b.value`.
final class NavPortNestedPair: Sendable {
    let value: Locked<Int>
    let outerCount: Locked<Int>
    let innerCount: Locked<Int>
    let innerToken: Locked<TrackingToken?>
    let outerToken: TrackingToken

    init(_ a: NavPortOuter, scoped: Bool) {
        let (value, outerCount, innerCount) = (Locked(0), Locked(0), Locked(0))
        let innerToken = Locked<TrackingToken?>(nil)
        (self.value, self.outerCount, self.innerCount, self.innerToken) = (value, outerCount, innerCount, innerToken)
        outerToken = navPortObserve(scoped: scoped, { _ = a.inner }) {
            outerCount.increment()
            let b = a.inner
            if innerToken.current == nil {
                innerToken.mutate {
                    $0 = navPortObserve(scoped: scoped, { _ = b.value }) {
                        value.mutate { $0 = b.value }
                        innerCount.increment()
                    }
                }
            }
        }
    }
}

@Suite struct SwiftNavigationPortTests {
    // MARK: - ObserveTests.swift

    /// testSimpleObserve, testIsolation and testCompiles: the body runs once,
    /// at once.
    @Test func observe_runsItsBodyOnceAtOnce() {
        let count = Locked(0)
        let token = observe { count.increment() }
        #expect(count.current == 1)
        // It read nothing: nothing can run it again.
        #expect(token.dependencies.isEmpty)
        #expect(token.lastChange == nil)
        withExtendedLifetime(token) {}
    }

    /// testScopedObserve: the context runs, then `onChange`, both at once
    /// (the original: count is 2 after `observe` returns).
    @Test func observe_aScopedObserverRunsItsContextThenItsOnChangeAtOnce() {
        let log = Locked<[String]>([])
        let token = navPortObserve(scoped: true, { log.append("context") }) { log.append("onChange") }
        #expect(log.current == ["context", "onChange"])
        withExtendedLifetime(token) {}
    }

    /// testNestedObserve (unscoped) and testScopedNestedObserve: an outer
    /// observer that reads `a.b` and starts, in its first run, an inner one
    /// that reads `b.value`; then `a.b.value += 1`. The original, after half
    /// a second: value 1, and, unscoped, outer 3 runs and inner 3 ("redundant
    /// updates": the inner one's first run was inside the outer one's
    /// tracking), scoped, outer 1 and inner 2. In Tracking an observer's
    /// reads are its own in both forms: outer 1, inner 2, at the end of the
    /// write.
    @Test(arguments: [false, true])
    func observe_aNestedObserverKeepsItsReadsToItself(scoped: Bool) {
        let a = NavPortOuter()
        let pair = NavPortNestedPair(a, scoped: scoped)
        #expect(pair.outerToken.dependencies == ["\\NavPortOuter.inner"])
        #expect(pair.innerToken.current?.dependencies == ["\\NavPortInner.value"])

        a.inner.value += 1
        #expect(pair.value.current == 1)
        #expect(pair.outerCount.current == 1)
        #expect(pair.innerCount.current == 2)
    }

    /// testNestedObserve, one step further: the outer observer runs again
    /// (`a.b` replaced). Its child from the first run is cancelled, though
    /// its token is still held, and the `innerToken == nil` guard starts no
    /// other: nothing observes `b.value` any more. (In the original a nested
    /// observer lives as long as its token, and keeps observing the old `b`.)
    @Test func observe_aNestedObserverIsCancelledWhenItsParentRunsAgain() {
        let a = NavPortOuter()
        let firstInner = a.inner
        let innerSeen = Locked<[Int]>([])
        let outerCount = Locked(0)
        let innerToken = Locked<TrackingToken?>(nil)
        let outerToken = observe {
            outerCount.increment()
            let b = a.inner
            if innerToken.current == nil {
                innerToken.mutate { $0 = observe { innerSeen.append(b.value) } }
            }
        }
        firstInner.value = 1
        #expect(innerSeen.current == [0, 1])

        a.inner = NavPortInner(value: 10)
        #expect(outerCount.current == 2)
        #expect(innerToken.current?.isCancelled == true)
        #expect(innerToken.current?.dependencies == [])
        firstInner.value = 2
        a.inner.value = 11
        #expect(innerSeen.current == [0, 1])
        #expect(outerCount.current == 2)
        withExtendedLifetime(outerToken) {}
    }

    /// A nested observer started in every run of its parent, with one
    /// transaction that changes what both read: the parent runs first (it
    /// was created first) and cancels the child, which never runs for that
    /// change; the new child sees the new model. (The original runs the old
    /// inner observer too, for its own change.)
    @Test func observe_aNestedObserverQueuedWithItsParentNeverRunsForThatChange() {
        let a = NavPortOuter()
        let innerSeen = Locked<[Int]>([])
        let children = Locked<[TrackingToken]>([])
        let outerToken = observe {
            let b = a.inner
            children.append(observe { innerSeen.append(b.value) })
        }
        withTransaction {
            a.inner.value = 1
            a.inner = NavPortInner(value: 7)
        }
        #expect(innerSeen.current == [0, 7])
        #expect(children.current.map(\.isCancelled) == [true, false])
        withExtendedLifetime(outerToken) {}
    }

    /// testTokenStorage: tokens kept in a set (and, in Tracking, an array)
    /// keep their observers; the original checks the two first runs only.
    @Test func observe_storedTokensKeepTheirObserversAlive() {
        let inner = NavPortInner()
        let count = Locked(0)
        var set: Set<TrackingToken> = []
        var array: [TrackingToken] = []
        observe { _ = inner.value; count.increment() }.store(in: &set)
        observe { _ = inner.value; count.increment() }.store(in: &set)
        observe { _ = inner.value; count.increment() }.store(in: &array)
        #expect(count.current == 3)
        #expect(set.count == 2)
        inner.value = 1
        #expect(count.current == 6)
        set.removeAll()
        array.removeAll()
        inner.value = 2
        #expect(count.current == 6)
    }

    // MARK: - UIKitNavigationTests/ObserveTests.swift

    /// testCompiles: `observe { count = 1 }` whose token nobody keeps. The
    /// body ran once; the token is released at once, which cancels the
    /// observer, so a change runs nothing (as in the original, where the
    /// next change finds the token gone).
    @Test func observe_aTokenNotKeptStopsTheObserverAfterItsFirstRun() {
        let inner = NavPortInner()
        let count = Locked(0)
        _ = observe {
            _ = inner.value
            count.increment()
        }
        #expect(count.current == 1)
        inner.value = 1
        #expect(count.current == 1)
    }

    // MARK: - ObserveTests+Nesting.swift

    /// The bind of ObserveTests+Nesting, the same in both forms and in the
    /// original.
    private static let firstBind = [
        "ParentObject.bind",
        "ParentObject.valueUpdate 0",
        "ParentObject.value.didSet 0",
        "ParentObject.childUpdate",
        "ChildObject.bind",
        "ChildObject.valueUpdate 0",
        "ChildObject.value.didSet 0",
    ]

    /// A change of the child model, in Tracking: the child's observer runs
    /// at the end of the write, before the model's own `didSet` (the order
    /// of a write outside a transaction: the store, the observers, then
    /// `didSet`). The original's asynchronous observer runs after it:
    /// "ChildObject.Model.value.didSet 1", "ChildObject.valueUpdate 1",
    /// "ChildObject.value.didSet 1".
    private static let childChange = [
        "ChildObject.valueUpdate 1",
        "ChildObject.value.didSet 1",
        "ChildObject.Model.value.didSet 1",
    ]

    /// testNestedObservationMisuse (unscoped observers, the child's bound
    /// inside the parent's) and testNestedObservation (the scoped form).
    /// For the unscoped form the original only checks that the parent's
    /// observer ran again ("ParentObject.childUpdate", a redundant update it
    /// calls expected for this misuse, and flaky). In Tracking the child's
    /// observer keeps its reads to itself in both forms: only it runs.
    @Test(arguments: [false, true])
    func nesting_bindingsRunOnlyTheChildForAChildChange(scoped: Bool) {
        let log = Locked<[String]>([])
        let object = NavPortParentObject(log: log, scoped: scoped)
        let model = NavPortParentModel(log: log)
        log.mutate { $0.removeAll() }

        object.bind(model)
        #expect(log.current == Self.firstBind)
        log.mutate { $0.removeAll() }

        model.child.value = 1
        #expect(log.current == Self.childChange)
        #expect(!log.current.contains("ParentObject.childUpdate"))
        withExtendedLifetime(object) {}
    }

    /// Not in the original: a new child model runs the parent's observer
    /// again, which binds the child object to it. The child's observer of
    /// the last run was cancelled before the parent's body ran, so the old
    /// model runs nothing any more, and the new one runs the new observer.
    @Test func nesting_replacingTheChildModelRebindsTheChildAndStopsTheOldOne() {
        let log = Locked<[String]>([])
        let object = NavPortParentObject(log: log, scoped: false)
        let model = NavPortParentModel(log: log)
        object.bind(model)
        let oldChild = model.child
        log.mutate { $0.removeAll() }

        model.child = NavPortChildModel(log: log, value: 5)
        #expect(log.current == [
            "ParentObject.childUpdate",
            "ChildObject.bind",
            "ChildObject.valueUpdate 5",
            "ChildObject.value.didSet 5",
            "ParentObject.Model.child.didSet",
        ])
        log.mutate { $0.removeAll() }

        oldChild.value = 9
        #expect(log.current == ["ChildObject.Model.value.didSet 9"])
        log.mutate { $0.removeAll() }

        model.child.value = 6
        #expect(log.current == [
            "ChildObject.valueUpdate 6",
            "ChildObject.value.didSet 6",
            "ChildObject.Model.value.didSet 6",
        ])
        withExtendedLifetime(object) {}
    }

    /// testAutoclosureObservation, first half: the scoped form reads the
    /// value in its context and again in `onChange`. The reads and writes,
    /// in order, are the original's to the letter.
    @Test func nesting_theScopedFormReadsTheValueTwicePerRun() {
        let log = Locked<[String]>([])
        let model = NavPortLoggedModel(log: log)
        let token = navPortObserve(scoped: true, { _ = model.value }) {
            log.append("didSet \(model.value)")
        }
        model.value += 1
        #expect(log.current == [
            "get 0",      // context
            "get 0",      // onChange
            "didSet 0",
            "get 0",      // the read of `+= 1`
            "set 1",      // its write
            "get 1",      // context, run again
            "get 1",      // onChange
            "didSet 1",
        ])

        // The original's cancellation is lazy: the next change still reaches
        // the observer, which then finds its token cancelled. Tracking's is
        // immediate: nothing reads the value for the write below.
        token.cancel()
        log.mutate { $0.removeAll() }
        model.value = 0
        #expect(log.current == ["set 0"])
        #expect(token.dependencies.isEmpty)
    }

    /// testAutoclosureObservation, second half: `observe(model.value) { _,
    /// value in ... }` reads the value once per run and hands it over;
    /// here, a body that reads it once and uses it untracked. The original's
    /// reads and writes again.
    @Test func nesting_theValueFormReadsTheValueOncePerRun() {
        let log = Locked<[String]>([])
        let model = NavPortLoggedModel(log: log)
        let token = observe {
            let value = model.value
            untracked { log.append("didSet \(value)") }
        }
        model.value += 1
        #expect(log.current == ["get 0", "didSet 0", "get 0", "set 1", "get 1", "didSet 1"])
        withExtendedLifetime(token) {}
    }

    // MARK: - Changes and transactions

    /// swift-navigation's observer runs in a task after the change, so
    /// writes made before the task runs make one run (two writes of the same
    /// code make one run there, seeing 2). A Tracking observer runs at the
    /// end of each transaction: each write outside `withTransaction` is one;
    /// `withTransaction` makes the writes in it one run.
    @Test func transaction_eachWriteOutsideATransactionRunsTheObserverOnce() {
        let inner = NavPortInner()
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(inner.value) }
        inner.value = 1
        inner.value = 2
        #expect(seen.current == [0, 1, 2])
        withTransaction {
            inner.value = 3
            inner.value = 4
        }
        #expect(seen.current == [0, 1, 2, 4])
        withExtendedLifetime(token) {}
    }

    /// UITransactionTests.testSynchronousTransactionKey: an observer created
    /// inside a transaction runs at once, seeing what the transaction wrote
    /// so far (the original checks that its first run is synchronous and
    /// sees the transaction's values). Writes after it, in the same
    /// transaction, run it once, at the transaction's end.
    @Test func transaction_anObserverCreatedInsideATransactionRunsAtOnceThenAtItsEnd() {
        let inner = NavPortInner()
        let seen = Locked<[Int]>([])
        var token: TrackingToken?
        withTransaction {
            inner.value = 1
            token = observe { seen.append(inner.value) }
            #expect(seen.current == [1])
            inner.value = 2
            inner.value = 3
            #expect(seen.current == [1])
        }
        #expect(seen.current == [1, 3])
        withExtendedLifetime(token) {}
    }
}

/// Nesting cases the port found wrong in the engine, fixed: an observer
/// started inside `untracked` or a `withTracking` closure during a run is
/// that run's child, and one started after its parent was cancelled in the
/// same run is cancelled at once.
@Suite struct SwiftNavigationPortNestingFixes {
    /// A parent that, in a run, cancels itself (`cancel`) or releases its
    /// own token (`release`: a screen that dismisses itself from its own
    /// observer, say), then starts an observer in the same run: the parent
    /// never runs again, and the observer it started is cancelled at once,
    /// before its first run. It kept running for each change as long as its token lived
    /// (`isCancelled` false, and 2 runs) before the fix.
    @Test(arguments: ["cancel", "release"])
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
        #expect(childRuns.current == 0)
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
    @Test
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
    @Test
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
