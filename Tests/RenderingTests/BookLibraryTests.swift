import Testing
@testable import Examples
@testable import Rendering

private typealias Library = BookLibrary

@MainActor
@Suite struct BookLibraryTests {
    @Test func theLibraryScreen() {
        let host = ViewHost(Library.LibraryView())
        #expect(host.snapshot == """
            VStack
              Toggle("Dark theme", isOn: false)
              VStack
                Text("2 of 3 available")
                Text("Theme: light")
                List
                  HStack
                    Toggle("Dune", isOn: true)
                    Button("Edit Dune")
                  HStack
                    Toggle("Emma", isOn: true)
                    Button("Edit Emma")
                  HStack
                    Toggle("Ulysses", isOn: false)
                    Button("Edit Ulysses")
            """)
        #expect(host.errors.isEmpty)
    }

    @Test func theThemeReachesOnlyTheHeader() throws {
        let host = ViewHost(Library.LibraryView())
        host.resetCounts()
        try host.toggle("Dark theme")
        #expect(host.bodyCounts == ["LibraryView": 1, "LibraryHeader": 1])
        #expect(host.snapshot.contains("Text(\"Theme: dark\")"))
    }

    @Test func aLocalBindableTogglesABookAndTheCountFollows() throws {
        let library = Library.Library.sample()
        let host = ViewHost(Library.LibraryView(library: library))
        host.resetCounts()
        try host.toggle("Ulysses")
        #expect(library.books[2].isAvailable)
        // The list drew the toggle (it read isAvailable); the header counts
        // every book's availability.
        #expect(host.bodyCounts == ["BookListView": 1, "LibraryHeader": 1])
        #expect(host.snapshot.contains("Text(\"3 of 3 available\")"))
    }

    @Test func theEditFormEditsThroughBindableAndCloses() throws {
        let library = Library.Library.sample()
        let host = ViewHost(Library.LibraryView(library: library))
        try host.tap("Edit Emma")
        #expect(host.snapshot.hasSuffix("""
                Form
                  TextField("Title", text: "Emma")
                  TextField("Author", text: "Jane Austen")
                  Toggle("Available", isOn: true)
                  Button("Done")
            """))

        host.resetCounts()
        try host.enter("Persuasion", into: "Title")
        #expect(library.books[1].title == "Persuasion")
        // Those that read the title: the list (its row toggle), the row's
        // edit button, and the form's field.
        #expect(host.bodyCounts == ["BookListView": 1, "EditButton": 1, "BookEditForm": 1])
        #expect(host.snapshot.contains("Toggle(\"Persuasion\", isOn: true)"))
        #expect(host.snapshot.contains("Button(\"Edit Persuasion\")"))

        try host.tap("Done")
        #expect(!host.snapshot.contains("Form"))
    }

    @Test func theStoreReachesItsShelfThroughTheEnvironment() throws {
        let host = ViewHost(Library.BookStoreView())
        try host.tap("Add Middlemarch")
        #expect(host.snapshot == """
            VStack
              List
                Text("Dune")
                Text("Emma")
                Text("Middlemarch")
              Button("Add Middlemarch")
            """)
    }

    @Test func aShelfWithoutAStoreShowsAnError() {
        let host = ViewHost(Library.StoreShelfView())
        #expect(host.errors.map(\.kind) == [.missingEnvironmentObject])
        #expect(host.snapshot.hasPrefix("Error(\"StoreShelfView reads @EnvironmentObject of type BookStore"))
    }
}
