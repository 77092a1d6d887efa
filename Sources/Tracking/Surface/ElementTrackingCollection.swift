/// A collection whose elements are tracked one by one (``TrackedList``), as
/// a view host that keeps one row per element sees it: it tracks the
/// structure in the scope that lists the rows, each element in its row's
/// scope, and asks which ids came, went or moved instead of comparing them
/// all.
public protocol ElementTrackingCollection<Element>: AnyObject, RandomAccessCollection
where Element: Identifiable, Index == Int {
    /// The ids, in order: a tracked read of the structure.
    var ids: [Element.ID] { get }

    /// The element with id `id`, or nil: a tracked read of that element (of
    /// the structure, if there is none).
    subscript(id id: Element.ID) -> Element? { get }

    /// Tells this version of the ids (their order, which ones) from every
    /// other. An untracked read.
    var identityVersion: UInt64 { get }

    /// What changed in the ids since version `version`: the ids no longer
    /// there, and the ids inserted or moved with their offsets now, in
    /// increasing order of offset; nil if the collection cannot tell (the
    /// caller then compares ids). An untracked read.
    ///
    /// The first call starts the record, so a call about a version from
    /// before it returns nil unless nothing changed since.
    func identityChanges(since version: UInt64) -> (removed: [Element.ID], placed: [(id: Element.ID, offset: Int)])?
}

extension TrackedList: ElementTrackingCollection {
    /// Bumped by every change of the structure.
    public var identityVersion: UInt64 { identityLog.version }

    /// See ``ElementTrackingCollection/identityChanges(since:)``.
    ///
    /// - Complexity: O(k) in the ids touched since `version` (kept for the
    ///   last 1,024 of them), plus O(n) to find their offsets.
    public func identityChanges(since version: UInt64) -> (removed: [Element.ID], placed: [(id: Element.ID, offset: Int)])? {
        identityLog.startRecording()
        guard let touched = identityLog.touched(since: version) else { return nil }
        if touched.count == 0 { return ([], []) }   // `isEmpty` is a generic call here
        var offsets: [Int32: Int] = [:]
        if touched.count > 4 {
            for (offset, slot) in order.enumerated() { offsets[slot] = offset }
        }
        var removed: [Element.ID] = []
        var placed: [(id: Element.ID, offset: Int)] = []
        // Offsets, not an iterator: in generic code, iterating allocates.
        for index in 0..<touched.count {
            let (id, first) = touched[index]
            if let slot = slot(of: id) {
                // From the end: an appended element is found at once.
                let offset = offsets.isEmpty ? order.lastIndex(of: slot).unsafelyUnwrapped : offsets[slot].unsafelyUnwrapped
                placed.append((id, offset))
            } else if first != .inserted {
                removed.append(id)
            }
        }
        // Generic code sorts through the tuple's metadata and a closure per
        // comparison: several thousand instructions even for one element.
        if placed.count > 1 { placed.sort { $0.offset < $1.offset } }
        return (removed, placed)
    }
}
