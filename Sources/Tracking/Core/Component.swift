import Synchronization

/// A connected part of the dependency graph, and the lock that guards it.
///
/// Two nodes share a component as soon as a link joins them, so everything a
/// change can reach — subscriber lists, flags, cached results, the links of
/// the nodes it walks — is guarded by one lock, while parts of the graph that
/// no link joins share nothing: two threads writing unrelated objects never
/// touch the same lock or cache line.
///
/// Components only ever merge (a union-find without path compression): a
/// node points at the component it joined first, and a merged component
/// forwards to the one it was merged into. Merging the smaller into the larger
/// keeps every chain of forwards logarithmic in the number of merges. The
/// lock is a ``SpinLock``, never held while user code runs.
@usableFromInline
final class Component: @unchecked Sendable {
    @usableFromInline
    let spinLock = SpinLock()

    /// The component this one was merged into (a retained reference), or 0
    /// while it is a root.
    @usableFromInline
    let forwardBits = Atomic<UInt>(0)

    /// How many components were merged into this one, counting itself: merges
    /// go from the smaller to the larger. Guarded by the lock.
    @exclusivity(unchecked)
    private var size = 1

    /// How many before-change (`.willSet`) one-shots wait in this component.
    /// Changed under the lock, read without it by writes, which skip the
    /// before-change walk while it is zero.
    let waitingBeforeChange = Atomic<Int>(0)

    init() {}

    deinit {
        let forward = forwardBits.load(ordering: .relaxed)
        if forward != 0 { Component.unmanaged(forward).release() }
    }

    // MARK: The lock

    @inlinable @inline(__always)
    func lock() {
        spinLock.lock()
    }

    /// Releases the lock of a root taken by ``lock(_:)`` or ``lockAgain(_:of:)``.
    /// Inlinable, with ``lock(_:)``, for the read of a current derived value.
    @inlinable @inline(__always)
    func unlock() {
        spinLock.unlock()
    }

    // MARK: Finding and locking the root

