import CRenderingSupport

/// The releases of the references in the new views of a `ForEach`'s kept
/// rows, which the rows drop themselves (see ``KeptRowCheck``): at each of
/// the (at most two) places where a row view holds a reference, the
/// references to one chosen object (the one at that place in a row shown
/// before, usually the model every row holds) are counted and released
/// together by ``releaseCounted()``, one atomic operation for thousands of
/// rows; any other is released at once.
///
/// Putting a release off changes no lifetime that matters: each reference
/// dropped is one the row already shows, and the row holds it.
///
/// Reached through a pointer (one per ``ForEachRows``, kept between
/// renders): a reference to an object would be retained around each
/// release.
@usableFromInline
struct BatchedReleases {
    /// The object counted at each place, as a word (a strong reference is
    /// never 0, so 0 counts nothing).
    @usableFromInline var counted: (UInt, UInt) = (0, 0)
    /// The releases of each counted object put off so far.
    @usableFromInline var counts: (UInt32, UInt32) = (0, 0)

    init() {}

    /// Starts counting the object `first` at the first place, `second` at
    /// the second; 0 for none. The caller bounds the number of references
    /// it gives before ``releaseCounted()`` (fewer than `UInt32.max` at each
    /// place).
    mutating func count(_ first: UInt, _ second: UInt) {
        releaseCounted()
        counted = (first, second)
    }

    /// Releases `reference`, held at the first place.
    @inlinable @inline(__always)
    mutating func releaseFirst(_ reference: UInt) {
        if reference == counted.0 { counts.0 &+= 1 } else { BatchedReleases.release(reference) }
    }

    /// Releases `reference`, held at the second place.
    @inlinable @inline(__always)
    mutating func releaseSecond(_ reference: UInt) {
        if reference == counted.1 { counts.1 &+= 1 } else { BatchedReleases.release(reference) }
    }

    /// Makes the releases put off.
    mutating func releaseCounted() {
        if counts.0 != 0 { swift_release_n(UnsafeMutableRawPointer(bitPattern: counted.0)!, counts.0) }
        if counts.1 != 0 { swift_release_n(UnsafeMutableRawPointer(bitPattern: counted.1)!, counts.1) }
        counts = (0, 0)
    }

    @inlinable @inline(__always)
    static func release(_ reference: UInt) {
        Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: reference).unsafelyUnwrapped).release()
    }
}
