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
/// A `ForEach` made in generic code (say, by ``List``'s initializers, for
/// any collection) gets the generic version of these loops; they are then
/// no faster than the host's own, and no slower.
@usableFromInline
struct RowWalk<Data: RandomAccessCollection, ID: Hashable, Content: View> {
    /// Walks the elements from the first while each one's id is the id
    /// shown at its offset, at most `shown.count` of them: makes the
    /// element's view and hands its address to `row` with its offset, then
    /// destroys it (`row` takes what it keeps by moving it out and putting
    /// another view in its place). Returns the offset where it stopped.
    @usableFromInline
    let prefix: (
        _ data: Data, _ elementID: (Data.Element) -> ID, _ content: (Data.Element) -> Content,
        _ shown: UnsafeBufferPointer<ID>, _ row: (Int, UnsafeMutableRawPointer) -> Void
    ) -> Int

    /// Walks the elements from offset `start` on, but those at the offsets
    /// in `skipped` (in increasing order): makes each one's view and hands
    /// its address to `row` with its place among the rows (its offset less
    /// the skipped offsets before it). `row` returns true if it took the
    /// view (moved it out); the walk destroys the others.
    @usableFromInline
    let views: (
        _ data: Data, _ content: (Data.Element) -> Content, _ start: Int, _ skipped: UnsafeBufferPointer<Int>,
        _ row: (Int, UnsafeMutableRawPointer) -> Bool
    ) -> Void

    /// Appends the ids of the elements from offset `start` on.
    @usableFromInline
    let ids: (_ data: Data, _ elementID: (Data.Element) -> ID, _ start: Int, _ into: inout [ID]) -> Void

    @inlinable
    init() {
        prefix = { data, elementID, content, shown, row in
            withUnsafeTemporaryAllocation(of: Content.self, capacity: 1) { slot in
                let view = slot.baseAddress!
                var offset = 0
                var index = data.startIndex
                while offset < shown.count, index != data.endIndex {
                    let element = data[index]
                    guard elementID(element) == shown[offset] else { break }
                    view.initialize(to: content(element))
                    row(offset, UnsafeMutableRawPointer(view))
                    view.deinitialize(count: 1)
                    offset += 1
                    data.formIndex(after: &index)
                }
                return offset
            }
        }
        views = { data, content, start, skipped, row in
            withUnsafeTemporaryAllocation(of: Content.self, capacity: 1) { slot in
                let view = slot.baseAddress!
                var offset = start
                var position = start
                var nextSkipped = 0
                var index = data.index(data.startIndex, offsetBy: start)
                while index != data.endIndex {
                    if nextSkipped < skipped.count, skipped[nextSkipped] == offset {
                        nextSkipped += 1
                    } else {
                        view.initialize(to: content(data[index]))
                        if !row(position, UnsafeMutableRawPointer(view)) { view.deinitialize(count: 1) }
                        position += 1
                    }
                    offset += 1
                    data.formIndex(after: &index)
                }
            }
        }
        ids = { data, elementID, start, ids in
            var index = data.index(data.startIndex, offsetBy: start)
            while index != data.endIndex {
                ids.append(elementID(data[index]))
                data.formIndex(after: &index)
            }
        }
    }
}
