import CTrackingSupport
import Synchronization

/// A stored property of a ``Trackable`` class whose reads are recorded and
/// whose changes re-run exactly the code that read it.
///
/// ```swift
/// final class Book: Trackable {
///     let trackingRegistrar = TrackingRegistrar()
///     @Tracked var title = "Sample Book Title"
///     @Tracked var tags: [String] = []
/// }
/// ```
///
/// - The value is stored in the object itself, next to one word of
///   bookkeeping: an object nobody observes costs its values, a word per
///   property and its registrar. A property's graph node is made the first
///   time something tracks a read of it.
/// - A read outside any tracking scope costs a plain stored-property read
///   plus one thread-local check. Inside a scope it records (object,
///   property) as a dependency.
/// - Assigning a value equal to the stored one notifies nobody: `==` when the
///   type is `Equatable`, `===` when it is a class. To notify on every
///   assignment, declare `@Tracked(notifiesEqualValues: true)`. The value is
///   stored either way.
/// - In-place mutation (`tags.append(x)`, `todos[i].isDone.toggle()`)
///   mutates the storage in place, without copying it, and notifies once.
/// - A write that nothing depends on takes no lock and allocates nothing.
///
/// `@Tracked` works only on classes that conform to ``Trackable``: it reaches
/// the object through Swift's enclosing-instance subscript. Using it anywhere
/// else is a compile-time error.
///
/// Thread-safety: the engine's bookkeeping is thread-safe; the stored value
/// itself is as safe as a plain stored property: synchronize reads and writes
/// of one property from several threads yourself (a lock, an actor).
@propertyWrapper
public struct Tracked<Value>: TrackedStorage {
    /// The bookkeeping word (see ``TrackedSlot``). First, so that its address
    /// is the storage's. Read and written only atomically, through a pointer.
    @usableFromInline
    var slot: UInt

    /// The value.
    @usableFromInline
    var value: Value

    @usableFromInline
    init(value: Value, slot: UInt) {
        self.slot = slot
        self.value = value
    }

    /// A tracked property that notifies on every assignment.
    public init(wrappedValue: Value) {
        self.init(value: wrappedValue, slot: TrackedSlot.notifiesEveryAssignment)
    }

    /// A tracked property that notifies only when the new value differs (`==`).
    @inlinable
    public init(wrappedValue: Value) where Value: Equatable {
        // Inlined, so that the comparison is specialized for the value's type.
        self.init(value: wrappedValue, slot: TrackedSlot.policy(Value.self, .equatable) {
            { $0.assumingMemoryBound(to: Value.self).pointee == $1.assumingMemoryBound(to: Value.self).pointee }
        })
    }

    /// A tracked property that notifies only when the new instance differs (`===`).
    @inlinable
    public init(wrappedValue: Value) where Value: AnyObject {
        self.init(value: wrappedValue, slot: TrackedSlot.policy(Value.self, .identity) {
            { $0.assumingMemoryBound(to: Value.self).pointee === $1.assumingMemoryBound(to: Value.self).pointee }
        })
    }

    /// A tracked property of an `Equatable` class: notifies only when `==` says
    /// the new value differs.
    @inlinable
    public init(wrappedValue: Value) where Value: AnyObject & Equatable {
        self.init(value: wrappedValue, slot: TrackedSlot.policy(Value.self, .equatable) {
            { $0.assumingMemoryBound(to: Value.self).pointee == $1.assumingMemoryBound(to: Value.self).pointee }
        })
    }

    /// A tracked property with an explicit equality policy.
    ///
    /// - Parameters:
    ///   - wrappedValue: The initial value.
    ///   - notifiesEqualValues: When `true`, every assignment notifies, even
    ///     of an equal value (for a counter of events, say). When `false`, the
    ///     same policy as the plain form, chosen at run time: `==` for an
    ///     `Equatable` type, `===` for a class, otherwise every assignment
    ///     notifies.
    public init(wrappedValue: Value, notifiesEqualValues: Bool) {
        self.init(
            value: wrappedValue,
            slot: notifiesEqualValues ? TrackedSlot.notifiesEveryAssignment : TrackedSlot.runtimePolicy(Value.self))
    }

    /// `@Tracked` is only for stored properties of ``Trackable`` classes.
    @available(*, unavailable, message: "@Tracked is only available on properties of classes that conform to Trackable")
    public var wrappedValue: Value {
        get { fatalError("@Tracked is only available on properties of classes that conform to Trackable") }
        set { fatalError("@Tracked is only available on properties of classes that conform to Trackable") }
    }

