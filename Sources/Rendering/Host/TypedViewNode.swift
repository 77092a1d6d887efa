/// A custom view node that knows its view's type.
///
/// Its two views live in memory it allocates, at the address
/// ``ViewNode/viewAddress`` gives, so that the base class compares a new
/// view with the one shown without a call into this generic class.
final class TypedViewNode<Content: View>: ViewNode {
    /// The view as last rendered, with its hosted properties installed,
    /// then the view the parent produced in its latest render. Once
    /// compared with the first, the second stays, holding the same inputs,
    /// until the next one replaces it: kept in place, so that taking a new
    /// one moves it instead of copying it (the view's references are
    /// retained once). `nonisolated(unsafe)` for the deinitializer, which
    /// frees it and is the object's last use.
    nonisolated(unsafe) private let views: UnsafeMutablePointer<Content>
    /// Whether the received view is new since the last comparison.
    @exclusivity(unchecked) private var hasReceived = false
    @exclusivity(unchecked) private var receivedEnvironment: EnvironmentValues?

    private var view: Content {
        unsafeAddress { UnsafePointer(views) }
        unsafeMutableAddress { views }
    }

    private var received: Content {
        unsafeAddress { UnsafePointer(views + 1) }
        unsafeMutableAddress { views + 1 }
    }

    init(view: Content, context: RenderContext, parent: Node?, key: NodeKey, environment: EnvironmentValues) {
        views = .allocate(capacity: 2)
        views.initialize(to: view)
        (views + 1).initialize(to: view)
        let layout = ViewLayout.of(Content.self)
        super.init(
            context: context, parent: parent, key: key, viewType: Content.self, environment: environment,
            layout: layout, viewAddress: UnsafeMutableRawPointer(views))
        slots = Array(repeating: nil, count: layout.hostedFields.count)
    }

    deinit {
        views.deinitialize(count: 2)
        views.deallocate()
    }

    override func render(extraCauses: [RenderCause]) {
        let taken = mark.takeCauses()
        if hasRendered {
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

    override func receiveRow(at view: UnsafeMutableRawPointer, environment: borrowing EnvironmentValues) {
        if environment.chain !== self.environment.chain {
            receivedEnvironment = copy environment
            hasPendingInputs = true
        }
        guard hasRendered, layout.isSameInput(views, view.assumingMemoryBound(to: Content.self)) else {
            swap(&received, &view.assumingMemoryBound(to: Content.self).pointee)
            hasReceived = true
            hasPendingInputs = true
            return
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
            if !layout.isSameInput(views, views + 1) {
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
