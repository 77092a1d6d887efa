import Tracking

/// The values a view inherits from its ancestors: keyed values
/// (``EnvironmentKey``), objects set with `.environment(_:)`, and
/// `ObservableObject`s set with `.environmentObject(_:)`.
///
/// Read values with ``Environment``, ``EnvironmentObject``, or a subscript
/// in an extension (see ``EnvironmentKey``); set them for a subtree with the
/// `environment` modifiers.
///
/// Changes propagate fine-grained: each value set by a modifier lives in a
/// tracked box, and a view that read it re-renders when the modifier sets a
/// different value (by the rule for unchanged inputs: `==` for `Equatable`
/// values, identity for objects, member by member for optionals, tuples and
/// structs; closures always count as different). Views that did not read it
/// are not re-rendered.
///
/// A value made outside a host (`EnvironmentValues()`) holds the defaults
/// and whatever you set in it.
public struct EnvironmentValues {
    /// The entries, innermost first. Its identity tells two environments
    /// apart.
    var chain: EnvironmentEntry?
    /// The view reading through this value: entries set by that view's own
    /// modifiers are read untracked (the view re-renders to set them anyway,
    /// and tracking them would make it invalidate itself).
    var reader: ObjectIdentifier?

    /// An environment with every key at its default value.
    public init() {}

    /// The value for `key`: the one the nearest ancestor set, else the key's
    /// default.
    ///
    /// Setting it adds the value in front of the inherited ones, in this
    /// copy only.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get {
            guard let box = entry(for: .key(Key.self))?.box else { return Key.defaultValue }
            return read(box) as? Key.Value ?? Key.defaultValue
        }
        set {
            chain = EnvironmentEntry(id: .key(Key.self), box: EnvironmentBox(value: newValue, owner: nil), next: chain)
        }
    }

    /// Whether controls accept interactions: `false` below
    /// `.disabled(true)`. Default: `true`.
    public var isEnabled: Bool {
        get { self[IsEnabledKey.self] }
        set { self[IsEnabledKey.self] = newValue }
    }

    func entry(for id: EnvironmentEntryID) -> EnvironmentEntry? {
        var cursor = chain
        while let entry = cursor {
            if entry.id == id { return entry }
            cursor = entry.next
        }
        return nil
    }

    /// The object of type `type` set with `.environment(_:)` or (for
    /// `kind == .environmentObject`) `.environmentObject(_:)`; nil if no
    /// ancestor set one.
    func object<T>(_ type: T.Type, kind: EnvironmentEntryID.Kind) -> T? {
        guard let box = entry(for: EnvironmentEntryID(type: ObjectIdentifier(type), kind: kind))?.box else {
            return nil
        }
        return read(box) as? T
    }

    private func read(_ box: EnvironmentBox) -> Any {
        if let reader, box.owner == reader {
            return untracked { box.value }
        }
        return box.value
    }

    func read(by node: ViewNode) -> EnvironmentValues {
        var copy = self
        copy.reader = ObjectIdentifier(node)
        return copy
    }

    var withoutReader: EnvironmentValues {
        var copy = self
        copy.reader = nil
        return copy
    }

    /// The entries of this value, innermost first, as written by a modifier.
    var entries: [(id: EnvironmentEntryID, value: Any)] {
        var result: [(EnvironmentEntryID, Any)] = []
        var cursor = chain
        while let entry = cursor {
            result.append((entry.id, untracked { entry.box.value }))
            cursor = entry.next
        }
        return result
    }
}

/// What an environment entry is keyed by: a key type, or an object's type.
struct EnvironmentEntryID: Hashable {
    enum Kind: Hashable {
        /// An ``EnvironmentKey``.
        case key
        /// An object set with `.environment(_:)`.
        case object
        /// An `ObservableObject` set with `.environmentObject(_:)`.
        case environmentObject
    }

    let type: ObjectIdentifier
    let kind: Kind

    static func key<Key: EnvironmentKey>(_ key: Key.Type) -> EnvironmentEntryID {
        EnvironmentEntryID(type: ObjectIdentifier(key), kind: .key)
    }
}

/// One link of an environment: an entry and the inherited ones behind it.
/// Immutable; a modifier that sets the same entries under the same parent
/// environment keeps its links, so the environment's identity stays.
final class EnvironmentEntry {
    let id: EnvironmentEntryID
    let box: EnvironmentBox
    let next: EnvironmentEntry?

    init(id: EnvironmentEntryID, box: EnvironmentBox, next: EnvironmentEntry?) {
        self.id = id
        self.box = box
        self.next = next
    }
}

/// The tracked value of one environment entry, owned by the modifier that
/// sets it.
final class EnvironmentBox: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    /// Assigned only when the value differs (see `inputsAreEqual`).
    @Tracked var value: Any
    /// The custom view whose render sets the value.
    let owner: ObjectIdentifier?

    init(value: Any, owner: ObjectIdentifier?) {
        self.value = value
        self.owner = owner
    }
}
