import Foundation

/// The marks waiting to be rendered, in the order they were set.
final class InvalidationQueue: @unchecked Sendable {
    let lock = NSLock()
    /// Guarded by `lock`.
    var pending: [DirtyMark] = []

    func takeAll() -> [DirtyMark] {
        lock.lock()
        defer { lock.unlock() }
        let taken = pending
        pending = []
        for mark in taken { mark.isQueued = false }
        return taken
    }

    /// Puts back marks taken by ``takeAll()`` for a later pass.
    func requeue(_ marks: [DirtyMark]) {
        if marks.isEmpty { return }
        lock.lock()
        defer { lock.unlock() }
        for mark in marks where !mark.isQueued {
            mark.isQueued = true
            pending.append(mark)
        }
    }

    var isEmpty: Bool {
        lock.lock()
        defer { lock.unlock() }
        return pending.isEmpty
    }
}
