import Foundation
import Synchronization

/// A problem the engine detected and recovered from, such as an observer
/// loop that never settles or a cycle among derived values.
public struct TrackingDiagnostic: Sendable, CustomStringConvertible, Equatable {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// Observers kept changing what they read; after
        /// ``TrackingDiagnostics/maximumObserverRounds`` rounds the rest were
        /// dropped. They stay subscribed and run again on the next change.
        case observerLoop
        /// A derived value read itself, directly or through others.
        case derivedCycle
        /// `withTracking` callbacks kept re-arming a scope and changing what
        /// it read, each firing the next, 100,000 times past the nesting limit
        /// within one change:
        /// the callbacks still to call were dropped.
        case oneShotChain
        /// An edit of a collection would have given two elements one id (an
        /// element appended or inserted with an id already there, an element
        /// given another's id): the edit was refused, as the message says.
        case duplicateID
        /// ``onCleanup(fileID:line:_:)`` was called outside an observer's
        /// body: the cleanup was not registered.
        case misplacedCleanup
    }

    /// What went wrong.
    public let kind: Kind
    /// A sentence that names the types and properties involved.
    public let message: String
    /// The properties or values involved, e.g. `["\Counter.value"]`.
    public let properties: [String]

    /// Creates a diagnostic.
    public init(kind: Kind, message: String, properties: [String]) {
        self.kind = kind
        self.message = message
        self.properties = properties
    }

    /// The message prefixed with `Tracking:`.
    public var description: String { "Tracking: \(message)" }
}

/// Where the engine reports the problems it recovers from.
///
/// Thread-safety: the settings may be read and replaced from any thread. The
/// handler is called on the thread that detected the problem, outside the
/// engine's locks.
public enum TrackingDiagnostics {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var currentHandler: @Sendable (TrackingDiagnostic) -> Void = standardErrorHandler
    /// Read by every flush, on every thread: an atomic, not the lock.
    private static let currentMaximumRounds = Atomic<Int>(100)

    /// Receives every diagnostic. The default writes the description, on one
    /// line, to standard error. Replace it to log elsewhere or, in tests, to
    /// collect diagnostics.
    public static var handler: @Sendable (TrackingDiagnostic) -> Void {
        get { lock.withLock { currentHandler } }
        set { lock.withLock { currentHandler = newValue } }
    }

    /// How many rounds of observers one transaction may run before the rest
    /// are dropped with an ``TrackingDiagnostic/Kind/observerLoop``
    /// diagnostic. Only the first round and those that run an observer
    /// again count (a pipeline of observers, each writing what the next
    /// reads, is no loop, however long), and only if their observers
    /// changed something (a round queued by other threads' writes is no
    /// loop). Default 100; values below 1 are treated as 1.
    public static var maximumObserverRounds: Int {
        get { currentMaximumRounds.load(ordering: .relaxed) }
        set { currentMaximumRounds.store(max(1, newValue), ordering: .relaxed) }
    }

    /// Sends `diagnostic` to the handler installed by ``withHandler(_:operation:)``
    /// for the current task, if any, else to ``handler``.
    public static func report(_ diagnostic: TrackingDiagnostic) {
        (scopedHandler ?? handler)(diagnostic)
    }

    @TaskLocal private static var scopedHandler: (@Sendable (TrackingDiagnostic) -> Void)?

    /// Runs `operation` with `handler` receiving the diagnostics reported in
    /// this task meanwhile (for instance by observers run by its writes),
    /// instead of the global ``handler``. Useful in tests that run in
    /// parallel.
    ///
    /// - Parameters:
    ///   - handler: Receives the diagnostics.
    ///   - operation: The code whose diagnostics `handler` receives.
    /// - Returns: What `operation` returns.
    public static func withHandler<R>(
        _ handler: @escaping @Sendable (TrackingDiagnostic) -> Void,
        operation: () throws -> R
    ) rethrows -> R {
        try $scopedHandler.withValue(handler, operation: operation)
    }

    /// The default handler: one line on standard error.
    public static let standardErrorHandler: @Sendable (TrackingDiagnostic) -> Void = { diagnostic in
        FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
    }
}
