import Foundation

extension TimerExample {
    /// Counts the view models created and released, so that a test can see
    /// an `@ObservedObject` being recreated and a `@StateObject` released
    /// when its view leaves.
    ///
    /// Thread-safety: `Sendable`; counts under a lock.
    public final class InstanceCensus: @unchecked Sendable {
        private let lock = NSLock()
        private var createdCount = 0
        private var releasedCount = 0

        /// Creates a census at zero.
        public init() {}

        /// How many models were created.
        public var created: Int { lock.withLock { createdCount } }

        /// How many models were released (their `deinit` ran).
        public var released: Int { lock.withLock { releasedCount } }

        /// How many models are alive.
        public var alive: Int { lock.withLock { createdCount - releasedCount } }

        func recordCreation() { lock.withLock { createdCount += 1 } }

        func recordRelease() { lock.withLock { releasedCount += 1 } }
    }
}
