import Rendering

/// The key of `EnvironmentValues.libraryTheme`.
public struct LibraryThemeKey: EnvironmentKey {
    /// `"light"`.
    public static let defaultValue = "light"
}

extension EnvironmentValues {
    /// The library's color theme, `"light"` or `"dark"`: a keyed environment
    /// value, set by ``BookLibrary/LibraryView`` and read by
    /// ``BookLibrary/LibraryHeader``.
    public var libraryTheme: String {
        get { self[LibraryThemeKey.self] }
        set { self[LibraryThemeKey.self] = newValue }
    }
}
