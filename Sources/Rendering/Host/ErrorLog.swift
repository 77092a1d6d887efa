import Foundation

/// Where render problems are collected. Thread-safe, because a binding may be
/// read or written off the main actor.
final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [RenderingError] = []

    /// Appends `error` unless the same error is already in the log.
    func report(_ error: RenderingError) {
        lock.lock()
        defer { lock.unlock() }
        if !entries.contains(error) { entries.append(error) }
    }

    var all: [RenderingError] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
    }
}

extension ViewHost {
    /// The problems found while rendering, oldest first, each once (until
    /// ``clearErrors()``).
    public var errors: [RenderingError] { context.errorLog.all }

    /// Forgets the errors reported so far.
    public func clearErrors() {
        context.errorLog.removeAll()
    }
}