    /// The address of this property's storage inside `instance`.
    ///
    /// Taking it is the only formal access the compiler sees to the storage,
    /// and it has nothing nested in it, so the optimizer checks no exclusivity
    /// on any access; reads and writes then go through the pointer (the
    /// object does not move while it lives).
    ///
    /// In a build without the optimizer, applying the key path costs a
    /// runtime projection and an allocation on every access; the storage's
    /// offset is then found once per key path and kept in ``StorageOffsets``.
    @usableFromInline @_transparent
    static func storage<Owner: Trackable>(
        _ instance: Owner, _ storageKeyPath: ReferenceWritableKeyPath<Owner, Tracked<Value>>
    ) -> UnsafeMutablePointer<Tracked<Value>> {
        #if DEBUG
        let object = Unmanaged.passUnretained(instance).toOpaque()
        if let offset = StorageOffsets.offset(of: storageKeyPath) {
            return (object + offset).assumingMemoryBound(to: Tracked<Value>.self)
        }
        return StorageOffsets.measure(storageKeyPath, in: instance)
        #else
        return withUnsafeMutablePointer(to: &instance[keyPath: storageKeyPath]) { $0 }
        #endif
    }

    /// The accessor Swift calls for a `@Tracked` property of a class.
    ///
    /// It is inlined into the property's accessors, where the key path is a
    /// literal that the optimizer turns into a field address; the key paths
    /// are used for nothing else, so none is ever created at run time. The
    /// fast paths cost a field load, a thread-local check and, for a write to
    /// an observed property, a few loads of its node.
    @inlinable
    public static subscript<Owner: Trackable>(
        _enclosingInstance instance: Owner,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Owner, Tracked<Value>>
    ) -> Value {
        @_transparent get {
            read(storage(instance, storageKeyPath), of: instance, wrapped: wrappedKeyPath)
        }
        @_transparent set {
            let storage = storage(instance, storageKeyPath)
            // A constant once inlined into the class (ObservationBridge.swift).
            if Owner._observationBridged {
                setBridged(newValue, instance, storage, wrappedKeyPath)
            } else if let node = TrackedSlot.node(TrackedSlot.load(storage)), mayAnnounce(node) {
                storeComparing(newValue, storage, node)
            } else {
                storage.pointee.value = newValue
            }
        }
        @inline(__always) _modify {
            // One yield, and the bookkeeping in calls: the optimizer inlines
            // only such a coroutine, and an accessor it does not inline gets
            // its key paths at run time, which makes every access to the
            // property, reads included, check exclusivity.
            let storage = storage(instance, storageKeyPath)
            // A bridged class tells Apple's Observation too
            // (TrackedBridgedChange.swift). The test is a constant once
            // inlined: other classes keep only the last two statements.
            let bridged = Owner._observationBridged ? beginBridgedModify(storage, instance, wrappedKeyPath) : nil
            defer { if let bridged { endBridgedChange(bridged, instance, wrappedKeyPath) } }
            let change = Owner._observationBridged ? nil : beginModify(storage, instance)
            defer { if let change { endModify(storage, change) } }
            yield &storage.pointee.value
        }
    }

    /// The getter of the property stored at `storage` in `instance`: the
    /// value, and the read recorded in the current scope.
    ///
    /// For a class of this package that reaches its storage without a key
    /// path (`withUnsafeMutablePointer(to: &_value)` on an
    /// `@exclusivity(unchecked)` property): the optimizer turns a storage key
    /// path into a field address, but one that checks exclusivity at run
    /// time, whatever the property's attribute, and that check costs more
    /// than the read.
    @usableFromInline @_transparent
    package static func read<Owner: Trackable>(
        _ storage: UnsafeMutablePointer<Tracked<Value>>, of instance: Owner,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>
    ) -> Value {
        let value = storage.pointee.value
        if let scope = tracking_current_scope() {
            recordRead(scope, storage, instance)
        }
        // A constant once inlined into the class (ObservationBridge.swift).
        if Owner._observationBridged { Owner._observationAccess(instance, keyPath: wrappedKeyPath) }
        return value
    }

