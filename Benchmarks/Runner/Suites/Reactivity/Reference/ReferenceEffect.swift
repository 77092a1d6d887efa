/// An effect of the reference engine: runs its closure at once, and again
/// after each batch that changed something it read, until disposed of.
///
/// Effects do not nest here (alien-signals links an effect created inside
/// another to it as a child): the cases never create one inside a running
/// closure, and ``ReferenceFramework/effect(_:)`` refuses to.
final class ReferenceEffect: ReferenceNode, @unchecked Sendable {
    private let body: () -> Void
    /// The next effect in the queue (``ReferenceGraph/enqueue(_:)``).
    var nextQueued: ReferenceNodeRef?
    /// The next effect of the framework that created it, which keeps it
    /// alive until ``ReferenceFramework/cleanup()``.
    var nextOfFramework: ReferenceEffect?

    init(_ body: @escaping () -> Void) {
        self.body = body
        // Effects are never anybody's dependency, so never refreshed.
        super.init(flags: ReferenceFlags.watching) { _ in false }
    }

    /// Runs the closure, relinking what it reads.
    func run() {
        let previous = ReferenceGraph.beginRun(ref, flags: ReferenceFlags.watching)
        body()
        ReferenceGraph.endRun(ref, restoring: previous)
    }

    /// Called from the queue: runs the closure if a dependency changed,
    /// otherwise just clears the marks.
    @inline(__always)
    func runIfStale() {
        let flags = flags
        if flags & ReferenceFlags.dirty != 0
            || (flags & ReferenceFlags.pending != 0 && ReferenceGraph.checkDirty(deps.unsafelyUnwrapped, of: ref))
        {
            run()
        } else if flags & ReferenceFlags.watching != 0 {
            self.flags = ReferenceFlags.watching
        }
    }

    /// Stops the effect: removes its links and takes it out of the queue.
    func dispose() {
        ReferenceGraph.dequeue(self)
        flags = 0
        ReferenceGraph.removeAllDependencies(of: ref)
    }
}
