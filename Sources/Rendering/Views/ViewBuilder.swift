/// The result builder that turns the statements of a view's ``View/body``, or
/// of a container's content closure, into one view.
///
/// It supports what SwiftUI's builder does for the implemented subset:
/// several children (a ``TupleView``), `if` without `else` (an optional
/// view), `if`/`else` and `switch` (a `_ConditionalContent`), `if let`,
/// `#available` checks, and local declarations, including property wrappers
/// such as `@Bindable var book = book`.
///
/// ```swift
/// VStack {
///     Text("Title")
///     if showsDetails {
///         Text("Details")
///     } else {
///         Button("Show details") { showsDetails = true }
///     }
/// }
/// ```
///
/// Structure is identity: the host tells views apart by their position in
/// what this builder produced (the child index of a ``TupleView``, the branch
/// of a `_ConditionalContent`), so a view that moves from one branch to the
/// other is a new view with new state.
@resultBuilder @MainActor
public enum ViewBuilder {
    /// Passes a single view expression through.
    public static func buildExpression<Content: View>(_ content: Content) -> Content {
        content
    }

    /// An empty block is an ``EmptyView``.
    public static func buildBlock() -> EmptyView {
        EmptyView()
    }

    /// A block with one view is that view.
    public static func buildBlock<Content: View>(_ content: Content) -> Content {
        content
    }

    /// A block with several views is a ``TupleView`` of them, in order.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
    }

    /// An `if` without `else`: the view when the condition holds, nothing
    /// otherwise.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? {
        content
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }

    /// The body of an `if #available` check.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> Content {
        content
    }
}
