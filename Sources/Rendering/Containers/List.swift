/// A scrolling list of rows. Drawn as `List`, rows indented below.
///
/// ```swift
/// List {
///     ForEach(manager.todos) { todo in TodoRowView(todo: todo) }
/// }
/// List(library.books) { book in Text(book.title) }
/// ```
public struct List<Content: View>: View {
    let content: Content

    /// A list of the given rows.
    ///
    /// - Parameter content: The rows.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// A list with one row per element of `data`, identified by `id`.
    ///
    /// - Parameters:
    ///   - data: The elements.
    ///   - id: The key path to each element's id; ids must be unique.
    ///   - rowContent: Makes a row for an element.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.content = ForEach(data, id: id, content: rowContent)
    }

    /// A list with one row per element of `data`, identified by its `id`.
    ///
    /// - Parameters:
    ///   - data: The elements.
    ///   - rowContent: Makes a row for an element.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.content = ForEach(data, content: rowContent)
    }

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension List: ContainerView {
    static var containerName: String? { "List" }
}