    @inlinable @inline(__always)
    static func unmanaged(_ bits: UInt) -> Unmanaged<Component> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    }

    /// The root reached from `start`, unlocked (it may be merged meanwhile).
    @inlinable @inline(__always)
    static func root(from start: Unmanaged<Component>) -> Unmanaged<Component> {
        var current = start
        while true {
            let forward = current._withUnsafeGuaranteedRef { $0.forwardBits.load(ordering: .acquiring) }
            if forward == 0 { return current }
            current = unmanaged(forward)
        }
    }

    /// The component `node` joined first, giving it a new one if it has none.
    @inlinable @inline(__always)
    static func first(of node: Node) -> Unmanaged<Component> {
        let bits = node.componentBits.load(ordering: .acquiring)
        if bits != 0 { return unmanaged(bits) }
        return installFirst(in: node)
    }

    /// Gives `node` its first component (out of line: once per node).
    @usableFromInline @inline(never)
    static func installFirst(in node: Node) -> Unmanaged<Component> {
        install(Component(), in: node)
    }

    /// Gives `node` the component `candidate` if it has none yet (retaining
    /// it), and returns the one it has.
    @discardableResult
    private static func install(_ candidate: Component, in node: Node) -> Unmanaged<Component> {
        let reference = Unmanaged.passRetained(candidate)
        let bits = UInt(bitPattern: reference.toOpaque())
        let (exchanged, original) = node.componentBits.compareExchange(
            expected: 0, desired: bits, ordering: .acquiringAndReleasing)
        if exchanged { return reference }
        reference.release()
        return unmanaged(original)
    }

    /// Locks the root of `node`'s component and returns it, unretained: the
    /// node keeps it alive. Gives the node a component of its own if it has
    /// none.
    @inlinable @inline(__always)
    static func lock(_ node: Node) -> Unmanaged<Component> {
        let start = first(of: node)
        while true {
            let root = root(from: start)
            root._withUnsafeGuaranteedRef { $0.lock() }
            if root._withUnsafeGuaranteedRef({ $0.forwardBits.load(ordering: .relaxed) }) == 0 { return root }
            // Merged while we waited: follow the forward.
            root._withUnsafeGuaranteedRef { $0.unlock() }
        }
    }

    /// Locks the root of `node`'s component if its lock is free, and returns
    /// it; nil otherwise (no component yet, contended, or merged meanwhile),
    /// holding no lock. ``lock(_:)`` without its calls, for the read of a
    /// current derived value; ``lock(_:)`` handles the rest.
    @inlinable @inline(__always)
    static func tryLockRoot(of node: Node) -> Unmanaged<Component>? {
        let bits = node.componentBits.load(ordering: .acquiring)
        if bits == 0 { return nil }
        let component = root(from: unmanaged(bits))
        let exchanged = component._withUnsafeGuaranteedRef {
            $0.spinLock.state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
        }
        if !exchanged { return nil }
        // Still a root under its own lock: merges take both roots' locks.
        if component._withUnsafeGuaranteedRef({ $0.forwardBits.load(ordering: .relaxed) }) == 0 { return component }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        return nil
    }

    /// Locks `root`, the root of `node`'s component when the caller last
    /// held its lock, if it still is one (it is then `node`'s root: merges
    /// happen only under the locks of both roots), else the current root of
    /// `node`. Skips the walk from the component `node` joined first.
    @inlinable @inline(__always)
    static func lockAgain(_ root: Unmanaged<Component>, of node: Node) -> Unmanaged<Component> {
        root._withUnsafeGuaranteedRef { $0.lock() }
        if root._withUnsafeGuaranteedRef({ $0.forwardBits.load(ordering: .relaxed) }) == 0 { return root }
        root._withUnsafeGuaranteedRef { $0.unlock() }
        return lock(node)
    }

    /// The root of `node`'s component now, unlocked, or nil if it has none.
    /// Only for reads that tolerate a merge right after (counters).
    @inline(__always)
    static func currentRoot(of node: Node) -> Unmanaged<Component>? {
        let bits = node.componentBits.load(ordering: .acquiring)
        if bits == 0 { return nil }
        return root(from: unmanaged(bits))
    }

    /// Takes `node` out of its component, which it joined first, as if it
    /// had never joined one. Only for a node no other thread can reach (no
    /// link names it), which is about to be used again: a recycled one-shot.
    static func leave(_ node: Node) {
        let bits = node.componentBits.load(ordering: .relaxed)
        if bits == 0 { return }
        if let subscriber = node as? SubscriberNode { subscriber.rootHint.store(0, ordering: .relaxed) }
        node.componentBits.store(0, ordering: .relaxed)
        unmanaged(bits).release()
    }

    /// Whether the two nodes are in one component now (components never split,
    /// so a true answer stays true).
    @inline(__always)
    static func areJoined(_ a: Node, _ b: Node) -> Bool {
        let aBits = a.componentBits.load(ordering: .acquiring)
        let bBits = b.componentBits.load(ordering: .acquiring)
        if aBits == 0 || bBits == 0 { return false }
        // Most often both joined the same component first.
        if aBits == bBits { return true }
        return root(from: unmanaged(aBits)).toOpaque() == root(from: unmanaged(bBits)).toOpaque()
    }

    // MARK: Merging

    /// Puts `a` and `b` in one component, merging theirs if they differ. A node
    /// without a component joins the other's root as it is, so a subscriber
    /// that reads an observed object, or a new object read by an observed
    /// subscriber, takes no allocation. Call with no component lock held.
    static func join(_ a: Node, _ b: Node) {
        while true {
            let aBits = a.componentBits.load(ordering: .acquiring)
            let bBits = b.componentBits.load(ordering: .acquiring)
            if aBits == 0 {
                if bBits == 0 {
                    let shared = Unmanaged.passRetained(Component())
                    defer { shared.release() }
                    install(shared.takeUnretainedValue(), in: a)
                    continue
                }
                // The root, so that later walks from `a` are short. It is
                // alive: `b` holds its first component, which holds the
                // chain of forwards to the root.
                if installIfEmpty(root(from: unmanaged(bBits)), in: a) { return }
                continue
            }
            if bBits == 0 {
                if installIfEmpty(root(from: unmanaged(aBits)), in: b) { return }
                continue
            }
            let first = root(from: unmanaged(aBits))
            let second = root(from: unmanaged(bBits))
            if first.toOpaque() == second.toOpaque() { return }
            // Both roots, locked in address order so that two merges cannot wait
            // for each other.
            let (low, high) = first.toOpaque() < second.toOpaque() ? (first, second) : (second, first)
            low._withUnsafeGuaranteedRef { $0.lock() }
            high._withUnsafeGuaranteedRef { $0.lock() }
            let stillRoots = low._withUnsafeGuaranteedRef { $0.forwardBits.load(ordering: .relaxed) } == 0
                && high._withUnsafeGuaranteedRef { $0.forwardBits.load(ordering: .relaxed) } == 0
            if stillRoots { merge(low, high) }
            high._withUnsafeGuaranteedRef { $0.unlock() }
            low._withUnsafeGuaranteedRef { $0.unlock() }
            if stillRoots { return }
        }
    }

    /// Joins `node`, which has no component yet, to `source`'s, and locks
    /// it: ``join(_:_:)`` then ``lock(_:)``, in the usual case (`source` has
    /// a component, and no other thread gives `node` one meanwhile) with one
    /// walk to the root and no call.
    @inline(__always)
    static func lockJoining(_ node: Node, _ source: Unmanaged<Node>) -> Unmanaged<Component> {
        let sourceBits = source._withUnsafeGuaranteedRef { $0.componentBits.load(ordering: .acquiring) }
        if sourceBits != 0 {
            let root = root(from: unmanaged(sourceBits))
            if installIfEmpty(root, in: node) { return lockAgain(root, of: node) }
        }
        return joinAndLock(node, source)
    }

    /// ``lockJoining(_:_:)`` when `source` has no component, or another
    /// thread gave `node` one.
    @inline(never)
    private static func joinAndLock(_ node: Node, _ source: Unmanaged<Node>) -> Unmanaged<Component> {
        source._withUnsafeGuaranteedRef { join(node, $0) }
        return lock(node)
    }

    /// Gives `node`, which has no component, the component `candidate`
    /// (retaining it). Returns false if another thread gave it one first.
    @inline(__always)
    private static func installIfEmpty(_ candidate: Unmanaged<Component>, in node: Node) -> Bool {
        _ = candidate.retain()
        let bits = UInt(bitPattern: candidate.toOpaque())
        if node.componentBits.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing).exchanged {
            return true
        }
        candidate.release()
        return false
    }

    /// Merges two locked roots, the smaller into the larger.
    private static func merge(_ a: Unmanaged<Component>, _ b: Unmanaged<Component>) {
        let aSize = a._withUnsafeGuaranteedRef { $0.size }
        let bSize = b._withUnsafeGuaranteedRef { $0.size }
        let (small, large) = aSize <= bSize ? (a, b) : (b, a)
        large._withUnsafeGuaranteedRef { large in
            small._withUnsafeGuaranteedRef { small in
                large.size += small.size
                let waiting = small.waitingBeforeChange.load(ordering: .relaxed)
                if waiting != 0 { large.waitingBeforeChange.wrappingAdd(waiting, ordering: .relaxed) }
                // Retained by the forward; released by the small one's deinit.
                let forward = Unmanaged.passRetained(large).toOpaque()
                small.forwardBits.store(UInt(bitPattern: forward), ordering: .releasing)
            }
        }
    }

    /// Whether `node` is in the component whose root is `root`, which the
    /// caller holds locked (so that it stays the root: merges take both
    /// roots' locks). `firstBits` is the component a node of it joined
    /// first: a node that joined the same one, or the root itself, is found
    /// by a comparison.
    @inline(__always)
    static func contains(_ root: Unmanaged<Component>, _ node: Node, sharing firstBits: UInt) -> Bool {
        let bits = node.componentBits.load(ordering: .acquiring)
        if bits == 0 { return false }
        let rootBits = UInt(bitPattern: root.toOpaque())
        if bits == firstBits || bits == rootBits { return true }
        return UInt(bitPattern: Component.root(from: unmanaged(bits)).toOpaque()) == rootBits
    }

    /// ``contains(_:_:sharing:)``, where a node that has no component yet
    /// joins `root`'s as it is (no lock is needed to give a node its first
    /// component).
    @inline(__always)
    static func containsOrAdopts(_ root: Unmanaged<Component>, _ node: Node, sharing firstBits: UInt) -> Bool {
        if contains(root, node, sharing: firstBits) { return true }
        if node.componentBits.load(ordering: .acquiring) == 0, installIfEmpty(root, in: node) { return true }
        // Another thread gave it one meanwhile.
        return contains(root, node, sharing: firstBits)
    }
}
