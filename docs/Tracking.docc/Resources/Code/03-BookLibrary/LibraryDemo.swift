import Rendering

@MainActor
func libraryDemo() throws {
    let library = Library.sample()
    let host = ViewHost(LibraryView(library: library))
    print(host.snapshot)

    print("-- hide the checked-out books")
    host.resetCounts()
    try host.toggle("Show checked-out books")
    print(host.snapshot)
    for render in host.renderLog { print(render) }

    print("-- rename a book")
    host.resetCounts()
    try host.enter("Beloved (1987)", into: "Title of book 1")
    for render in host.renderLog { print(render) }

    print("-- check a book out")
    host.resetCounts()
    try host.toggle("Middlemarch is out")
    print(host.snapshot)
    for render in host.renderLog { print(render) }
}
