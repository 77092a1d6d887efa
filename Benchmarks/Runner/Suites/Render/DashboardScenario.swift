import Observation
import Publishing
import Rendering
import Tracking

/// A dashboard of 20 properties, each shown by its own child view, with one
/// property ticking. Whole-object: the ticking property re-renders the
/// dashboard and every tile; fine-grained: the one tile that shows it.
@MainActor
enum DashboardScenario {
    nonisolated static let tileCount = 20

    static func all() -> [RenderScenario] {
        [
            scenario(RenderScenario.wholeObject, expected: tileCount + 1) {
                let model = PublishedDashboard()
                return (benchmarkHost(PublishedDashboardView(model: model)), { model.values[7] = $0 })
            },
            scenario(RenderScenario.fineGrained, expected: 1) {
                let model = TrackedDashboard()
                return (benchmarkHost(TrackedDashboardView(model: model)), { model.values[7].value = $0 })
            },
            scenario(RenderScenario.observation, expected: 1) {
                let model = ObservedDashboard()
                return (benchmarkHost(ObservedDashboardView(model: model)), { model.values[7].value = $0 })
            },
        ]
    }

    private static func scenario(
        _ strategy: String, expected: Int, make: @escaping @MainActor () -> (ViewHost, (Int) -> Void)
    ) -> RenderScenario {
        RenderScenario(
            name: "Dashboard: one of 20 properties ticking", strategy: strategy,
            parameters: [("properties", "\(tileCount)")],
            setUp: {
                let (host, tick) = make()
                return RenderWorkload(
                    host: host,
                    update: { index in
                        tick(index)
                        host.flush()
                    },
                    showsUpdate: { index in host.snapshot.contains("Text(\"Metric 7: \(index)\")") })
            },
            expectedBodiesPerUpdate: expected)
    }
}

// MARK: Whole-object

final class PublishedDashboard: ObservableObject {
    @Published var values = Array(repeating: 0, count: DashboardScenario.tileCount)
}

struct PublishedDashboardView: View {
    @StateObject var model: PublishedDashboard

    var body: some View {
        VStack {
            ForEach(0..<DashboardScenario.tileCount, id: \.self) { index in
                PublishedTile(model: model, index: index)
            }
        }
    }
}

struct PublishedTile: View {
    @ObservedObject var model: PublishedDashboard
    let index: Int

    var body: some View {
        Text("Metric \(index): \(model.values[index])")
    }
}

// MARK: Fine-grained

final class TrackedMetric: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value = 0
}

final class TrackedDashboard: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    let values = (0..<DashboardScenario.tileCount).map { _ in TrackedMetric() }
}

struct TrackedDashboardView: View {
    let model: TrackedDashboard

    var body: some View {
        VStack {
            ForEach(0..<DashboardScenario.tileCount, id: \.self) { index in
                TrackedTile(metric: model.values[index], index: index)
            }
        }
    }
}

struct TrackedTile: View {
    let metric: TrackedMetric
    let index: Int

    var body: some View {
        Text("Metric \(index): \(metric.value)")
    }
}

// MARK: Apple's Observation

@Observable
final class ObservedMetric {
    var value = 0
}

@Observable
final class ObservedDashboard {
    let values = (0..<DashboardScenario.tileCount).map { _ in ObservedMetric() }
}

struct ObservedDashboardView: View {
    let model: ObservedDashboard

    var body: some View {
        VStack {
            ForEach(0..<DashboardScenario.tileCount, id: \.self) { index in
                ObservedTile(metric: model.values[index], index: index)
            }
        }
    }
}

struct ObservedTile: View {
    let metric: ObservedMetric
    let index: Int

    var body: some View {
        Text("Metric \(index): \(metric.value)")
    }
}
