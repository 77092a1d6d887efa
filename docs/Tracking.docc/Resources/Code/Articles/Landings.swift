import Publishing
import Rendering
import Tracking

/// The example of the Publishing module's page.
/// The model of the landing page of Tracking.
enum TrackingLanding {
    @MainActor final class Book: Trackable {
        let trackingRegistrar = TrackingRegistrar()

        @Tracked var title = "Sample Book Title"
        @Tracked var author = "Unknown"
        let isbn = "978-0-316-24662-0"   // a plain property: never tracked
    }
}

enum PublishingLanding {
    final class TodoManager: ObservableObject {
        @Published var todos: [String] = []
        @Published var newTodoTitle = ""
    }

    static func run() {
        let manager = TodoManager()
        var cancellables = Set<AnyCancellable>()
        manager.objectWillChange
            .sink { print("will change: \(manager.todos.count) todos, title '\(manager.newTodoTitle)'") }
            .store(in: &cancellables)
        manager.$newTodoTitle
            .removeDuplicates()
            .sink { print("title: '\($0)'") }
            .store(in: &cancellables)

        manager.newTodoTitle = "Buy milk"
        manager.newTodoTitle = "Buy milk"
    }
}

/// The example of the Rendering module's page.
enum RenderingLanding {
    final class Counter: Trackable {
        let trackingRegistrar = TrackingRegistrar()
        @Tracked var count = 0
    }

    struct CounterView: View {
        let counter: Counter
        var body: some View {
            VStack {
                Text("Count: \(counter.count)")
                Button("Increment") { counter.count += 1 }
            }
        }
    }

    @MainActor
    static func run() throws {
        let host = ViewHost(CounterView(counter: Counter()))
        try host.tap("Increment")
        print(host.snapshot)
        for render in host.renderLog { print(render) }
    }
}
