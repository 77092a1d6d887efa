import Publishing
import Rendering
import Tracking

/// The reading list of the article "Migrating from ObservableObject to
/// Trackable", before the migration.
enum MigrationBefore {
    struct Entry: Identifiable, Equatable {
        let id: Int
        var title: String
        var isRead = false
    }

    final class ReadingList: ObservableObject {
        @Published var entries: [Entry]
        @Published var newTitle = ""

        init(titles: [String]) {
            entries = titles.enumerated().map { Entry(id: $0.offset, title: $0.element) }
        }
    }

    final class Settings: ObservableObject {
        @Published var showsReadCount = true
    }

    struct ReadingListView: View {
        @StateObject private var list: ReadingList
        @StateObject private var settings = Settings()

        init(list: ReadingList) {
            _list = StateObject(wrappedValue: list)
        }

        var body: some View {
            VStack {
                TextField("New title", text: $list.newTitle)
                ForEach(list.entries) { entry in
                    EntryRow(list: list, entry: entry)
                }
                ReadCount()
            }
            .environmentObject(settings)
        }
    }

    struct EntryRow: View {
        @ObservedObject var list: ReadingList
        let entry: Entry

        var body: some View {
            Toggle(entry.title, isOn: $list.entries[entry.id].isRead)
        }
    }

    struct ReadCount: View {
        @EnvironmentObject var settings: Settings

        var body: some View {
            Text(settings.showsReadCount ? "Counting" : "Not counting")
        }
    }
}

/// The same reading list after the migration.
enum MigrationAfter {
    final class Entry: Trackable, Identifiable {
        let trackingRegistrar = TrackingRegistrar()
        let id: Int
        @Tracked var title: String
        @Tracked var isRead = false

        init(id: Int, title: String) {
            self.id = id
            self.title = title
        }
    }

    final class ReadingList: Trackable {
        let trackingRegistrar = TrackingRegistrar()
        @Tracked var entries: [Entry]
        @Tracked var newTitle = ""

        init(titles: [String]) {
            entries = titles.enumerated().map { Entry(id: $0.offset, title: $0.element) }
        }
    }

    final class Settings: Trackable {
        let trackingRegistrar = TrackingRegistrar()
        @Tracked var showsReadCount = true
    }

    struct ReadingListView: View {
        @State private var list: ReadingList
        @State private var settings = Settings()

        init(list: ReadingList) {
            _list = State(initialValue: list)
        }

        var body: some View {
            @Bindable var list = list
            VStack {
                TextField("New title", text: $list.newTitle)
                ForEach(list.entries) { entry in
                    EntryRow(entry: entry)
                }
                ReadCount()
            }
            .environment(settings)
        }
    }

    struct EntryRow: View {
        @Bindable var entry: Entry

        var body: some View {
            Toggle(entry.title, isOn: $entry.isRead)
        }
    }

    struct ReadCount: View {
        @Environment(Settings.self) private var settings

        var body: some View {
            Text(settings.showsReadCount ? "Counting" : "Not counting")
        }
    }
}

enum Migration {
    @MainActor
    static func compare() throws {
        let titles = ["Kindred", "Piranesi", "Stoner"]
        let before = ViewHost(MigrationBefore.ReadingListView(list: MigrationBefore.ReadingList(titles: titles)))
        let after = ViewHost(MigrationAfter.ReadingListView(list: MigrationAfter.ReadingList(titles: titles)))
        print(after.snapshot)
        print("same screen before and after: \(before.snapshot == after.snapshot)")

        for (name, host) in [("before", before), ("after", after)] {
            host.resetCounts()
            try host.toggle("Piranesi")
            try host.enter("Middlemarch", into: "New title")
            print("\(name): \(host.totalBodyCount) bodies for a toggle and a keystroke")
        }
        print("same screen before and after: \(before.snapshot == after.snapshot)")
    }
}
