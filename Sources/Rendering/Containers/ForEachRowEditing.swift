/// Editing: the row list and the ids shown made the order that matching
/// found, in place (see ``ForEachRows``).
extension ForEachRows {
    /// Makes `children` and `ids` in `start..<end` the rows of `slots`, in
    /// place: only the part between the unchanged prefix and the unchanged
    /// suffix is rewritten. A new row's place holds `placeholder` until it
    /// is made.
    func edit(_ children: inout [Node], from start: Int, to end: Int, placeholder: Node) {
        let old = end - start
        let new = slots.count
        var prefix = 0
        while prefix < min(old, new), isSame(slots[prefix], children[start + prefix]) { prefix += 1 }
        if prefix == old, prefix == new { return }
        var suffix = 0
        while suffix < min(old, new) - prefix,
            isSame(slots[new - 1 - suffix], children[start + old - 1 - suffix])
        {
            suffix += 1
        }
        let middle = prefix..<(new - suffix)
        let replaced = (start + prefix)..<(start + old - suffix)
        rewrite(&children, replaced, with: middle, placeholder: placeholder)
        ids.replaceSubrange(replaced, with: newIDs[middle])
    }

    /// Puts the rows of `slots[middle]` (`placeholder` for a new one) in
    /// `children[replaced]`, as words written in place: a row that stays
    /// (moved, or kept between rows that changed) costs one store, not the
    /// retain and release of copying it into a new list and the old list's
    /// release of it. Moving one row of 10,000 to the top rewrites them
    /// all.
    ///
    /// The references the list holds are counted by hand, from what
    /// matching established: every row in `children[replaced]` is one of
    /// `slots[middle]` or is leaving (in ``passedOver``, which holds it), and
    /// every row of `slots[middle]` is in `children[replaced]` (the rows
    /// outside it are the same in both). So the list releases each row
    /// leaving and retains `placeholder` once for each new row, and the
    /// rows that stay keep the reference they had.
    private func rewrite(
        _ children: inout [Node], _ replaced: Range<Int>, with middle: Range<Int>, placeholder: Node
    ) {
        let start = replaced.lowerBound
        let placeholderReference = Unmanaged.passUnretained(placeholder)
        // The list's length changes first, through the list: placeholders
        // are inserted (the list retains them, the rewrite overwrites them,
        // so each is released below), or the last rows of the range are
        // overwritten with placeholders, which the list then removes (their
        // own references are now the rewrite's: the rows either stay or
        // leave, counted below).
        var overwrittenPlaceholders = 0
        if middle.count > replaced.count {
            overwrittenPlaceholders = middle.count - replaced.count
            children.insert(
                contentsOf: repeatElement(placeholder, count: overwrittenPlaceholders), at: replaced.upperBound)
        } else if middle.count < replaced.count {
            let removed = (start + middle.count)..<replaced.upperBound
            children.withUnsafeMutableBufferPointer { rows in
                let words = UnsafeMutableRawPointer(rows.baseAddress!)
                for index in removed {
                    words.storeBytes(
                        of: placeholderReference, toByteOffset: index * MemoryLayout<Node>.stride,
                        as: Unmanaged<Node>.self)
                    _ = placeholderReference.retain()
                }
            }
            children.removeSubrange(removed)
        }
        var newRows = 0
        children.withUnsafeMutableBufferPointer { rows in
            let words = UnsafeMutableRawPointer(rows.baseAddress!)
            slots.withUnsafeBufferPointer { slots in
                var offset = start * MemoryLayout<Node>.stride
                for index in middle {
                    let row: Unmanaged<Node>
                    if case .row(let kept) = slots[index] { row = kept } else {
                        row = placeholderReference
                        newRows += 1
                    }
                    words.storeBytes(of: row, toByteOffset: offset, as: Unmanaged<Node>.self)
                    offset += MemoryLayout<Node>.stride
                }
            }
        }
        for _ in 0..<newRows { _ = placeholderReference.retain() }
        for _ in 0..<overwrittenPlaceholders { placeholderReference.release() }
        for passed in passedOver { Unmanaged.passUnretained(passed.row).release() }
    }

    @inline(__always)
    private func isSame(_ slot: RowSlot, _ node: Node) -> Bool {
        if case .row(let row) = slot { return row.toOpaque() == Unmanaged.passUnretained(node).toOpaque() }
        return false
    }
}
