/// A signal of the reference engine: a written value and the value its
/// readers last saw (alien-signals' `pendingValue` and `currentValue`).
///
/// A write stores the new value, marks the signal `dirty` and propagates;
/// the first read after it (or a dependent's check) commits it, and reports
/// a change only if it differs from the committed value. So a value changed
/// and changed back inside a batch changes nothing downstream.
///
/// Unlike alien-signals, a write to a signal nobody has read since its last
/// write propagates nothing: until the signal is read (committed), every
/// node downstream of it is still marked, so walking them again would
/// change nothing.
final class ReferenceSignal<Value: Equatable>: ReferenceNode, @unchecked Sendable {
    private var committed: Value
    private var written: Value

    init(_ value: Value) {
        committed = value
        written = value
        super.init(flags: ReferenceFlags.mutable) { node in
            unsafeDowncast(node, to: ReferenceSignal<Value>.self).commit()
        }
    }

    /// The value, as a dependency of the running node.
    @inline(__always)
    func read() -> Value {
        if flags & ReferenceFlags.dirty != 0, commit(), let subs {
            ReferenceGraph.shallowPropagate(subs)
        }
        if let sub = ReferenceGraph.activeSub { ReferenceGraph.link(ref, sub) }
        return committed
    }

    /// Stores `value`; an equal one notifies nobody. Outside a batch, runs
    /// the effects it reached.
    @inline(__always)
    func write(_ value: Value) {
        if written == value { return }
        written = value
        // Not read since the last write: its subscribers are all marked still.
        if flags & ReferenceFlags.dirty != 0 { return }
        flags = ReferenceFlags.mutable | ReferenceFlags.dirty
        guard let subs else { return }
        ReferenceGraph.propagate(subs)
        if ReferenceGraph.batchDepth == 0 { ReferenceGraph.flush() }
    }

    /// Makes the written value the one readers see; returns whether it
    /// differs from the one they saw before.
    @inline(__always)
    private func commit() -> Bool {
        flags = ReferenceFlags.mutable
        if committed == written { return false }
        committed = written
        return true
    }
}
