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
/// differ so that a file may import both modules. A class that declares both
/// is seen by Apple's Observation too, property by property (and so by
/// SwiftUI on Apple platforms): see <doc:UsingTrackingModelsInSwiftUI>.
public protocol Trackable: AnyObject {
    /// The object's registrar. Declare it as a stored `let`, created once per
    /// object; the engine relies on it living exactly as long as the object.
    var trackingRegistrar: TrackingRegistrar { get }

    // The bridge to Apple's Observation. Implemented by the package, chosen
    // by the compiler: a do-nothing default for every class, replaced by the
    // bridge for a class that also conforms to `Observation.Observable`
    // (ObservationBridge.swift). Do not implement them.

    /// Whether Apple's Observation is told of this class's reads and writes:
    /// `true` when the class also conforms to `Observation.Observable`.
    /// Provided by the package; do not implement it.
    static var _observationBridged: Bool { get }

    /// Tells Apple's Observation that `keyPath` of `subject` was read.
    /// Provided by the package; do not implement it.
    static func _observationAccess<Root, Member>(_ subject: Self, keyPath: KeyPath<Root, Member>)

    /// Tells Apple's Observation that `keyPath` of `subject` is about to
    /// change, if anything could have read it through Observation. Returns
    /// whether it told, and so whether `_observationDidSet` must follow.
    /// Provided by the package; do not implement it.
    static func _observationWillSet<Root, Member>(
        _ subject: Self, keyPath: KeyPath<Root, Member>
    ) -> Bool

    /// Tells Apple's Observation that `keyPath` of `subject` has changed.
    /// Provided by the package; do not implement it.
    static func _observationDidSet<Root, Member>(_ subject: Self, keyPath: KeyPath<Root, Member>)
}
