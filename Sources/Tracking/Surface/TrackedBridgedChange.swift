import CTrackingSupport
import Synchronization

/// The write path of a `@Tracked` property of a class that Apple's
/// Observation sees (ObservationBridge.swift). The accessors take it only
/// when `Owner._observationBridged`, a constant once they are inlined into
/// the class, so other classes never reach it.
///
/// A change is told to both sides, Tracking's around Apple's:
/// 1. Tracking's before-change half (its `.willSet` one-shots fire), if
///    something tracks the property;
/// 2. Apple's `willSet` (`withObservationTracking`'s `onChange` fires), if
///    the object has an Apple registrar;
/// 3. the store;
/// 4. Apple's `didSet`;
/// 5. Tracking's after-change half: its transaction ends, and its observers
///    run if it was the outermost.
///
/// So Apple's callbacks run inside Tracking's transaction, and Tracking's
/// observers run once both sides know of the change.
extension Tracked {
    /// A change of a bridged property in progress: who must hear of its end.
    @usableFromInline
    struct BridgedChange {
        /// The property's node, if Tracking was told, and the thread state
        /// its before-change half returned.
        @usableFromInline let tracking: (node: Unmanaged<TrackedPropertyNode>, state: UnsafeMutableRawPointer)?
        /// Whether Apple's registrar was told.
        @usableFromInline let toldObservation: Bool

        @inlinable
        init(tracking: (node: Unmanaged<TrackedPropertyNode>, state: UnsafeMutableRawPointer)?, toldObservation: Bool) {
            self.tracking = tracking
            self.toldObservation = toldObservation
        }
    }

    /// Assigns `newValue` to a bridged property: an equal value (by the
    /// property's policy) is stored and told to nobody, on either side, as
    /// `@Observable` does.
    @inlinable
    static func setBridged<Owner: Trackable>(
        _ newValue: Value, _ instance: Owner, _ storage: UnsafeMutablePointer<Tracked<Value>>,
        _ keyPath: ReferenceWritableKeyPath<Owner, Value>
    ) {
        if isEqualToStored(newValue, at: storage) {
            storage.pointee.value = newValue
            return
        }
        let change = beginBridgedChange(instance, storage, keyPath)
        storage.pointee.value = newValue
        endBridgedChange(change, instance, keyPath)
    }

    /// Whether `newValue` equals the stored value by the property's equality
    /// policy (never, for a property that notifies on every assignment).
    @inlinable
    static func isEqualToStored(_ newValue: Value, at storage: UnsafeMutablePointer<Tracked<Value>>) -> Bool {
        let slot = TrackedSlot.load(storage)
        if let node = TrackedSlot.node(slot) {
            return node._withUnsafeGuaranteedRef { $0.isEqualToStored(newValue, at: storage) }
        }
        if slot == TrackedSlot.notifiesEveryAssignment { return false }
        let stored = withUnsafeMutablePointer(to: &storage.pointee.value) { UnsafeRawPointer($0) }
        return withUnsafePointer(to: newValue) { TrackedSlot.compare(slot, stored, UnsafeRawPointer($0)) }
    }

    /// The first half of an in-place mutation of a bridged property
    /// (`value += 1`, `tags.append(x)`): a read on both sides, then the
    /// change begins on both, equal value or not, as `@Observable`'s does.
    @inlinable
    static func beginBridgedModify<Owner: Trackable>(
        _ storage: UnsafeMutablePointer<Tracked<Value>>, _ instance: Owner,
        _ keyPath: ReferenceWritableKeyPath<Owner, Value>
    ) -> BridgedChange {
        if let scope = tracking_current_scope() {
            recordRead(scope, storage, instance)
        }
        Owner._observationAccess(instance, keyPath: keyPath)
        return beginBridgedChange(instance, storage, keyPath)
    }

    /// Steps 1 and 2: tells both sides that the property is about to change.
    @inlinable
    static func beginBridgedChange<Owner: Trackable>(
        _ instance: Owner, _ storage: UnsafeMutablePointer<Tracked<Value>>,
        _ keyPath: ReferenceWritableKeyPath<Owner, Value>
    ) -> BridgedChange {
        var tracking: (node: Unmanaged<TrackedPropertyNode>, state: UnsafeMutableRawPointer)?
        if let node = TrackedSlot.node(TrackedSlot.load(storage)),
           node._withUnsafeGuaranteedRef({
               $0.linkCount.load(ordering: .relaxed) != 0
                   && $0.fastWriteMark.load(ordering: .relaxed) != tracking_transaction_mark()
           }) {
            tracking = (node, node._withUnsafeGuaranteedRef { $0.willChange() })
        }
        let toldObservation = Owner._observationWillSet(instance, keyPath: keyPath)
        return BridgedChange(tracking: tracking, toldObservation: toldObservation)
    }

    /// Steps 4 and 5: tells both sides that the property has changed.
    @inlinable
    static func endBridgedChange<Owner: Trackable>(
        _ change: BridgedChange, _ instance: Owner, _ keyPath: ReferenceWritableKeyPath<Owner, Value>
    ) {
        if change.toldObservation { Owner._observationDidSet(instance, keyPath: keyPath) }
        if let (node, state) = change.tracking {
            node._withUnsafeGuaranteedRef { $0.didChange(state) }
        }
    }
}
