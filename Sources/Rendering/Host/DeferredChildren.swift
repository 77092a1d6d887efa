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
@MainActor final class DeferredChildren {
    unowned(unsafe) let owner: ViewNode
    nonisolated(unsafe) private var views: UnsafeMutablePointer<ViewNode>?
    private var count = 0
    private var capacity = 0

    init(owner: ViewNode) {
        self.owner = owner
    }

    deinit {
        views?.deallocate()
    }

    /// Makes room for `additional` more views without growing.
    func reserve(_ additional: Int) {
        guard count + additional > capacity else { return }
        grow(to: count + additional)
    }

    /// Adds `view` after the others.
    @inline(__always)
    func append(_ view: ViewNode) {
        append(Unmanaged.passUnretained(view))
    }

    /// Adds `view` after the others: for a caller whose reference to the
    /// view must not be kept alive by the call.
    @inline(__always)
    func append(_ view: Unmanaged<ViewNode>) {
        if count == capacity { grow(to: max(8, capacity * 2)) }
        // Stored without a retain (see above).
        (UnsafeMutableRawPointer(views!) + count * MemoryLayout<ViewNode>.stride)
            .storeBytes(of: view, as: Unmanaged<ViewNode>.self)
        count += 1
    }

    @inline(never)
    private func grow(to newCapacity: Int) {
        let grown = UnsafeMutableRawPointer.allocate(
            byteCount: newCapacity * MemoryLayout<ViewNode>.stride, alignment: MemoryLayout<ViewNode>.alignment)
        if let views {
            grown.copyMemory(from: views, byteCount: count * MemoryLayout<ViewNode>.stride)
            views.deallocate()
        }
        views = grown.assumingMemoryBound(to: ViewNode.self)
        capacity = newCapacity
    }

    /// Lets each view decide whether it renders too, in order.
    func applyParentUpdate() {
        guard let views else { return }
        // A reference read from unsafe storage is passed to a call without
        // a retain.
        for index in 0..<count {
            // Inline, on the node's own fields: a row of a list whose body
            // ran again usually has nothing to do.
            if views[index].hasNothingNewFromParent { continue }
            views[index].applyParentUpdate(from: owner)
        }
    }
}
