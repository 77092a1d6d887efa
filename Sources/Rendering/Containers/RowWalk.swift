/// The loops over the elements of a `ForEach` that run once per element on
/// every render of the view that contains it: made where the `ForEach` is
/// created, in the caller's module, where the collection, id and row types
/// are known, so that the compiler specializes them.
///
/// The host itself is generic code: compiled once for every view type, it
/// copies, compares and destroys an element, an id or a view through the
/// type's witness tables, which costs several calls per element. These loops
/// do the same with plain loads and comparisons, and leave to the host (a
/// closure it passes) only what needs its nodes.
///
/// The elements of a collection with contiguous storage (an array, a slice)
/// are read in place and lent to `elementID` and `content` without a copy
/// (see ``borrowed(_:_:)``): a row costs no retain and release of its
/// element. Other collections are read by index, one copy per element.
///
/// A `ForEach` made in generic code (say, by ``List``'s initializers, for
/// any collection) gets the generic version of these loops; they are then
/// no faster than the host's own, and no slower.
@usableFromInline
struct RowWalk<Data: RandomAccessCollection, ID: Hashable, Content: View> {
    /// Walks the elements from the first while each one's id is the id
    /// shown at its offset, at most `shown.count` of them: makes the
    /// element's view and keeps the row at its offset with `kept`, inline
    /// (the usual row: see ``KeptRowCheck``), or hands the view's address to
    /// `row` with the offset. `row` returns true if it took the view (moved
    /// it out, or destroyed it); the walk destroys the others (`row` may
    /// also take what it keeps by swapping another view in). Returns the
    /// offset where it stopped.
    @usableFromInline
    let prefix: (
        _ data: Data, _ elementID: (Data.Element) -> ID, _ content: (Data.Element) -> Content,
        _ shown: UnsafeBufferPointer<ID>, _ kept: KeptRowCheck, _ row: (Int, UnsafeMutableRawPointer) -> Bool
    ) -> Int

    /// Walks the elements from offset `start` on, but those at the offsets
    /// in `skipped` (in increasing order): makes each one's view and keeps
    /// the row at its place among the rows (its offset less the skipped
    /// offsets before it) with `kept`, inline, or hands the view's address
    /// to `row` with that place. `row` returns true if it took the view
    /// (moved it out, or destroyed it); the walk destroys the others.
    @usableFromInline
    let views: (
        _ data: Data, _ content: (Data.Element) -> Content, _ start: Int, _ skipped: UnsafeBufferPointer<Int>,
        _ kept: KeptRowCheck, _ row: (Int, UnsafeMutableRawPointer) -> Bool
    ) -> Void

    /// Appends the ids of the elements from offset `start` up to (not
    /// including) offset `end`.
    @usableFromInline
    let ids: (_ data: Data, _ elementID: (Data.Element) -> ID, _ start: Int, _ end: Int, _ into: inout [ID]) -> Void

    /// How many elements, from the last one back, have the ids shown at the
    /// same distance from the end of `shown`: at most `limit`. Reads ids
    /// only.
    @usableFromInline
    let suffix: (_ data: Data, _ elementID: (Data.Element) -> ID, _ shown: UnsafeBufferPointer<ID>, _ limit: Int) -> Int

    /// The loops, which get each element's id from the `elementID` they
    /// are given.
    @inlinable
    init() {
        prefix = { data, elementID, content, shown, kept, row in
            Self.walkPrefix(data, elementID, content, shown, kept, row)
        }
        views = { data, content, start, skipped, kept, row in
            Self.walkViews(data, content, start, skipped, kept, row)
        }
        ids = { data, elementID, start, end, ids in Self.appendIDs(data, elementID, start, end, &ids) }
        suffix = { data, elementID, shown, limit in Self.suffixLength(data, elementID, shown, limit) }
    }

    @inlinable @inline(__always)
    static func walkPrefix(
        _ data: Data, _ elementID: (Data.Element) -> ID, _ content: (Data.Element) -> Content,
        _ shown: UnsafeBufferPointer<ID>, _ kept: KeptRowCheck, _ row: (Int, UnsafeMutableRawPointer) -> Bool
    ) -> Int {
        withUnsafeTemporaryAllocation(of: Content.self, capacity: 1) { slot in
            let view = slot.baseAddress!
            // One row; false, touching nothing, if the element's id is not
            // the one shown at `offset`.
            @inline(__always)
            func visit(_ element: inout Data.Element, at offset: Int) -> Bool {
                guard elementID(element) == shown[offset] else { return false }
                view.initialize(to: content(element))
                let address = UnsafeMutableRawPointer(view)
                if !kept.keeps(offset, address), !row(offset, address) { view.deinitialize(count: 1) }
                return true
            }
            let inPlace = data.withContiguousStorageIfAvailable { elements in
                let end = min(shown.count, elements.count)
                guard end > 0 else { return 0 }
                let base = UnsafeMutablePointer(mutating: elements.baseAddress!)
                var offset = 0
                while offset < end, visit(&base[offset], at: offset) { offset += 1 }
                return offset
            }
            if let inPlace { return inPlace }
            var offset = 0
            var index = data.startIndex
            while offset < shown.count, index != data.endIndex {
                var element = data[index]
                guard visit(&element, at: offset) else { break }
                offset += 1
                data.formIndex(after: &index)
            }
            return offset
        }
    }

