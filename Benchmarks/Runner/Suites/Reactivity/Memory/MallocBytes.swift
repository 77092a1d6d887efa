#if canImport(Glibc)
import Glibc
#endif

/// Bytes the process has allocated with malloc and not freed (glibc's
/// `mallinfo2`: arena plus mmapped blocks), or nil where unavailable.
///
/// Swift's Glibc module does not import `<malloc.h>`, so the function is
/// looked up by name. It returns a struct of ten `size_t`s, which the
/// x86-64 C calling convention returns through a pointer passed as the first
/// argument; elsewhere this returns nil rather than guess the convention.
func mallocBytesInUse() -> Int? {
    #if canImport(Glibc) && arch(x86_64)
    typealias MallInfo2 = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
    guard let symbol = dlsym(nil, "mallinfo2") else { return nil }
    let mallinfo2 = unsafeBitCast(symbol, to: MallInfo2.self)
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 10) { fields in
        _ = mallinfo2(UnsafeMutableRawPointer(fields.baseAddress!))
        let mmappedBytes = fields[4]  // hblkhd
        let arenaBytesInUse = fields[7]  // uordblks
        return mmappedBytes + arenaBytesInUse
    }
    #else
    return nil
    #endif
}
