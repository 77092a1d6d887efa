// Styling that SwiftUI code uses, accepted and ignored so that such code
// compiles with few changes: the host draws content, not appearance. Each
// modifier returns the view unchanged, so it adds no node and no cost.

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
