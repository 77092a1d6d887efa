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
    /// The value and its graph node. Set once, in the owner's initializer.
    @usableFromInline
    let cell: TrackedCell<Value>

    /// A tracked property that notifies on every assignment.
    public init(wrappedValue: Value) {
        cell = TrackedCell(wrappedValue)
    }

    /// A tracked property that notifies only when the new value differs (`==`).
    @inlinable
    public init(wrappedValue: Value) where Value: Equatable {
        // Inlined, so that the comparison is specialized for the value's type.
        cell = TrackedCell(wrappedValue, isEqual: { $0 == $1 })
    }

    /// A tracked property that notifies only when the new instance differs (`===`).
    @inlinable
    public init(wrappedValue: Value) where Value: AnyObject {
        cell = TrackedCell(wrappedValue, isEqual: { $0 === $1 })
    }

    /// A tracked property of an `Equatable` class: notifies only when `==` says
    /// the new value differs.
    @inlinable
    public init(wrappedValue: Value) where Value: AnyObject & Equatable {
        cell = TrackedCell(wrappedValue, isEqual: { $0 == $1 })
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
        cell = notifiesEqualValues ? TrackedCell(wrappedValue) : Self.makeCell(wrappedValue)
    }

    /// `@Tracked` is only for stored properties of ``Trackable`` classes.
    @available(*, unavailable, message: "@Tracked is only available on properties of classes that conform to Trackable")
    public var wrappedValue: Value {
        get { fatalError("@Tracked is only available on properties of classes that conform to Trackable") }
        set { fatalError("@Tracked is only available on properties of classes that conform to Trackable") }
    }

    /// The accessor Swift calls for a `@Tracked` property of a class.
    ///
    /// It is inlined into the property's accessors, where the key path is a
    /// literal that the optimizer turns into a field load; the key paths are
    /// used for nothing else, so none is ever created at run time. The fast
    /// paths cost a field load, a thread-local check and, for a write, one
    /// relaxed atomic load.
    @inlinable
    public static subscript<Owner: Trackable>(
        _enclosingInstance instance: Owner,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Owner, Tracked<Value>>
    ) -> Value {
        @inline(__always)
        get {
            // The value is read first, so that no reference is held across
            // the call. (Inside a scope the order does not matter: a write
            // that races with this read without synchronization races with
            // the read of the value anyway.)
            unowned(unsafe) let cell = instance[keyPath: storageKeyPath].cell
            let value = cell.value
            // A property this run has read already needs nothing more: that
            // check is inline, so that a repeated read makes no call.
            if let scope = tracking_current_scope(),
               cell.readMark.load(ordering: .relaxed) != tracking_current_run_mark() {
                trackPropertyRead(
                    scope, Unmanaged.passUnretained(cell).toOpaque(),
                    registrar: Unmanaged.passUnretained(instance.trackingRegistrar.storage).toOpaque(),
                    owner: Unmanaged.passUnretained(instance).toOpaque(), ownerType: Owner.self)
            }
            return value
        }
        @inline(__always)
        set {
            // The owner keeps its cells alive: the cell is borrowed, with no
            // reference counting (an `unowned(unsafe)` local is still retained
            // around each call it is passed to).
            Unmanaged.passUnretained(instance[keyPath: storageKeyPath].cell)._withUnsafeGuaranteedRef { cell in
                if cell.linkCount.load(ordering: .relaxed) == 0 || cell.isEqualToStored(newValue) {
                    cell.value = newValue
                } else {
                    let state = cell.beginChange()
                    cell.value = newValue
                    cell.endChange(state)
                }
            }
        }
        @inline(__always)
        _modify {
            unowned(unsafe) let cell = instance[keyPath: storageKeyPath].cell
            // A read-modify-write (`value += 1`, `tags.append(x)`) reads the
            // old value: inside a scope, that is a dependency.
            if let scope = tracking_current_scope(),
               cell.readMark.load(ordering: .relaxed) != tracking_current_run_mark() {
                trackPropertyRead(
                    scope, Unmanaged.passUnretained(cell).toOpaque(),
                    registrar: Unmanaged.passUnretained(instance.trackingRegistrar.storage).toOpaque(),
                    owner: Unmanaged.passUnretained(instance).toOpaque(), ownerType: Owner.self)
            }
            if cell.linkCount.load(ordering: .relaxed) == 0 {
                yield &cell.value
            } else {
                let state = cell.beginChange()
                defer { cell.endChange(state) }
                yield &cell.value
            }
        }
    }

    /// The cell for decoding and the explicit-policy initializer, chosen at
    /// run time: `==` for an `Equatable` type, `===` for a class, otherwise
    /// every assignment notifies.
    private static func makeCell(_ value: Value) -> TrackedCell<Value> {
        if let equatable = Value.self as? any Equatable.Type {
            return makeEquatableCell(value, equatable)
        }
        if Value.self is AnyObject.Type {
            // A class: the same instance is no change (`===`).
            return TrackedCell(value, isEqual: { ($0 as AnyObject) === ($1 as AnyObject) })
        }
        return TrackedCell(value)
    }

    private static func makeEquatableCell<E: Equatable>(_ value: Value, _: E.Type) -> TrackedCell<Value> {
        // E is Value, opened from the existential metatype.
        unsafeDowncast(TrackedCell(value as! E, isEqual: { $0 == $1 }), to: TrackedCell<Value>.self)
    }
}

extension Tracked: Sendable where Value: Sendable {}

extension Tracked: Equatable where Value: Equatable {
    /// Compares the stored values.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.cell.value == rhs.cell.value
    }
}

extension Tracked: Hashable where Value: Hashable {
    /// Hashes the stored value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(cell.value)
    }
}

extension Tracked: Encodable where Value: Encodable {
    /// Encodes the value alone, so that an owner's synthesized `Codable`
    /// writes `"title": …` for `@Tracked var title`.
    public func encode(to encoder: any Encoder) throws {
        try cell.value.encode(to: encoder)
    }
}

extension Tracked: Decodable where Value: Decodable {
    /// Decodes the value alone; the counterpart of `encode(to:)`.
    public init(from decoder: any Decoder) throws {
        cell = Self.makeCell(try Value(from: decoder))
    }
}
