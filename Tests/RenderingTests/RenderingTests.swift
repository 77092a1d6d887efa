import Testing
import Tracking
@testable import Rendering

final class Model: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var title = "A"
    @Tracked var count = 0
}

struct Child: View {
    let model: Model
    var body: some View { Text("title: \(model.title)") }
}

struct Root: View {
    let model: Model
    @State private var taps = 0
    var body: some View {
        VStack {
            Text("count: \(model.count)")
            Button("Tap \(taps)") { taps += 1 }
            Child(model: model)
            if taps > 1 { Text("many") }
        }
    }
}

@Test func smoke() throws {
    let model = Model()
    let host = ViewHost(Root(model: model))
    print(host.snapshot)
    try host.tap("Tap 0")
    print(host.snapshot)
    model.title = "B"
    host.flush()
    try host.tap("Tap 1")
    print(host.snapshot)
    print(host.bodyCounts, host.renderLog.map(\.description), host.bodyCountsByIdentity)
}
