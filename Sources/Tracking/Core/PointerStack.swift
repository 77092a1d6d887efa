/// A growable stack of raw pointers for one thread's bookkeeping.
///
/// Unlike an `Array`, it has no copy-on-write checks and never goes through
/// generic value witnesses, which matters on the paths that run for every
/// write and every run. The owner frees it with ``deallocate()``.
@usableFromInline
struct PointerStack {
    private var base: UnsafeMutablePointer<UnsafeMutableRawPointer>
    private var capacity: Int
    /// The number of pointers on the stack.
    @usableFromInline
    private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func push(_ pointer: UnsafeMutableRawPointer) {
        if count == capacity { grow() }
        base[count] = pointer
        count &+= 1
    }

    @inline(__always)
    mutating func pop() -> UnsafeMutableRawPointer? {
        if count == 0 { return nil }
        count &-= 1
        return base[count]
    }

    @inline(__always)
    subscript(index: Int) -> UnsafeMutableRawPointer {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    /// ``pop()`` for a stack known not to be empty.
    @inline(__always)
    mutating func popNonEmpty() -> UnsafeMutableRawPointer {
        count &-= 1
        return base[count]
    }

    /// The pointers on the stack, bottom first, for reordering in place.
    /// Valid until the next push.
    var elements: UnsafeMutableBufferPointer<UnsafeMutableRawPointer> {
        UnsafeMutableBufferPointer(start: base, count: count)
    }

    /// Releases the reference each pointer holds (pushed as
    /// `Unmanaged<Object>.passRetained`), bottom first, and empties the stack.
    @inline(__always)
    mutating func releaseAll<Object: AnyObject>(as _: Object.Type) {
        for index in 0..<count { Unmanaged<Object>.fromOpaque(base[index]).release() }
        count = 0
    }

    /// Calls `body` with room for `count` pointers above the stack's top, all
    /// nil: scratch space that costs no allocation once the stack has grown.
    mutating func withScratch<Result>(
        _ count: Int, _ body: (UnsafeMutableBufferPointer<UnsafeMutableRawPointer?>) -> Result
    ) -> Result {
        while self.count + count > capacity { grow() }
        return (base + self.count).withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: count) { start in
            start.initialize(repeating: nil, count: count)
            return body(UnsafeMutableBufferPointer(start: start, count: count))
        }
    }

    /// Drops everything above `newCount`.
    @inline(__always)
    mutating func truncate(to newCount: Int) {
        count = newCount
    }

    @inline(never)
    private mutating func grow() {
        let bigger = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    func deallocate() {
        base.deallocate()
    }
}
