import Rendering
import Tracking

/// The library's name: a keyed value of the environment.
struct LibraryNameKey: EnvironmentKey {
    static let defaultValue = "Library"
}

extension EnvironmentValues {
    var libraryName: String {
        get { self[LibraryNameKey.self] }
        set { self[LibraryNameKey.self] = newValue }
    }
}

/// The root: it owns the library and the filter.
struct LibraryView: View {
    @State private var library: Library
    @State private var showsCheckedOut = true

    init(library: Library) {
        _library = State(initialValue: library)
    }

    var body: some View {
        VStack {
            FilterBar(showsCheckedOut: $showsCheckedOut)
            List {
                ForEach(library.books.filter { showsCheckedOut || !$0.isCheckedOut }) { book in
                    BookRow(book: book)
                }
            }
            LibraryFooter()
        }
        .environment(library)
        .environment(\.libraryName, "Riverside Library")
    }
}

/// Reads and writes its parent's filter through a binding.
struct FilterBar: View {
    @Binding var showsCheckedOut: Bool

    var body: some View {
        Toggle("Show checked-out books", isOn: $showsCheckedOut)
    }
}

/// Edits one book through bindings to its properties.
struct BookRow: View {
    @Bindable var book: Book

    var body: some View {
        HStack {
            TextField("Title of book \(book.id)", text: $book.title)
            Toggle("\(book.title) is out", isOn: $book.isCheckedOut)
        }
    }
}

/// Reads the library and its name from the environment.
struct LibraryFooter: View {
    @Environment(Library.self) private var library
    @Environment(\.libraryName) private var name

    var body: some View {
        Text("\(name): \(library.checkedOutCount) of \(library.books.count) checked out")
    }
}
