/// A custom view node that knows its view's type.
///
/// The base class reaches the view it shows at ``ViewNode/viewAddress``, so
/// that it compares a new view with it without a call into this generic
/// class.
final class TypedViewNode<Content: View>: ViewNode {
    /// The view as last rendered, with its hosted properties installed.
    /// First, right after the fields of ``ViewNode`` that a list reads for
    /// each row.
    @exclusivity(unchecked) private var view: Content
    /// The view the parent produced in its latest render. Once compared with
    /// ``view`` it stays, holding the same inputs, until the next one
    /// replaces it: kept in place, so that taking a new one moves it
    /// instead of copying it (the view's references are retained once).
    @exclusivity(unchecked) private var received: Content
    /// Whether ``received`` is new since the last comparison.
    @exclusivity(unchecked) private var hasReceived = false
    @exclusivity(unchecked) private var receivedEnvironment: EnvironmentValues?
    private static var isHostInternal: Bool { Content.self is any HostInternalView.Type }

    init(view: Content, context: RenderContext, parent: Node?, key: NodeKey, environment: EnvironmentValues) {
        self.view = view
        self.received = view
        let layout = ViewLayout.of(Content.self)
        super.init(
            context: context, parent: parent, key: key, viewType: Content.self, environment: environment,
            layout: layout)
        // The stored property's address: an object does not move, and the
        // property has no accessors, so the address stays valid for the
        // node's life (the engine takes a @Tracked property's storage the
        // same way).
        viewAddress = UnsafeMutableRawPointer(address(of: &self.view))
        slots = Array(repeating: nil, count: layout.hostedFields.count)
    }

    override func render(extraCauses: [RenderCause]) {
        let taken = mark.takeCauses()
        if Self.isHostInternal {
            // The host's own scaffolding (a tracked ForEach's scopes): not a body.
        } else if hasRendered {
            var causes = extraCauses
            if taken.tracked { causes.append(.property(scope.lastChange ?? "a tracked property")) }
            causes += taken.causes
            context.counts.record(self, causes: causes)
        } else {
            context.counts.record(self, causes: nil)
        }
        let deferred = DeferredChildren(owner: self)
        let environment = self.environment.read(by: self)
        track { evaluate(deferred, environment) }
        hasRendered = true
        deferred.applyParentUpdate()
    }

    private func evaluate(_ deferred: DeferredChildren, _ environment: EnvironmentValues) {
        var install = InstallContext(node: self, environment: environment)
        beginInstall()
        layout.install(&view, &install)
        endInstall()
        var list = ChildList(deferred: deferred, parent: self, environment: environment)
        if install.problems.isEmpty {
            shownProblems = []
            if case .custom = context.types.kind(of: Content.self) {
                list.add(view.body, key: .index(0))
            } else {
                // A built-in view at the root has no body: draw it instead.
                list.add(view, key: .index(0))
            }
        } else {
            for problem in install.problems where !shownProblems.contains(problem) {
                context.errorLog.report(problem)
            }
            shownProblems = install.problems
            for (index, problem) in install.problems.enumerated() {
                list.errorElement(problem, key: .index(index))
            }
        }
        children = list.finish()
    }

    override func receive(at view: UnsafeMutableRawPointer, environment: EnvironmentValues) {
        // The caller's variable takes the previous view, and drops it.
        swap(&received, &view.assumingMemoryBound(to: Content.self).pointee)
        hasReceived = true
        receivedEnvironment = environment
        hasPendingInputs = true
    }

    override func receiveRow(at view: UnsafeMutableRawPointer, environment: borrowing EnvironmentValues, viewIsSame: Bool) {
        if environment.chain !== self.environment.chain {
            receivedEnvironment = copy environment
            hasPendingInputs = true
        }
        if !viewIsSame {
            swap(&received, &view.assumingMemoryBound(to: Content.self).pointee)
            hasReceived = true
            hasPendingInputs = true
        }
    }

    override func applyParentUpdate(from parent: ViewNode) {
        guard hasRendered else {
            render(extraCauses: [])
            return
        }
        guard hasPendingInputs else {
            // A row of a list whose body ran again, with nothing new.
            if mark.mayBeDirty { render(extraCauses: []) }
            return
        }
        hasPendingInputs = false
        var causes: [RenderCause] = []
        if let newEnvironment = receivedEnvironment {
            receivedEnvironment = nil
            if newEnvironment.chain !== environment.chain {
                environment = newEnvironment
                causes.append(.environment(from: context.types.name(of: parent.viewType)))
            }
        }
        if hasReceived {
            hasReceived = false
            if !layout.isSameInput(&view, &received) {
                swap(&view, &received)
                received = view   // drops the old view's references now
                causes.append(.inputs(from: context.types.name(of: parent.viewType)))
            }
        }
        if !causes.isEmpty || mark.mayBeDirty {
            render(extraCauses: causes)
        }
    }

    override func releaseStorage() {
        layout.uninstall(&view)
        received = view
        super.releaseStorage()
    }
}
