import Publishing
import Rendering

extension TimerExample {
    /// The parent: a refresh button that makes it render again, a toggle
    /// that removes the timers, and the two timers.
    ///
    /// ```
    /// VStack
    ///   Text("Parent renders: 1")
    ///   Button("Refresh parent")
    ///   Toggle("Show timers", isOn: true)
    ///   HStack
    ///     Text("StateObject: 0s")
    ///     Button("Tick StateObject")
    ///   HStack
    ///     Text("ObservedObject: 0s")
    ///     Button("Tick ObservedObject")
    /// ```
    public struct TimerScreen: View {
        let census: InstanceCensus
        @State private var renders = 1
        @State private var showsTimers = true

        /// A screen whose models report to `census`.
        ///
        /// - Parameter census: Counts the models created and released.
        public init(census: InstanceCensus) {
            self.census = census
        }

        /// The controls and the timers.
        public var body: some View {
            VStack {
                Text("Parent renders: \(renders)")
                Button("Refresh parent") { renders += 1 }
                Toggle("Show timers", isOn: $showsTimers)
                if showsTimers {
                    StableTimerView(census: census)
                    ResettingTimerView(census: census)
                }
            }
        }
    }

    /// A timer whose model is a `@StateObject`: made once for the view's
    /// identity, kept across the parent's renders, released when the view
    /// leaves.
    public struct StableTimerView: View {
        @StateObject private var model: TimerViewModel

        /// A timer whose model reports to `census`. The model is made only
        /// the first time this view's identity renders.
        ///
        /// - Parameter census: Counts the models.
        public init(census: InstanceCensus) {
            _model = StateObject(wrappedValue: TimerViewModel(census: census))
        }

        /// The seconds and a button standing for the timer firing.
        public var body: some View {
            HStack {
                Text("StateObject: \(model.seconds)s")
                Button("Tick StateObject") { model.tick() }
            }
            .onAppear { model.start() }
        }
    }

    /// The classic bug: a timer that creates its model as an
    /// `@ObservedObject`. Each render of the parent creates a new view value,
    /// whose initializer makes a new model at 0 seconds, never started.
    public struct ResettingTimerView: View {
        @ObservedObject private var model: TimerViewModel

        /// A timer with a new model, made on every call.
        ///
        /// - Parameter census: Counts the models.
        public init(census: InstanceCensus) {
            model = TimerViewModel(census: census)
        }

        /// The seconds and a button standing for the timer firing.
        public var body: some View {
            HStack {
                Text("ObservedObject: \(model.seconds)s")
                Button("Tick ObservedObject") { model.tick() }
            }
            .onAppear { model.start() }
        }
    }
}
