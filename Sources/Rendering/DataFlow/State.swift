import Tracking

/// A value owned by a view's identity: it is created with the view, survives
/// the view being re-created by its parent's renders, and is released when
/// the view leaves the tree.
///
/// ```swift
/// struct Counter: View {
///     @State private var count = 0
///     var body: some View {
///         Button("Count: \(count)") { count += 1 }
///     }
/// }
/// ```
///
/// The value lives in a tracked box kept by the host, one per identity: a
/// view (or a child given `$count`) that read it re-renders when it changes;
/// a view that did not read it does not. Assigning an equal value
/// (`==` for `Equatable` values) re-renders nothing.
///
/// `@State` can also own an object, which is created each time the view
/// value is created but kept only the first time (as in SwiftUI):
///
/// ```swift
/// @State private var library = Library()   // a Trackable model
/// ```
///
/// The initial value given by later copies of the view (from the parent's
/// renders) is ignored; the host keeps the latest view value, so the object
/// that value was given lives on, unused, until the view renders with a
/// newer one or leaves. Outside a host, or before the host installed it, the
/// wrapper reads its initial value and ignores writes.
///
/// Isolation: use it on the main actor, like the view.
@propertyWrapper
public struct State<Value> {
    @usableFromInline let initialValue: Value
    @usableFromInline var box: StateBox<Value>?

    /// Creates state with an initial value, used the first time the view's
    /// identity renders.
    ///
    /// - Parameter wrappedValue: The initial value.
    public init(wrappedValue: Value) {
        initialValue = wrappedValue
    }

    /// Creates state with an initial value (for `_count = State(initialValue: 5)`
    /// in an initializer).
    ///
    /// - Parameter initialValue: The initial value.
    public init(initialValue: Value) {
        self.initialValue = initialValue
    }

    /// The current value.
    ///
    /// Inlinable, so that a body reading it reads the tracked box directly.
    @inlinable
    public var wrappedValue: Value {
        @inline(__always) get { box?.value ?? initialValue }
        nonmutating set { box?.value = newValue }
    }

    /// A binding to the value, for a child: `$count`.
    ///
    /// Before the host installs the state (outside a host), the binding is a
    /// constant holding the initial value.
    public var projectedValue: Binding<Value> {
        guard let box else { return .constant(initialValue) }
        return Binding(location: box)
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// Creates state whose initial value is `nil`: `@State var selection: Book.ID?`.
    public init() {
        self.init(wrappedValue: nil)
    }
}

extension State: HostedProperty {
    mutating func install(_ context: inout InstallContext) {
        guard context.slot < context.node.slots.count else { return }
        if let existing = context.node.slots[context.slot] as? StateBox<Value> {
            box = existing
        } else {
            let created = StateBox(initialValue)
            context.node.slots[context.slot] = created
            box = created
        }
    }

    mutating func uninstall() {
        box = nil
    }

    /// State belongs to the child: a parent's new initial value changes
    /// nothing.
    static func isSameInput(_ old: State<Value>, _ new: State<Value>) -> Bool { true }
}

/// The storage of one ``State``: a tracked value, and a binding location.
///
/// What `@Tracked var value` would declare, with the accessors written out
/// twice. ``value`` is inlined into the bodies that read `@State`; its getter
/// takes the storage's address itself, which costs a field load: a storage
/// key path, which the optimizer also turns into a field address, would
/// check exclusivity at run time on every read (a list's rows that read the
/// state pay that once per row). The
/// host's own code is generic, and there a key path literal is instantiated,
/// and allocated, on every use: as a binding's location, the box reaches its
/// value through key paths made once per box.
@usableFromInline
final class StateBox<Value>: BindingLocation, Trackable {
    @usableFromInline let trackingRegistrar = TrackingRegistrar()
    /// Without dynamic exclusivity checks, which cost more than the read
    /// itself (a body that reads `@State` in each row of a list pays one per
    /// row). The box is used on the main actor only; the one overlap
    /// possible, a read of the state from inside a binding's in-place
    /// modification of it, reads the value from before the modification
    /// instead of trapping.
    @usableFromInline @exclusivity(unchecked) var _value: Tracked<Value>
    private let valuePath: ReferenceWritableKeyPath<StateBox, Value>
    private let storagePath: ReferenceWritableKeyPath<StateBox, Tracked<Value>>

    init(_ value: Value) {
        // The policy chosen at run time: `==` when `Value` is Equatable.
        _value = Tracked(wrappedValue: value, notifiesEqualValues: false)
        valuePath = \.value
        storagePath = \._value
    }

    @inlinable
    var value: Value {
        // The storage's address taken directly, not through the key path.
        // A body usually reads its state many times in a run (once per row
        // of a list): the repeated read is checked first.
        @inline(__always) get {
            Tracked.readRepeatedly(withUnsafeMutablePointer(to: &_value) { $0 }, of: self, wrapped: \.value)
        }
        set { Tracked[_enclosingInstance: self, wrapped: \.value, storage: \._value] = newValue }
    }

    func get() -> Value {
        Tracked[_enclosingInstance: self, wrapped: valuePath, storage: storagePath]
    }

    func modify(_ body: (inout Value) -> Void) {
        body(&Tracked[_enclosingInstance: self, wrapped: valuePath, storage: storagePath])
    }

    func set(_ newValue: Value) {
        Tracked[_enclosingInstance: self, wrapped: valuePath, storage: storagePath] = newValue
    }
    var isTracked: Bool { true }
}
