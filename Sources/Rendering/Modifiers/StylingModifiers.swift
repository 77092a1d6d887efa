// Styling that SwiftUI code uses, accepted and ignored so that such code
// compiles with few changes: the host draws content, not appearance. Each
// modifier returns the view unchanged, so it adds no node and no cost.

/// A font. Accepted by ``View/font(_:)`` and ignored.
public struct Font: Sendable, Equatable {
    let name: String

    public static let largeTitle = Font(name: "largeTitle")
    public static let title = Font(name: "title")
    public static let title2 = Font(name: "title2")
    public static let title3 = Font(name: "title3")
    public static let headline = Font(name: "headline")
    public static let subheadline = Font(name: "subheadline")
    public static let body = Font(name: "body")
    public static let callout = Font(name: "callout")
    public static let caption = Font(name: "caption")
    public static let caption2 = Font(name: "caption2")
    public static let footnote = Font(name: "footnote")
}

/// A color. Accepted by the color modifiers and ignored.
public struct Color: Sendable, Equatable {
    let name: String

    public static let primary = Color(name: "primary")
    public static let secondary = Color(name: "secondary")
    public static let accentColor = Color(name: "accentColor")
    public static let red = Color(name: "red")
    public static let green = Color(name: "green")
    public static let blue = Color(name: "blue")
    public static let orange = Color(name: "orange")
    public static let gray = Color(name: "gray")
    public static let black = Color(name: "black")
    public static let white = Color(name: "white")
    public static let clear = Color(name: "clear")
}

/// Edges, for ``View/padding(_:_:)``. Accepted and ignored.
public struct Edge: Sendable {
    /// A set of edges.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let vertical: Set = [.top, .bottom]
        public static let horizontal: Set = [.leading, .trailing]
        public static let all: Set = [.vertical, .horizontal]
    }
}

/// A button style. Accepted by ``View/buttonStyle(_:)`` and ignored.
public protocol ButtonStyle {}

/// The plain button style.
public struct PlainButtonStyle: ButtonStyle {
    public init() {}
}

/// The bordered button style.
public struct BorderedButtonStyle: ButtonStyle {
    public init() {}
}

/// A text field style. Accepted by ``View/textFieldStyle(_:)`` and ignored.
public protocol TextFieldStyle {}

/// The rounded-border text field style.
public struct RoundedBorderTextFieldStyle: TextFieldStyle {
    public init() {}
}

extension View {
    /// Accepted and ignored: returns the view unchanged.
    public func font(_ font: Font?) -> Self { self }

    /// Accepted and ignored: returns the view unchanged.
    public func foregroundColor(_ color: Color?) -> Self { self }

    /// Accepted and ignored: returns the view unchanged.
    public func foregroundStyle(_ color: Color) -> Self { self }

    /// Accepted and ignored: returns the view unchanged.
    public func background(_ color: Color) -> Self { self }

    /// Accepted and ignored: returns the view unchanged.
    public func padding(_ edges: Edge.Set = .all, _ length: Double? = nil) -> Self { self }

    /// Accepted and ignored: returns the view unchanged.
    public func padding(_ length: Double) -> Self { self }

    /// Accepted and ignored: returns the view unchanged.
    public func frame(width: Double? = nil, height: Double? = nil) -> Self { self }

    /// Accepted and ignored: returns the view unchanged.
    public func bold(_ isActive: Bool = true) -> Self { self }

    /// Accepted and ignored: returns the view unchanged.
    public func italic(_ isActive: Bool = true) -> Self { self }

    /// Accepted and ignored: returns the view unchanged.
    public func strikethrough(_ isActive: Bool = true) -> Self { self }

    /// Accepted and ignored: returns the view unchanged.
    public func opacity(_ opacity: Double) -> Self { self }

    /// Accepted and ignored: returns the view unchanged.
    public func cornerRadius(_ radius: Double) -> Self { self }

    /// Accepted and ignored: returns the view unchanged.
    public func scaleEffect(_ scale: Double) -> Self { self }

    /// Accepted and ignored: returns the view unchanged.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> Self { self }

    /// Accepted and ignored: returns the view unchanged.
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> Self { self }

    /// Accepted and ignored: returns the view unchanged.
    public func navigationTitle<S: StringProtocol>(_ title: S) -> Self { self }

    /// Accepted and ignored: returns the view unchanged.
    public func tag<V: Hashable>(_ tag: V) -> Self { self }
}
