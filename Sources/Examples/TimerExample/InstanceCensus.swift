import Synchronization

extension TimerExample {
    /// Counts the view models created and released, so that a test can see
    /// an `@ObservedObject` being recreated and a `@StateObject` released
    /// when its view leaves.
    ///
    /// Thread-safety: `Sendable`; the counts are kept in a `Mutex`.
    public final class InstanceCensus: Sendable {
        private let counts = Mutex((created: 0, released: 0))

        /// Creates a census at zero.
        public init() {}

        /// How many models were created.
        public var created: Int { counts.withLock { $0.created } }

        /// How many models were released (their `deinit` ran).
        public var released: Int { counts.withLock { $0.released } }

        /// How many models are alive.
        public var alive: Int { counts.withLock { $0.created - $0.released } }

        func recordCreation() { counts.withLock { $0.created += 1 } }

        func recordRelease() { counts.withLock { $0.released += 1 } }
    }
}
