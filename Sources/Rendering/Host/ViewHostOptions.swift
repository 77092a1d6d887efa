extension ViewHost {
    /// How a host renders.
    public struct Options: Sendable {
        /// Whether bodies are also evaluated inside Apple's
        /// `withObservationTracking`, so that views reading `@Observable`
        /// models re-render when those change. It costs one
        /// `withObservationTracking` call per body evaluation, too little to
        /// measure on the Todo benchmark when no view reads an `@Observable`
        /// model; turning it off makes such models invisible to the host.
        /// Default: `true`.
        public var tracksObservation: Bool

        /// How many render passes one flush may take (a pass renders the
        /// dirty views; `onAppear`, `onChange` and `onDisappear` actions run
        /// between passes and may dirty more) before the host stops and
        /// reports views that keep invalidating each other. Default: 100.
        public var maximumPasses: Int

        /// Whether re-renders are logged in ``ViewHost/renderLog``. Body
        /// counts are kept either way. Default: `true`.
        public var recordsRenderLog: Bool

        /// Creates options.
        ///
        /// - Parameters:
        ///   - tracksObservation: Whether `@Observable` models are tracked.
        ///   - maximumPasses: The most render passes per flush (at least 1).
        ///   - recordsRenderLog: Whether re-renders are logged.
        public init(tracksObservation: Bool = true, maximumPasses: Int = 100, recordsRenderLog: Bool = true) {
            self.tracksObservation = tracksObservation
            self.maximumPasses = max(1, maximumPasses)
            self.recordsRenderLog = recordsRenderLog
        }
    }
}
