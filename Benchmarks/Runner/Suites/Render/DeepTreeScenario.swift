import Observation
import Publishing
import Rendering
import Tracking

/// A tree 50 levels deep whose leaf reads a property. Whole-object code
/// passes the object down as an `@ObservedObject` at every level, so every
/// level re-renders; fine-grained, only the leaf does.
@MainActor
enum DeepTreeScenario {
    nonisolated static let depth = 50

    static func all() -> [RenderScenario] {
        [
            scenario(RenderScenario.wholeObject, expected: depth + 1) {
                let model = PublishedLeafModel()
                return (benchmarkHost(PublishedLevel(model: model, depth: 0)), { model.value = $0 })
            },
            scenario(RenderScenario.fineGrained, expected: 1) {
                let model = TrackedLeafModel()
                return (benchmarkHost(TrackedLevel(model: model, depth: 0)), { model.value = $0 })
            },
            scenario(RenderScenario.observation, expected: 1) {
                let model = ObservedLeafModel()
                return (benchmarkHost(ObservedLevel(model: model, depth: 0)), { model.value = $0 })
            },
        ]
    }

    private static func scenario(
        _ strategy: String, expected: Int, make: @escaping @MainActor () -> (ViewHost, (Int) -> Void)
    ) -> RenderScenario {
        RenderScenario(
            name: "Tree 50 levels deep: the leaf's property changes", strategy: strategy,
            parameters: [("depth", "\(depth)")],
            setUp: {
                let (host, change) = make()
                return RenderWorkload(
                    host: host,
                    update: { index in
                        change(index)
                        host.flush()
                    },
                    showsUpdate: { index in host.snapshot.contains("Text(\"Leaf: \(index)\")") })
            },
            expectedBodiesPerUpdate: expected)
    }
}

final class PublishedLeafModel: ObservableObject {
    @Published var value = 0
}

struct PublishedLevel: View {
    @ObservedObject var model: PublishedLeafModel
    let depth: Int

    var body: some View {
        VStack {
            if depth == DeepTreeScenario.depth {
                Text("Leaf: \(model.value)")
            } else {
                PublishedLevel(model: model, depth: depth + 1)
            }
        }
    }
}

final class TrackedLeafModel: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value = 0
}

struct TrackedLevel: View {
    let model: TrackedLeafModel
    let depth: Int

    var body: some View {
        VStack {
            if depth == DeepTreeScenario.depth {
                Text("Leaf: \(model.value)")
            } else {
                TrackedLevel(model: model, depth: depth + 1)
            }
        }
    }
}

@Observable
final class ObservedLeafModel {
    var value = 0
}

struct ObservedLevel: View {
    let model: ObservedLeafModel
    let depth: Int

    var body: some View {
        VStack {
            if depth == DeepTreeScenario.depth {
                Text("Leaf: \(model.value)")
            } else {
                ObservedLevel(model: model, depth: depth + 1)
            }
        }
    }
}