    /// ``read(_:of:wrapped:)`` for a property that one run usually reads
    /// many times (a list's rows reading their parent's `@State`): the
    /// repeated read is recognized first, by the property's read mark alone.
    ///
    /// The mark equals the thread's run mark only inside the run that read
    /// the property already (outside any scope the run mark is `.max`, which
    /// no run has and no read mark holds), so the scope need not be checked
    /// first. A first read in a run, or a read outside a scope, costs a load
    /// and a call more than `read`.
    @usableFromInline @_transparent
    package static func readRepeatedly<Owner: Trackable>(
        _ storage: UnsafeMutablePointer<Tracked<Value>>, of instance: Owner,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>
    ) -> Value {
        // A constant once inlined into the class (ObservationBridge.swift).
        if Owner._observationBridged { return read(storage, of: instance, wrapped: wrappedKeyPath) }
        if let node = TrackedSlot.node(TrackedSlot.load(storage)),
            node._withUnsafeGuaranteedRef({ $0.readMark.load(ordering: .relaxed) }) == tracking_current_run_mark()
        {
            return storage.pointee.value
        }
        return readOnce(storage, of: instance)
    }

    /// ``read(_:of:wrapped:)`` of a class that Apple's Observation does not
    /// see, out of line: ``readRepeatedly(_:of:wrapped:)`` when the run has
    /// not read the property yet. Inlinable, so that the caller's module
    /// specializes it; no key path, which would be made at run time to be
    /// passed.
    @inlinable @inline(never)
    package static func readOnce<Owner: Trackable>(
        _ storage: UnsafeMutablePointer<Tracked<Value>>, of instance: Owner
    ) -> Value {
        let value = storage.pointee.value
        if let scope = tracking_current_scope() {
            recordRead(scope, storage, instance)
        }
        return value
    }

    /// Whether a write to an observed property may need an announcement:
    /// something still links to the property, and not every subscriber
    /// already waits for the end of this transaction. Inline, with the
    /// comparison out of line: the setter's usual paths then take no stack
    /// frame.
    @usableFromInline @_transparent
    static func mayAnnounce(_ node: Unmanaged<TrackedPropertyNode>) -> Bool {
        node._withUnsafeGuaranteedRef { node in
            node.linkCount.load(ordering: .relaxed) != 0
                && node.fastWriteMark.load(ordering: .relaxed) != tracking_transaction_mark()
        }
    }

    /// A write that something may depend on: stored quietly if the value is
    /// equal to the stored one, else between the two halves of the change.
    ///
    /// Out of line, but inlinable so that the caller's module specializes
    /// it: unspecialized, storing through the pointer would look up the
    /// metadata of `Tracked<Value>` in the runtime's cache on every write.
    @inlinable @inline(never)
    static func storeComparing(
        _ newValue: Value, _ storage: UnsafeMutablePointer<Tracked<Value>>, _ node: Unmanaged<TrackedPropertyNode>
    ) {
        // The equality word is read before the comparison, so that no node
        // is held across the call to the equality function (it would be
        // retained).
        let equality = node._withUnsafeGuaranteedRef { $0.equality }
        if TrackedPropertyNode.isEqualToStored(newValue, at: storage, by: equality) {
            storage.pointee.value = newValue
            return
        }
        node._withUnsafeGuaranteedRef { node in
            // The property notifies every assignment (and takes no
            // snapshot), or the new value compared unequal.
            let state = node.willChangeToUnequalValue()
            storage.pointee.value = newValue
            node.didChange(state)
        }
    }

    /// The first half of an in-place mutation: a read-modify-write
    /// (`value += 1`, `tags.append(x)`) reads the old value, which inside a
    /// scope is a dependency; then, if something may depend on the property,
    /// the change begins. Returns the thread state to end it with, or nil.
    @usableFromInline @_transparent
    static func beginModify<Owner: Trackable>(
        _ storage: UnsafeMutablePointer<Tracked<Value>>, _ instance: Owner
    ) -> UnsafeMutableRawPointer? {
        if let scope = tracking_current_scope() {
            recordRead(scope, storage, instance)
        }
        guard let node = TrackedSlot.node(TrackedSlot.load(storage)) else { return nil }
        return node._withUnsafeGuaranteedRef { node in
            if node.linkCount.load(ordering: .relaxed) == 0
                || node.fastWriteMark.load(ordering: .relaxed) == tracking_transaction_mark() {
                return nil
            }
            return node.willChange()
        }
    }

