/// The custom views one body produced, updated after the body returns: their
/// bodies are evaluated outside the parent's tracking scope, so that each
/// view depends only on what its own body read.
///
/// Not to be confused with a ``RenderPass``, which is one round of a flush.
///
/// The views are kept unretained, in memory this object manages (a list
/// body appends one per row; an array's append costs a uniqueness check and
/// a call): each is a child of the owner's new children, which the tree
/// holds until the owner's next render, and a child's render changes only
/// its own subtree.
///
/// A view given nothing new (a row of a list whose body ran again, with the
/// same inputs) is kept as *quiet*, a flag in the stored word's low bit:
/// while no mark is dirty, such a view has nothing to do, and the list of
/// thousands of rows is passed over without reading a single row.
@MainActor final class DeferredChildren {
    unowned(unsafe) let owner: ViewNode
    /// The views' addresses, each with the quiet flag in its low bit.
    @exclusivity(unchecked) nonisolated(unsafe) private var list = DeferredViewWords()

    init(owner: ViewNode) {
        self.owner = owner
    }

    deinit {
        list.words?.deallocate()
    }

    /// Where the views are kept, for code that appends to them without a
    /// reference to this object (see ``KeptRowCheck``): valid while this
    /// object lives (an object does not move, and the property has no
    /// accessors).
    var listAddress: UnsafeMutablePointer<DeferredViewWords> {
        address(of: &list)
    }

    /// Makes room for `additional` more views without growing.
    func reserve(_ additional: Int) {
        guard list.count + additional > list.capacity else { return }
        grow(to: list.count + additional)
    }

    /// Adds `view` after the others.
    @inline(__always)
    func append(_ view: ViewNode) {
        append(Unmanaged.passUnretained(view))
    }

    /// Adds `view` after the others: for a caller whose reference to the
    /// view must not be kept alive by the call.
    ///
    /// - Parameter quiet: Whether the view has rendered and was given no new
    ///   input or environment by this render (see above).
    @inline(__always)
    func append(_ view: Unmanaged<ViewNode>, quiet: Bool = false) {
        if list.count == list.capacity { grow(to: max(8, list.capacity * 2)) }
        // `grow` made room.
        _ = list.appendIfRoom(DeferredViewWords.word(view.toOpaque(), quiet: quiet))
    }

    @inline(never)
    private func grow(to newCapacity: Int) {
        let grown = UnsafeMutablePointer<UInt>.allocate(capacity: newCapacity)
        if let words = list.words {
            grown.initialize(from: words, count: list.count)
            words.deallocate()
        }
        list.words = grown
        list.capacity = newCapacity
    }

    /// Lets each view decide whether it renders too, in order.
    func applyParentUpdate() {
        guard let views = list.words else { return }
        let queue = owner.context.queue
        let count = list.count
        var index = 0
        while index < count {
            // Read again after each render: a view rendered before may have
            // dirtied another.
            if queue.dirtyMarks.load(ordering: .acquiring) == 0 {
                index = DeferredChildren.firstLoud(views, from: index, count: count)
                if index == count { break }
            }
            let word = views[index]
            index &+= 1
            // Borrowed: the tree holds it (see above).
            unowned(unsafe) let view = Unmanaged<ViewNode>.fromOpaque(UnsafeRawPointer(bitPattern: word & ~1)!)
                .takeUnretainedValue()
            // Inline, on the node's own fields: a row of a list whose body
            // ran again usually has nothing to do.
            if view.hasNothingNewFromParent { continue }
            view.applyParentUpdate(from: owner)
        }
    }

    /// The index of the first view from `index` on that is not quiet, or
    /// `count`. Eight words at a time while they are all quiet (the rows of
    /// a long list whose body ran again): one test of their bits ANDed.
    @inline(__always)
    private static func firstLoud(_ views: UnsafeMutablePointer<UInt>, from index: Int, count: Int) -> Int {
        var index = index
        while count &- index >= 8 {
            let all = views[index] & views[index &+ 1] & views[index &+ 2] & views[index &+ 3]
                & views[index &+ 4] & views[index &+ 5] & views[index &+ 6] & views[index &+ 7]
            if all & 1 == 0 { break }
            index &+= 8
        }
        while index < count, views[index] & 1 != 0 { index &+= 1 }
        return index
    }
}

/// The views of ``DeferredChildren``: their addresses, each with the quiet
/// flag in its low bit. In a struct, at a fixed address in its object, so
/// that the walk over a `ForEach`'s rows, compiled in the module that made
/// the `ForEach`, appends to it directly (see ``KeptRowCheck``).
@usableFromInline
struct DeferredViewWords {
    @usableFromInline var words: UnsafeMutablePointer<UInt>?
    @usableFromInline var count = 0
    @usableFromInline var capacity = 0

    init() {}

    /// The word stored for the view at `address`: stored without a retain
    /// (see ``DeferredChildren``); an object's address is aligned, so its
    /// low bit is free for `quiet`.
    @inlinable @inline(__always)
    static func word(_ address: UnsafeRawPointer, quiet: Bool) -> UInt {
        UInt(bitPattern: address) | (quiet ? 1 : 0)
    }

    /// Appends `word` if there is room for it without growing (see
    /// ``DeferredChildren/reserve(_:)``); false, adding nothing, otherwise.
    /// Calls nothing.
    @inlinable @inline(__always)
    mutating func appendIfRoom(_ word: UInt) -> Bool {
        let index = count
        guard index < capacity else { return false }
        words.unsafelyUnwrapped[index] = word
        count = index &+ 1
        return true
    }
}
