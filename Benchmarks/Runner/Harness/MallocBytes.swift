import CAllocationCounter

/// Bytes the process has allocated with malloc and not freed (glibc's
/// `mallinfo2`: chunks in use in every arena plus separately mapped blocks),
/// or nil where glibc's `mallinfo2` is not available.
///
/// Process-wide: call it while no other thread allocates.
func mallocBytesInUse() -> Int? {
    let bytes = allocation_counter_heap_bytes_in_use()
    return bytes < 0 ? nil : Int(bytes)
}