    @inlinable @inline(__always)
    static func walkViews(
        _ data: Data, _ content: (Data.Element) -> Content, _ start: Int, _ skipped: UnsafeBufferPointer<Int>,
        _ kept: KeptRowCheck, _ row: (Int, UnsafeMutableRawPointer) -> Bool
    ) {
        withUnsafeTemporaryAllocation(of: Content.self, capacity: 1) { slot in
            let view = slot.baseAddress!
            var position = start
            var nextSkipped = 0
            // The element at `offset`, unless it is skipped.
            @inline(__always)
            func visit(_ element: inout Data.Element, at offset: Int) {
                if nextSkipped < skipped.count, skipped[nextSkipped] == offset {
                    nextSkipped += 1
                    return
                }
                view.initialize(to: content(element))
                let address = UnsafeMutableRawPointer(view)
                if !kept.keepsMadeRow(position, address), !row(position, address) { view.deinitialize(count: 1) }
                position += 1
            }
            let inPlace: Void? = data.withContiguousStorageIfAvailable { elements in
                guard start < elements.count else { return }
                let base = UnsafeMutablePointer(mutating: elements.baseAddress!)
                for offset in start..<elements.count { visit(&base[offset], at: offset) }
            }
            if inPlace != nil { return }
            var offset = start
            var index = data.index(data.startIndex, offsetBy: start)
            while index != data.endIndex {
                var element = data[index]
                visit(&element, at: offset)
                offset += 1
                data.formIndex(after: &index)
            }
        }
    }

    @inlinable @inline(__always)
    static func appendIDs(
        _ data: Data, _ elementID: (Data.Element) -> ID, _ start: Int, _ end: Int, _ ids: inout [ID]
    ) {
        guard start < end else { return }
        let inPlace: Void? = data.withContiguousStorageIfAvailable { elements in
            let base = UnsafeMutablePointer(mutating: elements.baseAddress!)
            for offset in start..<end { ids.append(borrowed(&base[offset], elementID)) }
        }
        if inPlace != nil { return }
        var index = data.index(data.startIndex, offsetBy: start)
        for _ in start..<end {
            ids.append(elementID(data[index]))
            data.formIndex(after: &index)
        }
    }

    @inlinable @inline(__always)
    static func suffixLength(
        _ data: Data, _ elementID: (Data.Element) -> ID, _ shown: UnsafeBufferPointer<ID>, _ limit: Int
    ) -> Int {
        let inPlace = data.withContiguousStorageIfAvailable { elements in
            guard limit > 0 else { return 0 }
            let base = UnsafeMutablePointer(mutating: elements.baseAddress!)
            let (last, lastShown) = (elements.count - 1, shown.count - 1)
            var length = 0
            while length < limit, borrowed(&base[last - length], elementID) == shown[lastShown - length] {
                length += 1
            }
            return length
        }
        if let inPlace { return inPlace }
        var length = 0
        var index = data.endIndex
        while length < limit {
            data.formIndex(before: &index)
            guard elementID(data[index]) == shown[shown.count - 1 - length] else { break }
            length += 1
        }
        return length
    }
}

extension RowWalk where Data.Element: Identifiable, ID == Data.Element.ID {
    /// The loops for elements identified by their own `id`, which they read
    /// directly instead of calling the `elementID` they are given: for the
    /// `ForEach` initializer whose `elementID` is `{ $0.id }`. A read the
    /// compiler inlines (a stored `id` is a load) instead of a call per row.
    @inlinable
    init(identifiedByTheirOwnID: Void) {
        prefix = { data, _, content, shown, kept, row in
            Self.walkPrefix(data, { $0.id }, content, shown, kept, row)
        }
        views = { data, content, start, skipped, kept, row in
            Self.walkViews(data, content, start, skipped, kept, row)
        }
        ids = { data, _, start, end, ids in Self.appendIDs(data, { $0.id }, start, end, &ids) }
        suffix = { data, _, shown, limit in Self.suffixLength(data, { $0.id }, shown, limit) }
    }
}

/// `body` of the element at `element`, which it reads in place.
///
/// The loops above reach an element of contiguous storage this way, through
/// an `inout` parameter, so that it is passed to `body` without a copy: a
/// closure of a generic element takes it by address, and an element read
/// from memory (`let element = elements[i]`, or `elements[i]` as the
/// argument) is copied to a temporary, retained and released, because the
/// compiler cannot tell that `body` leaves that memory alone. An `inout`
/// parameter's memory is the parameter's alone for the call. The storage is
/// never written: `inout` here is only how the address is lent.
@inlinable @inline(__always)
func borrowed<Element, Result>(_ element: inout Element, _ body: (Element) -> Result) -> Result {
    body(element)
}
