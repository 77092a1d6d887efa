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
