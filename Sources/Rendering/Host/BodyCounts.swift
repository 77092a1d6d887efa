/// The host's counts of body evaluations, per view type and per identity,
/// and its log of re-renders with their causes: what the benchmarks and the
/// tutorials show.
///
/// A reset is constant time: it starts a new generation, and a node's counter
/// counts only if it belongs to the current one.
///
/// A counter names its node by the node's identity, a path of type names
/// and ids, which costs string formatting and a copy of the parent's path
/// per node: it is made when first asked for, or when its node leaves the
/// tree while the counter may still be asked for, not when a new row first
/// renders.
@MainActor final class BodyCounts {
    private let types: ViewTypes
    private let recordsLog: Bool
    private var byType: [ObjectIdentifier: (name: String, count: Int)] = [:]
    /// Incremented by ``reset()``.
    private var generation: UInt64 = 1
    /// The counters of this generation, for ``ViewHost/bodyCountsByIdentity``.
    /// They do not keep their nodes (or the nodes' state) alive.
    private var counters: [BodyCounter] = []
    private(set) var log: [RenderRecord] = []

    init(types: ViewTypes, recordsLog: Bool) {
        self.types = types
        self.recordsLog = recordsLog
    }

    /// Counts one body evaluation of `node`; logs it with `causes` unless it
    /// is the node's first (nil).
    func record(_ node: ViewNode, causes: [RenderCause]?) {
        let typeKey = node.typeID
        if let entry = byType[typeKey] {
            byType[typeKey] = (entry.name, entry.count + 1)
        } else {
            byType[typeKey] = (types.name(of: node.viewType), 1)
        }
        let counter: BodyCounter
        if let current = node.counter, current.generation == generation {
            counter = current
        } else {
            counter = BodyCounter(node: node, generation: generation)
            node.counter = counter
            counters.append(counter)
        }
        counter.count += 1
        if let causes, recordsLog {
            log.append(RenderRecord(viewType: types.name(of: node.viewType), identity: node.identity, causeValues: causes))
        }
    }

    func count(of type: Any.Type) -> Int {
        byType[ObjectIdentifier(type)]?.count ?? 0
    }

    var total: Int {
        byType.values.reduce(0) { $0 + $1.count }
    }

    var byTypeName: [String: Int] {
        byType.values.reduce(into: [:]) { $0[$1.name, default: 0] += $1.count }
    }

    var byIdentity: [String: Int] {
        counters.reduce(into: [:]) { $0[$1.identity, default: 0] += $1.count }
    }

    /// Whether `counter` is one of this generation's, which
    /// ``ViewHost/bodyCountsByIdentity`` lists.
    func isCurrent(_ counter: BodyCounter) -> Bool {
        counter.generation == generation
    }

    func reset() {
        byType.removeAll(keepingCapacity: true)
        generation &+= 1
        counters.removeAll(keepingCapacity: true)
        log.removeAll(keepingCapacity: true)
    }
}

/// How many times one view identity rendered in one generation of the
/// counts.
@MainActor final class BodyCounter {
    let generation: UInt64
    var count = 0
    /// The node counted, until its identity is settled. It does not keep the
    /// node alive: a node that leaves the tree settles its current counter
    /// first (``ViewNode/unmount()``).
    private unowned(unsafe) var node: ViewNode?
    private var settledIdentity: String?

    init(node: ViewNode, generation: UInt64) {
        self.node = node
        self.generation = generation
    }

    /// The node's path from the root (``Node/identity``).
    var identity: String {
        if let settledIdentity { return settledIdentity }
        settle()
        return settledIdentity.unsafelyUnwrapped
    }

    /// Takes the node's identity now and lets go of the node.
    func settle() {
        guard settledIdentity == nil, let node else { return }
        settledIdentity = node.identity
        self.node = nil
    }
}

extension ViewHost {
    /// How many times the bodies of views of type `type` were evaluated
    /// since the host was created or ``resetCounts()`` was last called,
    /// first renders included.
    ///
    /// - Parameter type: A custom view type (built-in views have no body).
    /// - Returns: The count; 0 for a type that never rendered.
    public func bodyCount<V: View>(of type: V.Type) -> Int {
        context.counts.count(of: type)
    }

    /// The total number of body evaluations since the last reset.
    public var totalBodyCount: Int {
        context.counts.total
    }

    /// Body evaluations since the last reset, by view type name (generic
    /// arguments dropped, so `Wrapper<A>` and `Wrapper<B>` add up). Types
    /// that did not render are absent.
    public var bodyCounts: [String: Int] {
        context.counts.byTypeName
    }

    /// Body evaluations since the last reset, by view identity: the path
    /// from the root, one component per view (custom or built in), each the
    /// view's type name followed by `[i]` for a structural position other
    /// than the first, or `[id: x]` for a `ForEach` element or an `.id(x)`.
    ///
    /// ```
    /// ["TodoListView/VStack/TupleView/List[2]/ForEach/TodoRowView[id: 7]": 1]
    /// ```
    public var bodyCountsByIdentity: [String: Int] {
        context.counts.byIdentity
    }

    /// The re-renders since the last reset, in order, with their causes.
    /// First renders are counted but not logged.
    public var renderLog: [RenderRecord] { context.counts.log }

    /// Sets every count to zero and empties ``renderLog``. Constant time, so
    /// a benchmark can call it before each update.
    public func resetCounts() {
        context.counts.reset()
    }
}
