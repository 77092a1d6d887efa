import Publishing
import Tracking

/// An `ObservableObject` owned by a view's identity: created once, the first
/// time the identity renders, kept across the parent's renders, and released
/// (its `deinit` runs) when the view leaves the tree.
///
/// ```swift
/// struct TimerView: View {
///     @StateObject private var model = TimerViewModel()
///     var body: some View {
///         Text("\(model.seconds)s")
///     }
/// }
/// ```
///
/// The object is made by the autoclosure, which runs once per identity: the
/// closures carried by later copies of the view are never called. The view
/// re-renders on every `objectWillChange` of the object (whole-object
/// invalidation), whatever its body read.
///
/// Outside a host, or before the host installed it, each read of
/// ``wrappedValue`` creates a new object (SwiftUI does the same, with a
/// warning).
///
/// Isolation: use it on the main actor, like the view.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject> {
    private let makeObject: () -> ObjectType
    private var object: ObjectType?

    /// Creates the wrapper; `thunk` makes the object the first time the view's
    /// identity renders.
    ///
    /// - Parameter thunk: Makes the object. Runs at most once per identity.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        makeObject = thunk
    }

    /// The object owned by this view's identity.
    public var wrappedValue: ObjectType {
        object ?? makeObject()
    }

    /// Bindings to the object's properties: `$model.title`.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(object: wrappedValue)
    }
}

extension StateObject: HostedProperty {
    mutating func install(_ context: inout InstallContext) {
        guard context.slot < context.node.slots.count else { return }
        let owned: ObjectType
        if let existing = context.node.slots[context.slot] as? ObjectType {
            owned = existing
        } else {
            owned = untracked(makeObject)
            context.node.slots[context.slot] = owned
        }
        object = owned
        context.node.subscribe(to: owned)
    }

    mutating func uninstall() {
        object = nil
    }

    /// The object belongs to the child: the parent's new closure changes
    /// nothing.
    static func isSameInput(_ old: StateObject<ObjectType>, _ new: StateObject<ObjectType>) -> Bool { true }
}
