/// The reference engine's effect queue and batches: effects reached by a
/// write wait in a queue (an intrusive list through the effects, in the order
/// propagation reached them) and run when the outermost batch ends, or right
/// after a write outside any batch.
extension ReferenceGraph {
    nonisolated(unsafe) private static var queueHead: ReferenceNodeRef?
    nonisolated(unsafe) private static var queueTail: ReferenceNodeRef?
    nonisolated(unsafe) static var batchDepth = 0

    /// Queues `effect` unless it is queued already. It stays marked `queued`
    /// until it has run, so that the checks of its own run do not queue it
    /// again.
    @inline(__always)
    static func enqueue(_ effect: ReferenceNodeRef) {
        let flags = effect.flags
        if flags & ReferenceFlags.queued != 0 { return }
        effect.flags = flags | ReferenceFlags.queued
        if let tail = queueTail {
            tail.with(ReferenceEffect.self) { $0.nextQueued = effect }
        } else {
            queueHead = effect
        }
        queueTail = effect
    }

    /// Runs the queued effects that are stale, in order, including those
    /// their runs queue.
    static func flush() {
        while let next = queueHead {
            next.with(ReferenceEffect.self) { effect in
                queueHead = effect.nextQueued
                if queueHead == nil { queueTail = nil }
                effect.nextQueued = nil
                effect.runIfStale()
            }
        }
    }

    /// Takes `effect` out of the queue (it is being disposed of).
    static func dequeue(_ effect: ReferenceEffect) {
        guard effect.flags & ReferenceFlags.queued != 0 else { return }
        let target = effect.ref
        var previous: ReferenceNodeRef?
        var current = queueHead
        while let candidate = current, candidate != target {
            previous = candidate
            current = candidate.with(ReferenceEffect.self) { $0.nextQueued }
        }
        guard current != nil else { return }  // running now: already out of the queue
        if let previous {
            previous.with(ReferenceEffect.self) { $0.nextQueued = effect.nextQueued }
        } else {
            queueHead = effect.nextQueued
        }
        if queueTail == target { queueTail = previous }
        effect.nextQueued = nil
    }

    @inline(__always)
    static func startBatch() {
        batchDepth &+= 1
    }

    @inline(__always)
    static func endBatch() {
        batchDepth &-= 1
        if batchDepth == 0 { flush() }
    }
}
