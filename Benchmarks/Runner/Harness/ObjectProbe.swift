/// How a benchmark declares the objects its operation makes, so that the
/// runner reports heap bytes per object: it keeps `count` results of `make`
/// alive at once and divides the growth of the heap in use (glibc's
/// `mallinfo2`, see `mallocBytesInUse`) by `count`.
///
/// `make` returns whatever one object needs to stay as the operation leaves
/// it: the object alone, or the object with its observer's token. A tuple
/// of up to three references fits inside the `Any` without a box of its own,
/// and the array that holds the results is allocated before the heap is
/// first measured, so neither counts.
struct ObjectProbe {
    var count: Int
    var make: () -> Any

    /// Heap bytes per object, or nil where the heap in use cannot be read.
    /// One object is made and dropped first, so that what the first object
    /// of a kind sets up once (metadata, caches) is not counted.
    func heapBytesPerObject() -> Double? {
        guard count > 0 else { return nil }
        _ = make()
        var kept: [Any] = []
        kept.reserveCapacity(count)
        guard let before = mallocBytesInUse() else { return nil }
        for _ in 0..<count { kept.append(make()) }
        guard let after = mallocBytesInUse() else { return nil }
        withExtendedLifetime(kept) {}
        return Double(after - before) / Double(count)
    }
}
