import Rendering
import Tracking

extension BookLibrary {
    /// The root: owns the library in `@State` and puts it in the
    /// environment, with the theme chosen by its toggle.
    ///
    /// ```
    /// VStack
    ///   Toggle("Dark theme", isOn: false)
    ///   VStack
    ///     Text("2 of 3 available")
    ///     Text("Theme: light")
    ///     List
    ///       HStack
    ///         Toggle("Dune", isOn: true)
    ///         Button("Edit Dune")
    ///       …
    /// ```
    public struct LibraryView: View {
        @State private var library: Library
        @State private var isDark = false

        /// Shows `library`, kept by the view from its first render.
        ///
        /// - Parameter library: The books.
        public init(library: Library = .sample()) {
            _library = State(initialValue: library)
        }

        /// The theme toggle and the list, with the library and the theme in
        /// their environment.
        public var body: some View {
            VStack {
                Toggle("Dark theme", isOn: $isDark)
                BookListView()
            }
            .environment(library)
            .environment(\.libraryTheme, isDark ? "dark" : "light")
        }
    }

    /// The availability count and the theme, from the environment.
    public struct LibraryHeader: View {
        @Environment(Library.self) private var library
        @Environment(\.libraryTheme) private var theme

        /// A header for the library in the environment.
        public init() {}

        /// Two texts.
        public var body: some View {
            Text("\(library.availableCount) of \(library.books.count) available")
            Text("Theme: \(theme)")
        }
    }

    /// The books, one row each, with a toggle bound through a local
    /// `@Bindable`, and the edit form of the selected book below.
    ///
    /// Its rows are drawn by its own body, so it depends on every book's
    /// title and availability; splitting rows into views of their own would
    /// narrow that, as the article advises.
    public struct BookListView: View {
        @Environment(Library.self) private var library
        @State private var editedBookID: Int?

        /// A list of the library in the environment.
        public init() {}

        /// The header, the list and, when a book is being edited, its form.
        public var body: some View {
            VStack {
                LibraryHeader()
                List(library.books) { book in
                    @Bindable var book = book
                    HStack {
                        Toggle(book.title, isOn: $book.isAvailable)
                        EditButton(book: book, editedBookID: $editedBookID)
                    }
                }
                if let id = editedBookID, let book = library.book(withID: id) {
                    BookEditForm(book: book, editedBookID: $editedBookID)
                }
            }
        }
    }

    /// Selects a book for editing through a binding to its parent's state.
    public struct EditButton: View {
        let book: Book
        @Binding var editedBookID: Int?

        /// A button that selects `book`.
        ///
        /// - Parameters:
        ///   - book: The book to edit.
        ///   - editedBookID: Where the selection is kept.
        public init(book: Book, editedBookID: Binding<Int?>) {
            self.book = book
            _editedBookID = editedBookID
        }

        /// `Button("Edit <title>")`.
        public var body: some View {
            Button("Edit \(book.title)") { editedBookID = book.id }
        }
    }

    /// Edits a book through `@Bindable` bindings; Done clears the selection.
    public struct BookEditForm: View {
        @Bindable var book: Book
        @Binding var editedBookID: Int?

        /// A form for `book`.
        ///
        /// - Parameters:
        ///   - book: The book edited.
        ///   - editedBookID: The selection, cleared by Done.
        public init(book: Book, editedBookID: Binding<Int?>) {
            self.book = book
            _editedBookID = editedBookID
        }

        /// Two fields, a toggle and a button.
        public var body: some View {
            Form {
                TextField("Title", text: $book.title)
                TextField("Author", text: $book.author)
                Toggle("Available", isOn: $book.isAvailable)
                Button("Done") { editedBookID = nil }
            }
        }
    }
}
