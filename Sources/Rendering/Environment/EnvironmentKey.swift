/// A key for a value in ``EnvironmentValues``: declare one per value, with
/// the value used when no ancestor sets it.
///
/// ```swift
/// private struct ThemeKey: EnvironmentKey {
///     static let defaultValue = "light"
/// }
///
/// extension EnvironmentValues {
///     var theme: String {
///         get { self[ThemeKey.self] }
///         set { self[ThemeKey.self] = newValue }
///     }
/// }
///
/// // Set it for a subtree, read it below:
/// ContentView().environment(\.theme, "dark")
/// @Environment(\.theme) private var theme
/// ```
public protocol EnvironmentKey {
    /// The type of the value.
    associatedtype Value

    /// The value when no ancestor sets one.
    static var defaultValue: Value { get }
}

/// Whether controls accept interactions: `false` below `.disabled(true)`.
struct IsEnabledKey: EnvironmentKey {
    static let defaultValue = true
}

/// What submitting a text field runs: set by `.onSubmit`.
struct SubmitKey: EnvironmentKey {
    static var defaultValue: SubmitHandler? { nil }
}
