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
public struct Tracked<Value> {
    @usableFromInline
    var storedValue: Value
    @usableFromInline
    let node: PropertyNode

    /// A tracked property that notifies on every assignment.
    public init(wrappedValue: Value) {
        storedValue = wrappedValue
        node = PropertyNode()
    }

    /// A tracked property that notifies only when the new value differs (`==`).
    public init(wrappedValue: Value) where Value: Equatable {
        storedValue = wrappedValue
        node = EquatablePropertyNode<Value>()
    }

    /// A tracked property that notifies only when the new instance differs (`===`).
    public init(wrappedValue: Value) where Value: AnyObject {
        storedValue = wrappedValue
        node = IdentityPropertyNode<Value>()
    }

    /// A tracked property of an `Equatable` class: notifies only when `==` says
    /// the new value differs.
    public init(wrappedValue: Value) where Value: AnyObject & Equatable {
        storedValue = wrappedValue
        node = EquatablePropertyNode<Value>()
    }

    /// A tracked property with an explicit equality policy.
    ///
    /// - Parameters:
    ///   - wrappedValue: The initial value.
    ///   - notifiesEqualValues: When `true`, every assignment notifies, even
    ///     of an equal value (for a counter of events, say).
    public init(wrappedValue: Value, notifiesEqualValues: Bool) {
        storedValue = wrappedValue
        node = notifiesEqualValues ? PropertyNode() : Self.defaultNode()
    }

    /// `@Tracked` is only for stored properties of ``Trackable`` classes.
    @available(*, unavailable, message: "@Tracked is only available on properties of classes that conform to Trackable")
    public var wrappedValue: Value {
        get { fatalError("@Tracked is only available on properties of classes that conform to Trackable") }
        set { fatalError("@Tracked is only available on properties of classes that conform to Trackable") }
    }

    /// The accessor Swift calls for a `@Tracked` property of a class.
    @inlinable
    public static subscript<Owner: Trackable>(
        _enclosingInstance instance: Owner,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Owner, Tracked<Value>>
    ) -> Value {
        get {
            if let scope = tracking_current_scope() {
                let node = instance[keyPath: storageKeyPath].node
                if !trackPropertyReadFast(scope, node) {
                    trackPropertyRead(
                        scope, node, registrar: instance.trackingRegistrar,
                        keyPath: wrappedKeyPath, storageKeyPath: storageKeyPath)
                }
            }
            return instance[keyPath: storageKeyPath].storedValue
        }
        set {
            let node = instance[keyPath: storageKeyPath].node
            if node.linkCount.load(ordering: .relaxed) == 0 {
                instance[keyPath: storageKeyPath].storedValue = newValue
                return
            }
            let old = instance[keyPath: storageKeyPath].storedValue
            let isEqual = withUnsafePointer(to: old) { oldPointer in
                withUnsafePointer(to: newValue) { newPointer in
                    node.isEqual(oldPointer, newPointer)
                }
            }
            if isEqual {
                instance[keyPath: storageKeyPath].storedValue = newValue
                return
            }
            let state = node.beginChange()
            instance[keyPath: storageKeyPath].storedValue = newValue
            node.endChange(state)
        }
        _modify {
            let node = instance[keyPath: storageKeyPath].node
            if node.linkCount.load(ordering: .relaxed) == 0 {
                yield &instance[keyPath: storageKeyPath].storedValue
                return
            }
            let state = node.beginChange()
            defer { node.endChange(state) }
            yield &instance[keyPath: storageKeyPath].storedValue
        }
    }

    private static func defaultNode() -> PropertyNode {
        if let equatable = Value.self as? any Equatable.Type {
            return makeEquatableNode(equatable)
        }
        if let object = Value.self as? any AnyObject.Type {
            return makeIdentityNode(object)
        }
        return PropertyNode()
    }
}

private func makeEquatableNode<T: Equatable>(_: T.Type) -> PropertyNode {
    EquatablePropertyNode<T>()
}

private func makeIdentityNode<T: AnyObject>(_: T.Type) -> PropertyNode {
    IdentityPropertyNode<T>()
}

extension Tracked: Sendable where Value: Sendable {}

extension Tracked: Equatable where Value: Equatable {
    /// Compares the stored values.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storedValue == rhs.storedValue
    }
}

extension Tracked: Hashable where Value: Hashable {
    /// Hashes the stored value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storedValue)
    }
}

extension Tracked: Encodable where Value: Encodable {
    /// Encodes the value alone, so that an owner's synthesized `Codable`
    /// writes `"title": …` for `@Tracked var title`.
    public func encode(to encoder: any Encoder) throws {
        try storedValue.encode(to: encoder)
    }
}

extension Tracked: Decodable where Value: Decodable {
    /// Decodes the value alone; the counterpart of `encode(to:)`.
    public init(from decoder: any Decoder) throws {
        storedValue = try Value(from: decoder)
        node = Self.defaultNode()
    }
}
