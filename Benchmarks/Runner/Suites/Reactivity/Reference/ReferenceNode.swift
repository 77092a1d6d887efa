/// A node of the reference engine's graph (alien-signals' `ReactiveNode`):
/// a signal, a computed value or an effect. Its dependencies (`deps` …
/// `depsTail`) and its subscribers (`subs` … `subsTail`) are lists of
/// ``ReferenceLink``s.
///
/// The subclasses hold the values (``ReferenceSignal``, ``ReferenceComputed``)
/// or the closure (``ReferenceEffect``). What the graph needs from a value
/// node, "bring yourself up to date and say whether you changed", is
/// `refresh`: a closure made where the value's type is known, so that it runs
/// specialized code (a class method overridden in a generic subclass would
/// run unspecialized generic code through the vtable).
///
/// Lifetime: links do not retain nodes. A node's closure captures what it
/// reads, so its dependencies outlive its links to them; and a node removes
/// its links when it is freed, in `deinit`. The graph refers to nodes through
/// ``ReferenceNodeRef`` (no reference counting).
///
/// Single-threaded: `@unchecked Sendable` only because the suite's closures
/// are `@Sendable`.
class ReferenceNode: @unchecked Sendable {
    final var flags: UInt32
    /// The node's current run, from ``ReferenceGraph/nextVersion()``: links
    /// made or confirmed in this run carry it.
    final var version: UInt64 = 0
    final var deps: ReferenceLinkPointer?
    /// The last dependency confirmed in the current run: the cursor that
    /// lets a run reuse last run's links in place.
    final var depsTail: ReferenceLinkPointer?
    final var subs: ReferenceLinkPointer?
    final var subsTail: ReferenceLinkPointer?
    /// Brings a value node up to date; returns whether its value changed.
    /// Called by the graph with the node itself.
    final let refresh: (ReferenceNode) -> Bool

    init(flags: UInt32, refresh: @escaping (ReferenceNode) -> Bool) {
        self.flags = flags
        self.refresh = refresh
    }

    deinit {
        let node = ReferenceNodeRef(self)
        ReferenceGraph.removeAllDependencies(of: node)
        ReferenceGraph.detachSubscribers(of: node)
    }

    /// This node, unretained.
    @inline(__always)
    final var ref: ReferenceNodeRef { ReferenceNodeRef(self) }
}

/// An unretained reference to a node, for the graph's walks: no retain or
/// release on any access (each access borrows the node for its duration).
/// The node must be alive (see ``ReferenceNode`` for why it is).
struct ReferenceNodeRef: Equatable {
    private let unmanaged: Unmanaged<ReferenceNode>

    @inline(__always)
    init(_ node: ReferenceNode) {
        unmanaged = .passUnretained(node)
    }

    @inline(__always)
    static func == (left: Self, right: Self) -> Bool {
        left.unmanaged.toOpaque() == right.unmanaged.toOpaque()
    }

    /// Runs `body` with the node, borrowed.
    @inline(__always)
    func with<Result>(_ body: (ReferenceNode) -> Result) -> Result {
        unmanaged._withUnsafeGuaranteedRef(body)
    }

    /// The node as the subclass it is known to be, unretained.
    @inline(__always)
    func with<Node: ReferenceNode, Result>(_: Node.Type, _ body: (Node) -> Result) -> Result {
        unmanaged._withUnsafeGuaranteedRef { body(unsafeDowncast($0, to: Node.self)) }
    }

    var flags: UInt32 {
        @inline(__always) get { with { $0.flags } }
        @inline(__always) nonmutating set { with { $0.flags = newValue } }
    }

    var version: UInt64 {
        @inline(__always) get { with { $0.version } }
        @inline(__always) nonmutating set { with { $0.version = newValue } }
    }

    var deps: ReferenceLinkPointer? {
        @inline(__always) get { with { $0.deps } }
        @inline(__always) nonmutating set { with { $0.deps = newValue } }
    }

    var depsTail: ReferenceLinkPointer? {
        @inline(__always) get { with { $0.depsTail } }
        @inline(__always) nonmutating set { with { $0.depsTail = newValue } }
    }

    var subs: ReferenceLinkPointer? {
        @inline(__always) get { with { $0.subs } }
        @inline(__always) nonmutating set { with { $0.subs = newValue } }
    }

    var subsTail: ReferenceLinkPointer? {
        @inline(__always) get { with { $0.subsTail } }
        @inline(__always) nonmutating set { with { $0.subsTail = newValue } }
    }

    /// Brings the node up to date (see ``ReferenceNode/refresh``).
    @inline(__always)
    func refresh() -> Bool {
        with { $0.refresh($0) }
    }
}
