import Publishing
import Rendering

/// A parent that renders again when its button is tapped, and its timers.
struct TimerScreen: View {
    let clock: Clock
    @State private var refreshes = 0

    var body: some View {
        VStack {
            Text("Refreshes: \(refreshes)")
            Button("Refresh") { refreshes += 1 }
            ForgetfulTimerView(clock: clock)
            TimerView(clock: clock)
        }
    }
}

/// The bug: the view creates its model as an `@ObservedObject`.
struct ForgetfulTimerView: View {
    let clock: Clock
    @ObservedObject private var model = TimerModel()

    var body: some View {
        Text("ObservedObject: \(model.seconds) s")
            .onAppear { model.start(with: clock) }
    }
}

/// The fix: the view owns its model as a `@StateObject`.
struct TimerView: View {
    let clock: Clock
    @StateObject private var model = TimerModel()

    var body: some View {
        Text("StateObject: \(model.seconds) s")
            .onAppear { model.start(with: clock) }
    }
}
