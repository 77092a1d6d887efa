import Rendering

/// A todo model behind the interface the list scenarios need, whichever
/// strategy it is on.
protocol TodoListModel {
    var count: Int { get }
    func add(_ title: String)
    func removeLast()
}

extension TodoModel: TodoListModel {}
extension StructTodoModel: TodoListModel {}

/// The list scenarios shared by the todo apps: toggle one row, add one item,
/// delete one item, on a host of N rows titled "Task 1" to "Task N".
@MainActor
enum ListScenarios {
    /// Toggles row `index % size + 1` by its title.
    static func toggle(
        _ name: String, strategy: String, size: Int, expectedBodies: Int, weight: Double,
        makeHost: @escaping @MainActor () -> ViewHost
    ) -> RenderScenario {
        RenderScenario(
            name: name, strategy: strategy, parameters: [("n", "\(size)")],
            setUp: {
                let host = makeHost()
                return RenderWorkload(
                    host: host,
                    update: { index in try? host.toggle("Task \(index % size + 1)") },
                    showsUpdate: { index in shows(toggle: index, of: size, in: host) })
            },
            expectedBodiesPerUpdate: expectedBodies,
            weight: weight)
    }

    /// Whether the screen shows the row toggled by update `index`: toggles
    /// alternate, so an odd number of toggles of a row leaves it done.
    static func shows(toggle index: Int, of size: Int, in host: ViewHost) -> Bool {
        let row = index % size + 1
        let toggles = (index - 1) / size + 1
        return host.snapshot.contains("Toggle(\"Task \(row)\", isOn: \(toggles % 2 == 1))")
    }

    /// Adds "New <index>", and takes the additions away again between
    /// samples; a sample makes at most N / 10 updates, so that every update
    /// finds N rows, give or take 10%.
    static func adding(
        _ name: String, strategy: String, size: Int, expectedBodies: Int, weight: Double,
        makeHost: @escaping @MainActor () -> (ViewHost, any TodoListModel)
    ) -> RenderScenario {
        RenderScenario(
            name: name, strategy: strategy, parameters: [("n", "\(size)")],
            setUp: {
                let (host, model) = makeHost()
                return RenderWorkload(
                    host: host,
                    update: { index in
                        model.add("New \(index)")
                        host.flush()
                    },
                    showsUpdate: { index in host.snapshot.contains("\"New \(index)\"") },
                    restore: {
                        while model.count > size { model.removeLast() }
                        host.flush()
                    })
            },
            expectedBodiesPerUpdate: expectedBodies,
            weight: weight,
            maximumUpdatesPerSample: updatesPerSample(size))
    }

    /// Deletes the last of N + 1 rows, and puts rows back between samples; a
    /// sample makes at most N / 10 updates, so that every update deletes a
    /// row from a list of N, give or take 10% (a sample of more deletions
    /// than rows would mostly time updates that delete nothing).
    /// `makeHost` is given the number of rows to make.
    static func deleting(
        _ name: String, strategy: String, size: Int, expectedBodies: Int, weight: Double,
        makeHost: @escaping @MainActor (Int) -> (ViewHost, any TodoListModel)
    ) -> RenderScenario {
        RenderScenario(
            name: name, strategy: strategy, parameters: [("n", "\(size)")],
            setUp: {
                let (host, model) = makeHost(size + 1)
                return RenderWorkload(
                    host: host,
                    update: { _ in
                        model.removeLast()
                        host.flush()
                    },
                    showsUpdate: { _ in !host.snapshot.contains("\"Task \(size + 1)\"") },
                    restore: {
                        while model.count < size + 1 { model.add("Task \(model.count + 1)") }
                        host.flush()
                    })
            },
            expectedBodiesPerUpdate: expectedBodies,
            weight: weight,
            maximumUpdatesPerSample: updatesPerSample(size))
    }

    /// The most updates a sample of a scenario that changes the size makes.
    private static func updatesPerSample(_ size: Int) -> Int {
        max(1, size / 10)
    }
}
