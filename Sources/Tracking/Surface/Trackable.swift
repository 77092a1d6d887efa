/// A class whose ``Tracked`` properties tell the engine who reads them, so
/// that only the code that read a changed property runs again.
///
/// Conforming takes one line: a registrar the engine uses for this object.
///
/// ```swift
/// final class Book: Trackable {
///     let trackingRegistrar = TrackingRegistrar()
///     @Tracked var title = "Sample Book Title"
///     @Tracked var author = ""
///     let id = UUID()                // plain property: not tracked
/// }
/// ```
///
/// This is the macro-free counterpart of Apple's `Observable`; the names
/// differ so that a file may import both modules.
public protocol Trackable: AnyObject {
    /// The object's registrar. Declare it as a stored `let`, created once per
    /// object; the engine relies on it living exactly as long as the object.
    var trackingRegistrar: TrackingRegistrar { get }
}
