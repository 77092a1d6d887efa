import Observation
import Publishing
import Tracking

/// A custom view in the tree: a view with a ``View/body``. It owns the state
/// of its identity (``State`` storage, ``StateObject`` instances), a tracking
/// scope for what its body reads, and the `objectWillChange` subscriptions of
/// the objects it holds.
///
/// Subclassed once, by ``TypedViewNode``, which knows the view's type.
class ViewNode: Node {
    let mark: DirtyMark
    let scope: TrackingScope
    /// The environment the parent passed, without a reader.
    var environment: EnvironmentValues
    /// Storage of the hosted property wrappers, one slot each, in field order.
    var slots: [AnyObject?] = []
    private var subscriptions: [Subscription] = []
    /// Counts installs, so that subscriptions not renewed by the latest one
    /// can be dropped.
    private var installStamp: UInt64 = 0
    var hasRendered = false
    /// Body evaluations in the host's current count generation.
    var counter: BodyCounter?
    var countGeneration: UInt64 = 0
    /// The problems shown by the latest render, so that each is reported once.
    var shownProblems: [RenderingError] = []

    private struct Subscription {
        let object: AnyObject
        let cancellable: AnyCancellable
        var stamp: UInt64
    }

    init(host: ViewHost, parent: Node?, key: NodeKey, viewType: Any.Type, environment: EnvironmentValues) {
        let mark = DirtyMark(queue: host.queue)
        self.mark = mark
        self.scope = TrackingScope { mark.invalidate(nil) }
        self.environment = environment
        super.init(host: host, parent: parent, key: key, viewType: viewType)
        mark.node = self
    }

    /// Evaluates the body and rebuilds the subtree; then lets the custom
    /// children it produced decide whether they render too.
    func render(extraCauses: [RenderCause]) {
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
        if host.options.tracksObservation {
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
            ObjectIdentifier(Object.self), typeName: host.names.name(of: Object.self))
        let cancellable = object.objectWillChange.sink { _ in mark.invalidate(cause) }
        subscriptions.append(Subscription(object: object, cancellable: cancellable, stamp: installStamp))
    }

    deinit {
        mark.node = nil
    }

    override func unmount() {
        mark.node = nil
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

/// A custom view node that knows its view's type.
final class TypedViewNode<Content: View>: ViewNode {
    /// The view as last rendered, with its hosted properties installed.
    private var view: Content
    /// What the parent produced in its latest render, until compared.
    var pendingView: Content?
    var pendingEnvironment: EnvironmentValues?
    private let layout: ViewLayout

    init(view: Content, host: ViewHost, parent: Node?, key: NodeKey, environment: EnvironmentValues) {
        self.view = view
        self.layout = host.layout(of: Content.self)
        super.init(host: host, parent: parent, key: key, viewType: Content.self, environment: environment)
        slots = Array(repeating: nil, count: layout.hostedFields.count)
    }

    override func render(extraCauses: [RenderCause]) {
        let taken = mark.takeCauses()
        if hasRendered {
            var causes = extraCauses
            if taken.tracked { causes.append(.property(scope.lastChange ?? "a tracked property")) }
            causes += taken.causes
            host.recordRender(of: self, causes: causes)
        } else {
            host.recordRender(of: self, causes: nil)
        }
        let pass = RenderPass(owner: self)
        let environment = self.environment.read(by: self)
        track { evaluate(pass, environment) }
        hasRendered = true
        for child in pass.deferred { child.applyParentUpdate(from: self) }
    }

    private func evaluate(_ pass: RenderPass, _ environment: EnvironmentValues) {
        var context = InstallContext(node: self, environment: environment)
        beginInstall()
        layout.install(&view, &context)
        endInstall()
        var list = ChildList(pass: pass, parent: self, environment: environment)
        if context.problems.isEmpty {
            shownProblems = []
            if case .custom = host.kind(of: Content.self) {
                list.add(view.body, key: .index(0))
            } else {
                // A built-in view at the root has no body: draw it instead.
                list.add(view, key: .index(0))
            }
        } else {
            for problem in context.problems where !shownProblems.contains(problem) {
                host.errorLog.report(problem)
            }
            shownProblems = context.problems
            for (index, problem) in context.problems.enumerated() {
                list.errorElement(problem, key: .index(index))
            }
        }
        children = list.finish()
    }

    override func applyParentUpdate(from parent: ViewNode) {
        guard hasRendered else {
            render(extraCauses: [])
            return
        }
        var causes: [RenderCause] = []
        if let newEnvironment = pendingEnvironment {
            pendingEnvironment = nil
            if newEnvironment.chain !== environment.chain {
                environment = newEnvironment
                causes.append(.environment(from: host.names.name(of: parent.viewType)))
            }
        }
        if let newView = pendingView {
            pendingView = nil
            if !layout.isSameInput(view, newView) {
                view = newView
                causes.append(.inputs(from: host.names.name(of: parent.viewType)))
            }
        }
        if !causes.isEmpty || mark.isMarkedDirty {
            render(extraCauses: causes)
        }
    }

    override func releaseStorage() {
        layout.uninstall(&view)
        pendingView = nil
        super.releaseStorage()
    }
}

/// The custom views produced by one render, to be visited after it: their
/// bodies are evaluated outside the parent's tracking scope, so that each
/// view depends only on what its own body read.
final class RenderPass {
    unowned(unsafe) let owner: ViewNode
    var deferred: [ViewNode] = []

    init(owner: ViewNode) {
        self.owner = owner
    }
}
