/// Horizontal alignment of a ``VStack``'s children. Accepted and ignored:
/// there is no layout.
public enum HorizontalAlignment: Sendable {
    /// Aligned on the leading edge.
    case leading
    /// Centered.
    case center
    /// Aligned on the trailing edge.
    case trailing
}

/// Vertical alignment of an ``HStack``'s children. Accepted and ignored.
public enum VerticalAlignment: Sendable {
    /// Aligned on the top edge.
    case top
    /// Centered.
    case center
    /// Aligned on the bottom edge.
    case bottom
    /// Aligned on the first line of text.
    case firstTextBaseline
}

/// Children one above the other. Drawn as `VStack`, children indented below.
public struct VStack<Content: View>: View {
    let content: Content

    /// A vertical stack.
    ///
    /// - Parameters:
    ///   - alignment: Accepted and ignored.
    ///   - spacing: Accepted and ignored.
    ///   - content: The children.
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension VStack: ContainerView {
    static var containerName: String? { "VStack" }
}

/// Children side by side. Drawn as `HStack`, children indented below.
public struct HStack<Content: View>: View {
    let content: Content

    /// A horizontal stack.
    ///
    /// - Parameters:
    ///   - alignment: Accepted and ignored.
    ///   - spacing: Accepted and ignored.
    ///   - content: The children.
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension HStack: ContainerView {
    static var containerName: String? { "HStack" }
}

/// Children grouped without drawing anything: they appear at the group's
/// level in the snapshot. Modifiers on a group apply to all its children.
public struct Group<Content: View>: View {
    let content: Content

    /// A group.
    ///
    /// - Parameter content: The children.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension Group: ContainerView {
    static var containerName: String? { nil }
}

/// A form of controls. Drawn as `Form`, children indented below.
public struct Form<Content: View>: View {
    let content: Content

    /// A form.
    ///
    /// - Parameter content: The children.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension Form: ContainerView {
    static var containerName: String? { "Form" }
}

/// A navigation container. There is no navigation here: it draws nothing and
/// its content appears at its level, so that SwiftUI code compiles unchanged.
public struct NavigationStack<Content: View>: View {
    let content: Content

    /// A navigation stack.
    ///
    /// - Parameter content: The root view.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension NavigationStack: ContainerView {
    static var containerName: String? { nil }
}
