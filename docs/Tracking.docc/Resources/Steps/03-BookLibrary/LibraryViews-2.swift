import Rendering
import Tracking

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
                    Text("\(book.title) by \(book.author)")
                }
            }
        }
    }
}

/// Reads and writes its parent's filter through a binding.
struct FilterBar: View {
    @Binding var showsCheckedOut: Bool

    var body: some View {
        Toggle("Show checked-out books", isOn: $showsCheckedOut)
    }
}