    /// The second half of an in-place mutation begun by
    /// ``beginModify(_:_:)``.
    @usableFromInline @_transparent
    static func endModify(_ storage: UnsafeMutablePointer<Tracked<Value>>, _ change: UnsafeMutableRawPointer) {
        TrackedSlot.node(TrackedSlot.load(storage)).unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.didChange(change) }
    }

    /// Records a read of this property by `scope`, the current scope.
    @usableFromInline @_transparent
    static func recordRead<Owner: Trackable>(
        _ scope: UnsafeMutableRawPointer, _ storage: UnsafeMutablePointer<Tracked<Value>>, _ instance: Owner
    ) {
        if let node = TrackedSlot.node(TrackedSlot.load(storage)) {
            // A property this run has read already needs nothing more: that
            // check is inline, so that a repeated read makes no call.
            if node._withUnsafeGuaranteedRef({ $0.readMark.load(ordering: .relaxed) }) != tracking_current_run_mark() {
                recordSourceRead(scope, node.toOpaque())
            }
        } else {
            // Unretained: the caller keeps the object alive, and passing a
            // reference would retain it around the check on the fast path.
            recordFirstRead(scope, storage, owner: Unmanaged.passUnretained(instance))
        }
    }

    /// The first tracked read of this property of this object: makes its
    /// graph node and records the read.
    ///
    /// `releasenone`: it releases no object its caller can see (only the
    /// engine's own, never the last reference), which lets the caller read a
    /// property of an object it borrows (an array element) without retaining
    /// the object around the call.
    /// Inlinable (out of line in the client), so that it is specialized for
    /// `Value` and `Owner`: the node's class and the value's offset are then
    /// constants, not generic-metadata lookups.
    @inlinable @inline(never) @_effects(releasenone)
    static func recordFirstRead<Owner: Trackable>(
        _ scope: UnsafeMutableRawPointer, _ storage: UnsafeMutablePointer<Tracked<Value>>, owner: Unmanaged<Owner>
    ) {
        // By offset, not by `withUnsafeMutablePointer(to:)`: that is a formal
        // modifying access, and other threads may be reading the value.
        let value = UnsafeMutableRawPointer(storage.pointer(to: \.value).unsafelyUnwrapped)
        let node = owner._withUnsafeGuaranteedRef { owner in
            let registrar = owner.trackingRegistrar.storage
            if owner.trackingRegistrar.storage !== registrar { RegistrarStorage.notStored(Owner.self) }
            return registrar.installNode(
                in: UnsafeMutableRawPointer(storage), value: value,
                owner: Unmanaged.passUnretained(owner).toOpaque(), ownerType: Owner.self,
                nodeType: TypedTrackedNode<Value>.self)
        }
        recordSourceRead(scope, node.toOpaque())
    }
}

/// Records a read of a source node by the subscriber running on this thread.
/// Takes raw pointers so that the inlined getter holds no reference across
/// the call; `releasenone` as ``Tracked/recordFirstRead(_:_:owner:)``.
@usableFromInline @inline(never) @_effects(releasenone)
func recordSourceRead(_ scope: UnsafeMutableRawPointer, _ node: UnsafeMutableRawPointer) {
    Unmanaged<SubscriberNode>.fromOpaque(scope)._withUnsafeGuaranteedRef { subscriber in
        Unmanaged<Node>.fromOpaque(node)._withUnsafeGuaranteedRef { source in
            // A new read takes the out-of-line path, so that the usual read,
            // a repeat of the last run's, stays a few comparisons.
            if case .new = subscriber.trackFast(source) { _ = subscriber.addLinkOnThisThread(to: source) }
        }
    }
}

extension Tracked: Sendable where Value: Sendable {}

extension Tracked: Equatable where Value: Equatable {
    /// Compares the stored values.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.value == rhs.value
    }
}

extension Tracked: Hashable where Value: Hashable {
    /// Hashes the stored value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}

extension Tracked: Encodable where Value: Encodable {
    /// Encodes the value alone, so that an owner's synthesized `Codable`
    /// writes `"title": …` for `@Tracked var title`.
    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}

extension Tracked: Decodable where Value: Decodable {
    /// Decodes the value alone; the counterpart of `encode(to:)`. The
    /// equality policy is chosen at run time, as for
    /// `init(wrappedValue:notifiesEqualValues: false)`.
    public init(from decoder: any Decoder) throws {
        self.init(value: try Value(from: decoder), slot: TrackedSlot.runtimePolicy(Value.self))
    }
}
