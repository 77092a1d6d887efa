/// Where the reference engine's links live: blocks of links allocated once
/// and never freed, with a free list (threaded through `nextDep`) of the
/// links that were unlinked. Steady-state linking and unlinking allocate
/// nothing.
///
/// Single-threaded, like the whole reference engine.
enum ReferenceLinkPool {
    /// Links per block: one `malloc` for this many dependencies.
    static let blockSize = 1_024

    nonisolated(unsafe) private static var free: ReferenceLinkPointer?
    nonisolated(unsafe) private static var nextFresh: ReferenceLinkPointer?
    nonisolated(unsafe) private static var freshLeft = 0
    /// Links in use: taken and not given back.
    nonisolated(unsafe) private(set) static var liveCount = 0
    /// Links allocated, in use or not.
    nonisolated(unsafe) private(set) static var reservedCount = 0

    /// Bytes of the links allocated and not in use.
    static var unusedBytes: Int { (reservedCount - liveCount) * MemoryLayout<ReferenceLink>.stride }

    /// A link, uninitialized.
    @inline(__always)
    static func take() -> ReferenceLinkPointer {
        liveCount &+= 1
        if let link = free {
            free = link.pointee.nextDep
            return link
        }
        if freshLeft == 0 { allocateBlock() }
        let link = nextFresh.unsafelyUnwrapped
        nextFresh = link + 1
        freshLeft &-= 1
        return link
    }

    /// Gives `link` back; it must be out of both its lists.
    @inline(__always)
    static func give(_ link: ReferenceLinkPointer) {
        liveCount &-= 1
        link.pointee.nextDep = free
        free = link
    }

    @inline(never)
    private static func allocateBlock() {
        nextFresh = .allocate(capacity: blockSize)
        freshLeft = blockSize
        reservedCount += blockSize
    }
}
