import Synchronization

/// The storage of one `@Tracked` property: its value and its graph node in
/// one allocation.
///
/// The value lives here rather than inline in the owning object so that the
/// owner's storage is only ever read: the optimizer then checks no exclusivity
/// on it, and an in-place mutation (`tags.append(x)`) yields the value's own
/// storage, with no copy.
@usableFromInline
final class TrackedCell<Value>: PropertyNode, @unchecked Sendable {
    /// The property's value. Exclusivity is the owner's business, as for a
    /// plain stored property; the engine never touches it.
    @usableFromInline
    @exclusivity(unchecked)
    var value: Value

    /// The equality policy: whether two values are the same (`==`, `===`),
    /// so that assigning one equal to the stored value notifies nobody; nil
    /// when every assignment notifies. Made in specialized code (the
    /// inlinable initializers of `Tracked`), so a comparison runs no generic
    /// code.
    @usableFromInline
    let isEqual: ((Value, Value) -> Bool)?

    @usableFromInline
    init(_ value: Value, isEqual: ((Value, Value) -> Bool)? = nil) {
        self.value = value
        self.isEqual = isEqual
        super.init()
    }

    /// Whether assigning `new` would store a value equal to the current one,
    /// so that nobody needs to hear of it.
    @inlinable @inline(__always)
    func isEqualToStored(_ new: Value) -> Bool {
        guard let isEqual else { return false }
        return isEqual(value, new)
    }

    /// With an equality policy, keeps the value from before the first change
    /// in an explicit transaction, so that a value changed and changed back
    /// notifies nobody.
    override func takeSnapshot(_ state: ThreadState) -> Bool {
        guard isEqual != nil else { return false }
        state.snapshots.append(ValueSnapshot(cell: self, version: version.load(ordering: .relaxed)))
        return true
    }
}

/// Records a read of a `@Tracked` property by the subscriber running on this
/// thread. Takes raw pointers so that the inlined getter holds no reference
/// across the call.
///
/// - Parameters:
///   - scope: The current scope (a ``SubscriberNode``).
///   - cell: The property's ``TrackedCell``.
///   - registrar: The owner's ``RegistrarStorage``.
///   - owner: The owning object, to find the property's name at the first link.
///   - ownerType: The owning object's type.
@usableFromInline
@inline(never)
func trackPropertyRead(
    _ scope: UnsafeMutableRawPointer, _ cell: UnsafeMutableRawPointer,
    registrar: UnsafeMutableRawPointer, owner: UnsafeMutableRawPointer, ownerType: Any.Type
) {
    // Both are kept alive by their owners for the whole call: borrow them
    // without reference counting.
    Unmanaged<SubscriberNode>.fromOpaque(scope)._withUnsafeGuaranteedRef { subscriber in
        Unmanaged<PropertyNode>.fromOpaque(cell)._withUnsafeGuaranteedRef { node in
            if case .new = subscriber.trackFast(node) {
                if !node.isRegistered.load(ordering: .relaxed) {
                    // The property's first link ever: tell its object about it.
                    GraphLock.lock()
                    if !node.isRegistered.load(ordering: .relaxed) {
                        let storage = Unmanaged<RegistrarStorage>.fromOpaque(registrar).takeUnretainedValue()
                        storage.registerLocked(
                            node, name: PropertyNames.name(ofCell: cell, in: owner, of: ownerType))
                    }
                    GraphLock.unlock()
                }
                _ = ThreadState.withCurrent { subscriber.addLink(to: node, $0) }
            }
        }
    }
}
