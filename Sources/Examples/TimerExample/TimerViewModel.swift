import Publishing

extension TimerExample {
    /// A timer's seconds, published. It counts only once started.
    ///
    /// Thread-safety: not `Sendable`; use it on one thread at a time.
    public final class TimerViewModel: ObservableObject {
        /// The seconds counted since ``start()``.
        @Published public private(set) var seconds = 0

        /// Whether ``start()`` was called.
        public private(set) var isRunning = false

        private let census: InstanceCensus?

        /// Creates a stopped timer at 0 seconds.
        ///
        /// - Parameter census: Told of the creation and of the release.
        public init(census: InstanceCensus? = nil) {
            self.census = census
            census?.recordCreation()
        }

        deinit {
            census?.recordRelease()
        }

        /// Starts counting (a real app would schedule a timer here).
        public func start() {
            isRunning = true
        }

        /// One second passes: counts it if the timer was started.
        public func tick() {
            if isRunning { seconds += 1 }
        }
    }
}
