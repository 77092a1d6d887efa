/// The value a property had when an explicit transaction first changed it,
/// so that a property changed and changed back within the transaction counts
/// as unchanged when its observers are validated at the end.
///
/// Only `Equatable` properties take snapshots, and only in the outermost
/// explicit transaction of a thread (not in observers run by its flush).
class TransactionSnapshot {
    /// The property, retained until the transaction's observers have run.
    let node: PropertyNode
    /// Its version before the transaction changed it.
    let version: UInt64

    init(node: PropertyNode, version: UInt64) {
        self.node = node
        self.version = version
    }

    /// Whether the property's current value equals the snapshot.
    func isUnchanged() -> Bool { false }
}

final class ValueSnapshot<Value>: TransactionSnapshot {
    let value: Value

    init(cell: TrackedCell<Value>, version: UInt64) {
        value = cell.value
        super.init(node: cell, version: version)
    }

    override func isUnchanged() -> Bool {
        // The cell's own comparison: specialized for the value's type.
        unsafeDowncast(node, to: TrackedCell<Value>.self).isEqualToStored(value)
    }
}

extension ThreadState {
    /// Whether writes now record snapshots: inside an explicit transaction,
    /// outside the running of queued observers.
    @inline(__always)
    var recordsSnapshots: Bool { explicitTransactionDepth > 0 && !isFlushing }

    /// Whether `source`, read at `version`, holds again the value it had then,
    /// after the current transaction changed it and changed it back.
    func isChangedBack(_ source: Node, readAt version: UInt64) -> Bool {
        guard !snapshots.isEmpty, !source.isDerived else { return false }
        let node = unsafeDowncast(source, to: PropertyNode.self)
        guard node.snapshotMark.load(ordering: .relaxed) == transactionMark else { return false }
        // Borrowed: the list outlives the call, and walking it with
        // references would retain each snapshot.
        return snapshots.withUnsafeBufferPointer { list in
            for index in list.indices {
                let found = Unmanaged.passUnretained(list[index])._withUnsafeGuaranteedRef { snapshot -> Bool? in
                    guard snapshot.node === node else { return nil }
                    return snapshot.version == version && snapshot.isUnchanged()
                }
                if let found { return found }
            }
            return false
        }
    }
}
