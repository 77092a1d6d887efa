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
///   delivery is one atomic load plus the call; a cancelled conduit is
///   skipped even if the current delivery loop's copy still contains it.
/// - A new subscriber first gets its subscription, then the replayed value (if
///   any), and only then live values: values sent meanwhile by other threads
///   are buffered in the conduit and delivered in order right after.
struct SubscriberList<Output, Failure: Error>: Sendable {
    struct State {
        var conduits: [Conduit<Output, Failure>] = []
        var completion: Subscribers.Completion<Failure>?
        /// The value replayed to new subscribers when none is given to
        /// ``SubscriberList/attach(_:replay:)`` (``CurrentValueSubject``).
        var current: Output?
    }

    let state: Locked<State>

    init(current: Output? = nil) {
        state = Locked(State(current: current))
    }

    /// Adds a subscriber, gives it its subscription, replays `replay` (or the
    /// stored current value), then lets live values through. A subscriber
    /// that arrives after the completion receives the completion at once.
    func attach(_ downstream: any Subscriber<Output, Failure>, replay: Output? = nil) {
        let conduit = Conduit(list: self, downstream: downstream)
        let outcome = state.withLock { state -> (Subscribers.Completion<Failure>?, Output?) in
            if let completion = state.completion { return (completion, nil) }
            state.conduits.append(conduit)
            return (nil, replay ?? state.current)
        }
        if let completion = outcome.0 {
            conduit.phase.store(Conduit<Output, Failure>.closed, ordering: .releasing)
            downstream.receive(subscription: conduit)
            downstream.receive(completion: completion)
            return
        }
        conduit.start(replaying: outcome.1)
    }

    /// Delivers `value` to every current subscriber, on this thread, outside
    /// the lock. Does nothing after the completion.
    func send(_ value: Output) {
        let snapshot = state.withLock { state in state.conduits }
        for conduit in snapshot {
            conduit.offer(value)
        }
    }

    /// Ends the publisher: every subscriber receives `completion` and is
    /// released; later subscribers receive it on subscription. A second
    /// completion is ignored.
    func send(completion: Subscribers.Completion<Failure>) {
        let finished = state.withLock { state -> [Conduit<Output, Failure>] in
            guard state.completion == nil else { return [] }
            state.completion = completion
            defer { state.conduits = [] }
            return state.conduits
        }
        for conduit in finished {
            conduit.finish(completion)
        }
    }

    /// The number of subscribers (for tests and diagnostics).
    var count: Int { state.withLock { $0.conduits.count } }

    fileprivate func detach(_ conduit: Conduit<Output, Failure>) -> [Conduit<Output, Failure>.Event] {
        state.withLock { state in
            if let index = state.conduits.firstIndex(where: { $0 === conduit }) {
                state.conduits.remove(at: index)
            }
            defer { conduit.pending = [] }
            return conduit.pending
        }
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
    let downstream: any Subscriber<Output, Failure>
    private let list: SubscriberList<Output, Failure>
    /// Events that arrived while `starting`; guarded by the list's lock.
    fileprivate var pending: [Event] = []

    fileprivate init(list: SubscriberList<Output, Failure>, downstream: any Subscriber<Output, Failure>) {
        self.list = list
        self.downstream = downstream
    }

    fileprivate func start(replaying replay: Output?) {
        downstream.receive(subscription: self)
        if let replay, phase.load(ordering: .acquiring) == Self.starting {
            downstream.receive(replay)
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
        list.state.withLock { _ in
            if pending.isEmpty {
                _ = phase.compareExchange(
                    expected: Self.starting, desired: Self.active, ordering: .acquiringAndReleasing)
                return nil
            }
            defer { pending = [] }
            return pending
        }
    }

    private func deliver(_ event: Event) {
        switch event {
        case .value(let value):
            downstream.receive(value)
        case .completion(let completion):
            if phase.exchange(Self.closed, ordering: .acquiringAndReleasing) != Self.closed {
                downstream.receive(completion: completion)
            }
        }
    }

    /// Buffers `event` if the conduit is still starting; returns false if it
    /// is not (the caller then delivers or drops it).
    private func bufferIfStarting(_ event: Event) -> Bool {
        list.state.withLock { _ in
            guard phase.load(ordering: .acquiring) == Self.starting else { return false }
            pending.append(event)
            return true
        }
    }

    fileprivate func offer(_ value: Output) {
        switch phase.load(ordering: .acquiring) {
        case Self.active:
            downstream.receive(value)
        case Self.starting:
            if !bufferIfStarting(.value(value)), phase.load(ordering: .acquiring) == Self.active {
                downstream.receive(value)
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

    /// Stops deliveries to this subscriber and removes it from the list.
    func cancel() {
        guard phase.exchange(Self.closed, ordering: .acquiringAndReleasing) != Self.closed else { return }
        let dropped = list.detach(self)
        _ = dropped  // released here, outside the lock
    }
}
