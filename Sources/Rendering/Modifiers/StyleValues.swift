// Values the styling modifiers accept, so that SwiftUI code compiles; the
// host draws content, not appearance, and ignores them.

/// A font. Accepted by ``View/font(_:)`` and ignored.
public struct Font: Sendable, Equatable {
    let name: String

    /// The large title text style.
    public static let largeTitle = Font(name: "largeTitle")
    /// The title text style.
    public static let title = Font(name: "title")
    /// The second-level title text style.
    public static let title2 = Font(name: "title2")
    /// The third-level title text style.
    public static let title3 = Font(name: "title3")
    /// The headline text style.
    public static let headline = Font(name: "headline")
    /// The subheadline text style.
    public static let subheadline = Font(name: "subheadline")
    /// The body text style.
    public static let body = Font(name: "body")
    /// The callout text style.
    public static let callout = Font(name: "callout")
    /// The caption text style.
    public static let caption = Font(name: "caption")
    /// The smaller caption text style.
    public static let caption2 = Font(name: "caption2")
    /// The footnote text style.
    public static let footnote = Font(name: "footnote")
}

/// A color. Accepted by the color modifiers and ignored.
public struct Color: Sendable, Equatable {
    let name: String

    /// The color of primary content.
    public static let primary = Color(name: "primary")
    /// The color of secondary content.
    public static let secondary = Color(name: "secondary")
    /// The app's accent color.
    public static let accentColor = Color(name: "accentColor")
    /// Red.
    public static let red = Color(name: "red")
    /// Green.
    public static let green = Color(name: "green")
    /// Blue.
    public static let blue = Color(name: "blue")
    /// Orange.
    public static let orange = Color(name: "orange")
    /// Gray.
    public static let gray = Color(name: "gray")
    /// Black.
    public static let black = Color(name: "black")
    /// White.
    public static let white = Color(name: "white")
    /// No color.
    public static let clear = Color(name: "clear")
}

/// The edges of a view, for ``View/padding(_:_:)``. Accepted and ignored.
public enum Edge: Sendable {
    /// A set of edges.
    public struct Set: OptionSet, Sendable {
        /// The edges, one bit each.
        public let rawValue: Int

        /// A set from its bits.
        ///
        /// - Parameter rawValue: The bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The top edge.
        public static let top = Set(rawValue: 1)
        /// The leading edge.
        public static let leading = Set(rawValue: 2)
        /// The bottom edge.
        public static let bottom = Set(rawValue: 4)
        /// The trailing edge.
        public static let trailing = Set(rawValue: 8)
        /// The top and bottom edges.
        public static let vertical: Set = [.top, .bottom]
        /// The leading and trailing edges.
        public static let horizontal: Set = [.leading, .trailing]
        /// Every edge.
        public static let all: Set = [.vertical, .horizontal]
    }
}

/// A button style. Accepted by ``View/buttonStyle(_:)`` and ignored.
public protocol ButtonStyle {}

/// The plain button style.
public struct PlainButtonStyle: ButtonStyle {
    /// The style.
    public init() {}
}

/// The bordered button style.
public struct BorderedButtonStyle: ButtonStyle {
    /// The style.
    public init() {}
}

/// A text field style. Accepted by ``View/textFieldStyle(_:)`` and ignored.
public protocol TextFieldStyle {}

/// The rounded-border text field style.
public struct RoundedBorderTextFieldStyle: TextFieldStyle {
    /// The style.
    public init() {}
}
