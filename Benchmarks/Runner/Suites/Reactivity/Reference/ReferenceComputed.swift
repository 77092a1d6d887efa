/// A computed value of the reference engine: lazy, cached in the node, and
/// recomputed only when read after one of its dependencies really changed.
///
/// `Cutoff` decides whether a new result is a change: ``ReferenceEqualCutoff``
/// (`==`, equality cut-off) or ``ReferenceNoCutoff`` (every result is new, as
/// a new object in JavaScript). A type parameter rather than a stored
/// closure, so that the comparison is inlined.
final class ReferenceComputed<Cutoff: ReferenceCutoff>: ReferenceNode, @unchecked Sendable {
    typealias Value = Cutoff.Value

    private var value: Value?
    private let compute: () -> Value

    init(_ compute: @escaping () -> Value) {
        self.compute = compute
        super.init(flags: 0) { node in
            unsafeDowncast(node, to: ReferenceComputed<Cutoff>.self).recompute()
        }
    }

    /// The value, up to date, as a dependency of the running node.
    @inline(__always)
    func read() -> Value {
        let flags = flags
        if flags & (ReferenceFlags.dirty | ReferenceFlags.pending) != 0 {
            if flags & ReferenceFlags.dirty != 0 || ReferenceGraph.checkDirty(deps.unsafelyUnwrapped, of: ref) {
                if recompute(), let subs { ReferenceGraph.shallowPropagate(subs) }
            } else {
                self.flags = flags & ~ReferenceFlags.pending
            }
        } else if flags == 0 {
            _ = recompute()  // first read
        }
        if let sub = ReferenceGraph.activeSub { ReferenceGraph.link(ref, sub) }
        return value.unsafelyUnwrapped
    }

    /// Runs the closure, relinking what it reads; returns whether the result
    /// is a change.
    @inline(__always)
    private func recompute() -> Bool {
        let previous = ReferenceGraph.beginRun(ref, flags: ReferenceFlags.mutable)
        let newValue = compute()
        ReferenceGraph.endRun(ref, restoring: previous)
        if let value, Cutoff.isSame(value, newValue) { return false }
        value = newValue
        return true
    }
}

/// Whether a computed value's new result is no change (see
/// ``ReferenceComputed``).
protocol ReferenceCutoff {
    associatedtype Value
    static func isSame(_ old: Value, _ new: Value) -> Bool
}

/// Equal results (`==`) are no change.
enum ReferenceEqualCutoff<Value: Equatable>: ReferenceCutoff {
    @inline(__always)
    static func isSame(_ old: Value, _ new: Value) -> Bool { old == new }
}

/// Every result is a change.
enum ReferenceNoCutoff<Value>: ReferenceCutoff {
    @inline(__always)
    static func isSame(_ old: Value, _ new: Value) -> Bool { false }
}
