import Synchronization

/// The subscribers of a multicasting publisher (``ObservableObjectPublisher``,
/// the subjects, `$property`), and the one place where values fan out to them.
///
/// Design, shared by all of them:
/// - The list and the completion live behind one lock. ``send(_:)`` copies the
///   list under the lock (a retain of the array buffer, no allocation) and
///   calls every subscriber after dropping it, so a subscriber may subscribe,
///   cancel or send from inside its callback.
/// - Each subscriber sits in a ``Conduit`` whose phase is an atomic: a
///   cancelled conduit is skipped even if the current delivery loop's copy
///   still contains it. A delivery copies the subscriber under the conduit's
///   own lock and calls it outside: a cancel or a completion lets go of the
///   subscriber at once, as Combine's subscriptions do, so that a subscriber
///   that keeps its subscription is not kept alive by it.
/// - An atomic flag says whether the list is empty, so that sending to no
///   subscriber (an observed object whose views have gone) takes no lock.
/// - A new subscriber first gets its subscription, then the replayed value (if
///   any), and only then live values: values sent meanwhile (by other threads,
///   or by its own `receive(subscription:)`) are buffered in the conduit and
///   delivered in order right after.
final class SubscriberList<Output, Failure: Error>: @unchecked Sendable {
    /// Guards every `var` below and the conduits' pending events.
    let lock = Lock.make()
    @exclusivity(unchecked) private var conduits: [Conduit<Output, Failure>] = [] {
        didSet { isEmpty.store(conduits.isEmpty, ordering: .releasing) }
    }
    /// `conduits.isEmpty`, readable without the lock.
    private let isEmpty = Atomic<Bool>(true)
    @exclusivity(unchecked) private var completion: Subscribers.Completion<Failure>?
    /// The value replayed to new subscribers when none is given to
    /// ``attach(_:replay:)`` (``CurrentValueSubject``).
    @exclusivity(unchecked) private var current: Output?

    init(current: Output? = nil) {
        self.current = current
    }

    /// Adds a subscriber, gives it its subscription, replays `replay` (or the
    /// stored current value), then lets live values through. A subscriber
    /// that arrives after the completion receives the completion at once.
    func attach(_ downstream: any Subscriber<Output, Failure>, replay: Output? = nil) {
        let conduit = Conduit(list: self, downstream: downstream)
        lock.lock()
        let completion = completion
        if completion == nil { conduits.append(conduit) }
        let replayed = replay ?? current
        lock.unlock()
        if let completion {
            conduit.phase.store(Conduit<Output, Failure>.closed, ordering: .releasing)
            _ = conduit.takeDownstream()
            downstream.receive(subscription: conduit)
            downstream.receive(completion: completion)
            return
        }
        conduit.start(replaying: replayed)
    }

    /// Delivers `value` to every current subscriber, on this thread, outside
    /// the lock. Does nothing after the completion.
    func send(_ value: Output) {
        if isEmpty.load(ordering: .acquiring) { return }
        lock.lock()
        let snapshot = conduits
        lock.unlock()
        for conduit in snapshot {
            conduit.offer(value)
        }
    }

    /// Ends the publisher: every subscriber receives `completion` and is
    /// released; later subscribers receive it on subscription. A second
    /// completion is ignored.
    func send(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        var finished: [Conduit<Output, Failure>] = []
        if self.completion == nil {
            self.completion = completion
            swap(&finished, &conduits)
        }
        lock.unlock()
        for conduit in finished {
            conduit.finish(completion)
        }
    }

    /// The value replayed to new subscribers.
    var currentValue: Output? {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Stores `value` as the one replayed to new subscribers, unless the list
    /// is completed; returns whether it was stored, and the value it replaces
    /// (for the caller to release outside the lock).
    func replaceCurrent(with value: Output) -> (stored: Bool, previous: Output?) {
        lock.lock()
        defer { lock.unlock() }
        guard completion == nil else { return (false, nil) }
        defer { current = value }
        return (true, current)
    }

    /// The number of subscribers (for tests and diagnostics).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return conduits.count
    }

    /// Removes `conduit`; returns its pending events, to be released outside
    /// the lock.
    fileprivate func detach(_ conduit: Conduit<Output, Failure>) -> [Conduit<Output, Failure>.Event] {
        lock.lock()
        defer { lock.unlock() }
        if let index = conduits.firstIndex(where: { $0 === conduit }) {
            conduits.remove(at: index)
        }
        defer { conduit.pending = [] }
        return conduit.pending
    }
}

