/// The explicit stack of ``ReferenceGraph/propagate(_:)`` and
/// ``ReferenceGraph/checkDirty(_:of:)``, which walk the graph without
/// recursion: a buffer of links that grows by doubling and is never freed,
/// so pushing allocates nothing once it is large enough.
///
/// Shared by nested walks (a computed value recomputed during a check may
/// start another check): each walk only pops what it pushed, above the
/// count it found on entry. The buffer may move when it grows, so walks
/// index it through `buffer` every time rather than keep a pointer.
enum ReferenceStack {
    nonisolated(unsafe) private static var buffer: UnsafeMutablePointer<ReferenceLinkPointer?>?
    nonisolated(unsafe) private static var capacity = 0
    /// Entries in use.
    nonisolated(unsafe) private(set) static var count = 0

    @inline(__always)
    static func push(_ link: ReferenceLinkPointer?) {
        if count == capacity { grow() }
        buffer.unsafelyUnwrapped[count] = link
        count &+= 1
    }

    /// The last entry pushed; the stack must not be empty.
    @inline(__always)
    static func pop() -> ReferenceLinkPointer? {
        count &-= 1
        return buffer.unsafelyUnwrapped[count]
    }

    @inline(never)
    private static func grow() {
        let newCapacity = max(64, capacity * 2)
        let newBuffer = UnsafeMutablePointer<ReferenceLinkPointer?>.allocate(capacity: newCapacity)
        if let buffer {
            newBuffer.moveInitialize(from: buffer, count: count)
            buffer.deallocate()
        }
        buffer = newBuffer
        capacity = newCapacity
    }
}
