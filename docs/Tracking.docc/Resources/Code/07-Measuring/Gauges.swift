import Foundation
import Rendering
import Tracking

/// One reading on a dashboard.
final class Gauge: Trackable {
    let trackingRegistrar = TrackingRegistrar()

    let name: String
    @Tracked var value = 0

    init(name: String) {
        self.name = name
    }
}

struct GaugeBoard: View {
    let gauges: [Gauge]

    var body: some View {
        VStack {
            ForEach(gauges, id: \.name) { gauge in
                GaugeRow(gauge: gauge)
            }
        }
    }
}

struct GaugeRow: View {
    let gauge: Gauge

    var body: some View {
        Text("\(gauge.name): \(gauge.value)")
    }
}

/// For boards of 10, 100 and 1,000 gauges: the dependencies the render
/// made, the memory they take, and the bodies one change evaluates.
@MainActor
func measureGauges() {
    print("gauges  dependencies  bytes   bodies per change")
    for count in [10, 100, 1_000] {
        let gauges = (1...count).map { Gauge(name: "gauge \($0)") }
        let before = TrackingStatistics.liveDependencyCountOnThisThread
        let host = ViewHost(GaugeBoard(gauges: gauges))
        let dependencies = TrackingStatistics.liveDependencyCountOnThisThread - before
        let bytes = dependencies * TrackingStatistics.bytesPerDependency

        host.resetCounts()
        gauges[count / 2].value += 1
        host.flush()

        let columns = ["\(count)", "\(dependencies)", "\(bytes)", "\(host.totalBodyCount)"]
        print(zip(columns, [8, 14, 8, 0]).map { $0.padding(toLength: max($1, $0.count), withPad: " ", startingAt: 0) }.joined())
    }
}
