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
            $0.assumingMemoryBound(to: Value.self).pointee == $1.assumingMemoryBound(to: Value.self).pointee
        })
    }

    /// A tracked property that notifies only when the new instance differs (`===`).
    @inlinable
    public init(wrappedValue: Value) where Value: AnyObject {
        self.init(value: wrappedValue, slot: TrackedSlot.policy(Value.self, .identity) {
            $0.assumingMemoryBound(to: Value.self).pointee === $1.assumingMemoryBound(to: Value.self).pointee
        })
    }

    /// A tracked property of an `Equatable` class: notifies only when `==` says
    /// the new value differs.
    @inlinable
    public init(wrappedValue: Value) where Value: AnyObject & Equatable {
        self.init(value: wrappedValue, slot: TrackedSlot.policy(Value.self, .equatable) {
            $0.assumingMemoryBound(to: Value.self).pointee == $1.assumingMemoryBound(to: Value.self).pointee
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
    @inlinable @inline(__always)
    static func storage<Owner: Trackable>(
        _ instance: Owner, _ storageKeyPath: ReferenceWritableKeyPath<Owner, Tracked<Value>>
    ) -> UnsafeMutablePointer<Tracked<Value>> {
        withUnsafeMutablePointer(to: &instance[keyPath: storageKeyPath]) { $0 }
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
        @inline(__always)
        get {
            let storage = storage(instance, storageKeyPath)
            let value = storage.pointee.value
            if let scope = tracking_current_scope() {
                recordRead(scope, storage, instance)
            }
            // A constant once inlined into the class (ObservationBridge.swift).
            if Owner._observationBridged { Owner._observationAccess(instance, keyPath: wrappedKeyPath) }
            return value
        }
        @inline(__always)
        set {
            let storage = storage(instance, storageKeyPath)
            if Owner._observationBridged {
                setBridged(newValue, instance, storage, wrappedKeyPath)
                return
            }
            let slot = TrackedSlot.load(storage)
            guard let node = TrackedSlot.node(slot) else {
                storage.pointee.value = newValue
                return
            }
            node._withUnsafeGuaranteedRef { node in
                if node.linkCount.load(ordering: .relaxed) == 0
                    || node.fastWriteMark.load(ordering: .relaxed) == tracking_transaction_mark()
                    || node.isEqualToStored(newValue, at: storage) {
                    storage.pointee.value = newValue
                } else {
                    let state = node.willChange()
                    storage.pointee.value = newValue
                    node.didChange(state)
                }
            }
        }
        @inline(__always)
        _modify {
            let storage = storage(instance, storageKeyPath)
            // A read-modify-write (`value += 1`, `tags.append(x)`) reads the
            // old value: inside a scope, that is a dependency.
            if let scope = tracking_current_scope() {
                recordRead(scope, storage, instance)
            }
            if Owner._observationBridged {
                // As `@Observable` does: a read, then a change, told always.
                Owner._observationAccess(instance, keyPath: wrappedKeyPath)
                let change = beginBridgedChange(instance, storage, wrappedKeyPath)
                defer { endBridgedChange(change, instance, wrappedKeyPath) }
                yield &storage.pointee.value
                return
            }
            let slot = TrackedSlot.load(storage)
            if let node = TrackedSlot.node(slot),
               node._withUnsafeGuaranteedRef({
                   $0.linkCount.load(ordering: .relaxed) != 0
                       && $0.fastWriteMark.load(ordering: .relaxed) != tracking_transaction_mark()
               }) {
                let state = node._withUnsafeGuaranteedRef { $0.willChange() }
                defer { node._withUnsafeGuaranteedRef { $0.didChange(state) } }
                yield &storage.pointee.value
            } else {
                yield &storage.pointee.value
            }
        }
    }

    /// Records a read of this property by `scope`, the current scope.
    @inlinable @inline(__always)
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
    @usableFromInline @inline(never) @_effects(releasenone)
    static func recordFirstRead<Owner: Trackable>(
        _ scope: UnsafeMutableRawPointer, _ storage: UnsafeMutablePointer<Tracked<Value>>, owner: Unmanaged<Owner>
    ) {
        let node = owner._withUnsafeGuaranteedRef { owner in
            owner.trackingRegistrar.storage.installNode(
                in: storage, owner: Unmanaged.passUnretained(owner).toOpaque(), ownerType: Owner.self)
        }
        node.recordRead(in: scope)
    }
}

/// Records a read of a source node by the subscriber running on this thread.
/// Takes raw pointers so that the inlined getter holds no reference across
/// the call; `releasenone` as ``Tracked/recordFirstRead(_:_:owner:)``.
@usableFromInline @inline(never) @_effects(releasenone)
func recordSourceRead(_ scope: UnsafeMutableRawPointer, _ node: UnsafeMutableRawPointer) {
    Unmanaged<SourceNode>.fromOpaque(node)._withUnsafeGuaranteedRef { $0.recordRead(in: scope) }
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
