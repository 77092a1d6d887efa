/// A piece of user interface described as a value: a type that says what it
/// shows by returning other views from ``body``.
///
/// ```swift
/// struct Greeting: View {
///     let name: String
///     var body: some View {
///         VStack {
///             Text("Hello, \(name)")
///             Button("Wave") { print("👋") }
///         }
///     }
/// }
/// ```
///
/// A ``ViewHost`` evaluates `body` inside a tracking scope, so a view runs
/// again only when something it read changed (see <doc:InvalidationRules>).
///
/// Property wrappers that keep state (``State``, ``StateObject``) or read the
/// environment (``Environment``, ``EnvironmentObject``) work only in views
/// that are structs, rendered by a ``ViewHost``: the host connects their
/// storage to the view's identity before it reads `body`.
///
/// The built-in views (``Text``, ``Button``, ``VStack``, …) have no body of
/// their own: the host draws them. Their `body` is of type `Never` and stops
/// the program if called directly.
///
/// Isolation: main actor, as SwiftUI's `View` is. A type that declares `View`
/// conformance is main-actor isolated, so its `body` may read `@MainActor`
/// models with no annotation:
///
/// ```swift
/// @MainActor final class ProfileViewModel: Trackable {
///     let trackingRegistrar = TrackingRegistrar()
///     @Tracked var name = ""
/// }
///
/// struct NameView: View {
///     let vm: ProfileViewModel
///     var body: some View { Text(vm.name) }
/// }
/// ```
///
/// The ``ViewHost`` evaluates bodies on the main actor; a model changed on
/// another thread schedules the render there (see ``ViewHost``).
@MainActor @preconcurrency
public protocol View {
    /// The type of view that ``body`` returns.
    associatedtype Body: View

    /// The content of this view, evaluated by the host each time the view
    /// renders.
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    /// `Never` is the body type of views the host draws itself.
    public typealias Body = Never

    /// Never called: a value of type `Never` cannot exist.
    public var body: Never { self }
}

/// Stops the program with a message naming a built-in view whose `body` was
/// called: only the host may draw built-in views.
func builtInViewHasNoBody(_ type: Any.Type) -> Never {
    fatalError("\(type) is drawn by the ViewHost and has no body; render it with ViewHost instead of calling body")
}