/// One subscriber's place in a ``SubscriberList``, and the ``Subscription``
/// it receives.
final class Conduit<Output, Failure: Error>: Subscription, @unchecked Sendable {
    enum Event {
        case value(Output)
        case completion(Subscribers.Completion<Failure>)
    }

    static var starting: UInt8 { 0 }
    static var active: UInt8 { 1 }
    static var closed: UInt8 { 2 }

    /// `starting` until the subscription and replay are delivered, then
    /// `active`; `closed` after cancel or completion. Changes from `starting`
    /// happen under the list's lock, so that buffering cannot miss the drain.
    let phase = Atomic<UInt8>(0)
    /// Guards `downstreamStorage`.
    private let downstreamLock = Lock.make()
    /// The subscriber, until the conduit closes.
    @exclusivity(unchecked) private var downstreamStorage: (any Subscriber<Output, Failure>)?
    /// Weak, so that a publisher dropped while subscribers still hold their
    /// subscriptions frees its list (the list holds the conduits strongly).
    private weak var list: SubscriberList<Output, Failure>?
    /// Events that arrived while `starting`; guarded by the list's lock.
    @exclusivity(unchecked) fileprivate var pending: [Event] = []

    fileprivate init(list: SubscriberList<Output, Failure>, downstream: any Subscriber<Output, Failure>) {
        self.list = list
        self.downstreamStorage = downstream
    }

    /// The subscriber, or nil once the conduit closed.
    private var downstream: (any Subscriber<Output, Failure>)? {
        downstreamLock.lock()
        defer { downstreamLock.unlock() }
        return downstreamStorage
    }

    /// Lets go of the subscriber; returns it, for the caller to release (or
    /// call) outside the lock.
    fileprivate func takeDownstream() -> (any Subscriber<Output, Failure>)? {
        downstreamLock.lock()
        defer { downstreamLock.unlock() }
        defer { downstreamStorage = nil }
        return downstreamStorage
    }

    fileprivate func start(replaying replay: Output?) {
        downstream?.receive(subscription: self)
        if let replay, phase.load(ordering: .acquiring) == Self.starting {
            downstream?.receive(replay)
        }
        while let events = takePendingOrActivate() {
            for event in events {
                guard phase.load(ordering: .acquiring) != Self.closed else { return }
                deliver(event)
            }
        }
    }

    /// Returns buffered events, or nil after switching to `active` when there
    /// are none left.
    private func takePendingOrActivate() -> [Event]? {
        guard let list else {
            _ = phase.compareExchange(expected: Self.starting, desired: Self.active, ordering: .acquiringAndReleasing)
            return nil
        }
        list.lock.lock()
        defer { list.lock.unlock() }
        if pending.isEmpty {
            _ = phase.compareExchange(expected: Self.starting, desired: Self.active, ordering: .acquiringAndReleasing)
            return nil
        }
        defer { pending = [] }
        return pending
    }

    private func deliver(_ event: Event) {
        switch event {
        case .value(let value):
            downstream?.receive(value)
        case .completion(let completion):
            if phase.exchange(Self.closed, ordering: .acquiringAndReleasing) != Self.closed {
                takeDownstream()?.receive(completion: completion)
            }
        }
    }

    /// Buffers `event` if the conduit is still starting; returns false if it
    /// is not (the caller then delivers or drops it).
    private func bufferIfStarting(_ event: Event) -> Bool {
        guard let list else { return false }
        list.lock.lock()
        defer { list.lock.unlock() }
        guard phase.load(ordering: .acquiring) == Self.starting else { return false }
        pending.append(event)
        return true
    }

    fileprivate func offer(_ value: Output) {
        switch phase.load(ordering: .acquiring) {
        case Self.active:
            downstream?.receive(value)
        case Self.starting:
            if !bufferIfStarting(.value(value)), phase.load(ordering: .acquiring) == Self.active {
                downstream?.receive(value)
            }
        default:
            return
        }
    }

    fileprivate func finish(_ completion: Subscribers.Completion<Failure>) {
        if phase.load(ordering: .acquiring) == Self.starting, bufferIfStarting(.completion(completion)) {
            return
        }
        deliver(.completion(completion))
    }

    /// Stops deliveries to this subscriber, removes it from the list and
    /// lets go of it.
    func cancel() {
        guard phase.exchange(Self.closed, ordering: .acquiringAndReleasing) != Self.closed else { return }
        let dropped = list?.detach(self)
        let subscriber = takeDownstream()
        withExtendedLifetime((dropped, subscriber)) {}  // released here, outside the locks
    }
}
