import Foundation

/// A problem the host found while rendering, or an interaction it could not
/// perform. Each message names the view type and what is missing.
///
/// Render problems do not stop the host: the view concerned shows an
/// `Error("…")` line in the ``ViewHost/snapshot`` and the error is appended
/// to ``ViewHost/errors``. Interactions (``ViewHost/tap(_:at:)`` and the
/// others) throw.
public struct RenderingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: Sendable, Equatable {
        /// A view reads an `@EnvironmentObject` that no ancestor provides.
        case missingEnvironmentObject
        /// A view reads `@Environment(Type.self)` and no ancestor provides an
        /// object of that type.
        case missingEnvironmentValue
        /// A binding refers to a collection element that was removed.
        case bindingToRemovedElement
        /// A `ForEach` produced the same id more than once.
        case duplicateID
        /// A view type is neither built in nor has a body.
        case unsupportedView
        /// Views kept invalidating each other and the host stopped rendering.
        case didNotSettle
        /// No control has the label an interaction asked for.
        case noSuchControl
        /// Several controls have the label, and no index was given (or the
        /// index is out of range).
        case ambiguousControl
        /// The control is disabled.
        case disabledControl
    }

    /// What kind of problem it is.
    public let kind: Kind

    /// A sentence naming the view type and what is missing.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What kind of problem it is.
    ///   - message: A sentence naming the view type and what is missing.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
