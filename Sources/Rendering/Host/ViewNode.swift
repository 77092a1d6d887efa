import Observation
import Publishing
import Tracking

/// A custom view in the tree: a view with a ``View/body``. It owns the state
/// of its identity (``State`` storage, ``StateObject`` instances), a tracking
/// scope for what its body reads, and the `objectWillChange` subscriptions of
/// the objects it holds.
///
/// Subclassed once, by ``TypedViewNode``, which knows the view's type.
///
/// The fields a list's body reads for each of its rows (the environment and
/// the two flags) come last, so that they share a cache line with the view
/// the subclass stores right after them: a list of thousands of rows whose
/// body runs again reads one or two lines of each row.
class ViewNode: Node {
    let mark: DirtyMark
    /// How views of this node's type are compared and installed.
    final let layout: ViewLayout
    /// Where the subclass keeps the view it shows: set by its initializer
    /// (a placeholder address until then, never read).
    @exclusivity(unchecked) final var viewAddress = UnsafeMutableRawPointer(bitPattern: MemoryLayout<Int>.alignment)!
    let scope: TrackingScope
    /// Storage of the hosted property wrappers, one slot each, in field order.
    final var slots: [AnyObject?] = []
    private var subscriptions: [Subscription] = []
    /// Counts installs, so that subscriptions not renewed by the latest one
    /// can be dropped.
    private var installStamp: UInt64 = 0
    /// Body evaluations, in the generation of the counts it belongs to.
    @exclusivity(unchecked) final var counter: BodyCounter?
    /// The problems shown by the latest render, so that each is reported once.
    final var shownProblems: [RenderingError] = []
    /// The environment the parent passed, without a reader.
    @exclusivity(unchecked) final var environment: EnvironmentValues
    @exclusivity(unchecked) final var hasRendered = false
    /// Whether the parent passed a new view or environment that
    /// ``applyParentUpdate(from:)`` has yet to compare: with ``hasRendered``
    /// and the dirty mark, what tells whether it has anything to do.
    @exclusivity(unchecked) final var hasPendingInputs = false

    /// Whether ``applyParentUpdate(from:)`` would do nothing: rendered
    /// before, given nothing new, not dirty.
    @inline(__always) final var hasNothingNewFromParent: Bool {
        hasRendered && !hasPendingInputs && !mark.mayBeDirty
    }

    private struct Subscription {
        let object: AnyObject
        let cancellable: AnyCancellable
        var stamp: UInt64
    }

    init(
        context: RenderContext, parent: Node?, key: NodeKey, viewType: Any.Type, environment: EnvironmentValues,
        layout: ViewLayout
    ) {
        let mark = DirtyMark(queue: context.queue)
        self.mark = mark
        self.layout = layout
        self.scope = TrackingScope { mark.invalidate(nil) }
        self.environment = environment
        super.init(context: context, parent: parent, key: key, viewType: viewType)
        mark.node = self
    }

    /// Evaluates the body and rebuilds the subtree; then lets the custom
    /// children it produced decide whether they render too.
    func render(extraCauses: [RenderCause]) {
        preconditionFailure("subclass responsibility")
    }

    /// Takes the view the parent's render produced for this node (a value
    /// of the node's view type, at `view`, which it swaps with a view it no
    /// longer needs) and the environment it passed, until
    /// ``applyParentUpdate(from:)`` compares them.
    func receive(at view: UnsafeMutableRawPointer, environment: EnvironmentValues) {
        preconditionFailure("subclass responsibility")
    }

    /// ``receive(at:environment:)`` with the view's address taken by the
    /// call (`&view`), not by a closure: a main-actor closure given to
    /// `withUnsafeMutablePointer` checks the executor each time it runs.
    final func receive<V>(_ view: UnsafeMutablePointer<V>, environment: EnvironmentValues) {
        receive(at: UnsafeMutableRawPointer(view), environment: environment)
    }

    /// ``receive(at:environment:)`` for a row of a `ForEach`, which has
    /// compared already (``KeptRows``) and found the view or the
    /// environment new: the view at `view` is taken unless `viewIsSame`, the
    /// environment only if it is another one. (A row whose inputs and
    /// environment are the same is not called, and the caller drops its
    /// view.)
    func receiveRow(at view: UnsafeMutableRawPointer, environment: borrowing EnvironmentValues, viewIsSame: Bool) {
        preconditionFailure("subclass responsibility")
    }

    /// Called after the parent rendered and produced this view again (or for
    /// the first time): renders if it is new, dirty, or has new inputs.
    func applyParentUpdate(from parent: ViewNode) {
        preconditionFailure("subclass responsibility")
    }

    /// Runs `evaluate` as this view's render: inside its tracking scope and,
    /// if the host tracks Apple's Observation, inside
    /// `withObservationTracking`.
    func track(_ evaluate: () -> Void) {
        if context.tracksObservation {
            let mark = self.mark
            withObservationTracking {
                scope.track(evaluate)
            } onChange: {
                mark.invalidate(.observation)
            }
        } else {
            scope.track(evaluate)
        }
    }

    /// Starts an install: later ``subscribe(to:)`` calls renew subscriptions.
    func beginInstall() {
        installStamp &+= 1
    }

    /// Drops the subscriptions the latest install did not renew: objects the
    /// view no longer holds.
    func endInstall() {
        if subscriptions.contains(where: { $0.stamp != installStamp }) {
            subscriptions.removeAll { $0.stamp != installStamp }
        }
    }

    /// Makes `object`'s `objectWillChange` mark this view dirty, once per
    /// object, for as long as the view holds it.
    func subscribe<Object: ObservableObject>(to object: Object) {
        for index in subscriptions.indices where subscriptions[index].object === object {
            subscriptions[index].stamp = installStamp
            return
        }
        let mark = self.mark
        let cause = RenderCause.objectWillChange(
            ObjectIdentifier(Object.self), typeName: context.types.name(of: Object.self))
        let cancellable = object.objectWillChange.sink { _ in mark.invalidate(cause) }
        subscriptions.append(Subscription(object: object, cancellable: cancellable, stamp: installStamp))
    }

    deinit {
        mark.node = nil
    }

    override func unmount() {
        mark.node = nil
        // While its parents are still there to name it, if it may be asked.
        if let counter, context.counts.isCurrent(counter) { counter.settle() }
        super.unmount()
        scope.cancel()
        subscriptions.removeAll()
        releaseStorage()
    }

    /// Uninstalls the wrappers and drops the slots, so that `@StateObject`
    /// instances are released now.
    func releaseStorage() {
        slots.removeAll()
    }
}
