/// The rows of one `ForEach` in the tree, kept from one render to the next:
/// the ids of the rows shown, in order, and the rows by id. A render matches
/// the elements with the rows by id, edits the row list in place, then gives
/// each row its element's new view.
///
/// Matching walks the new ids and the old ones side by side. Where they
/// agree, a row costs one comparison of ids; where they do not, the
/// dictionary of rows by id says whether the element is new, a duplicate, or
/// a row from elsewhere, and one id of look-ahead tells a row that moved up
/// from rows that were removed (or moved down). A single insertion, removal
/// or move therefore costs O(n) comparisons of ids and O(1) look-ups; the
/// row list is edited in place between the unchanged prefix and suffix; and
/// nothing is allocated unless rows are added. Rows of custom views that keep
/// their node are then given their views in the loop the `ForEach` compiled
/// for its types (``RowWalk``), and compared there (``KeptRows``): the usual
/// row, given the same view, costs a few loads of its own memory and no call.
/// A collection that knows what
/// changed can say so instead (``IdentityChangeReporting``), and the ids are
/// then not compared at all.
///
/// Used on the main actor only.
@MainActor final class ForEachRows<ID: Hashable> {
    /// The ids of the rows shown, in order: those of the `ForEach` node's
    /// children.
    @exclusivity(unchecked) private var ids: [ID] = []
    /// The rows shown, by id.
    @exclusivity(unchecked) private var rowsByID: [ID: Node] = [:]
    /// The collection's version when it last reported its changes.
    var reportedVersion: UInt64?

    // Scratch, kept between renders so that a render allocates nothing.
    /// The ids of the elements, in order, then of the rows to show.
    @exclusivity(unchecked) private var newIDs: [ID] = []
    /// What each row to show is: one of the rows, or a new one.
    @exclusivity(unchecked) private var slots: [RowSlot] = []
    /// The offsets of the elements not shown because an earlier one has the
    /// same id, in increasing order.
    @exclusivity(unchecked) private var duplicates: [Int] = []
    /// Old rows passed over by matching, with their ids: removed, unless
    /// taken further on. Held, so that a removed row lives until it leaves
    /// the tree.
    @exclusivity(unchecked) private var passedOver: [(row: Node, id: ID)] = []
    @exclusivity(unchecked) private var addedIDs: Set<ID> = []
    /// The releases of the new views that kept rows drop (see ``KeptRows``).
    nonisolated(unsafe) private let releases: UnsafeMutablePointer<BatchedReleases> = {
        let releases = UnsafeMutablePointer<BatchedReleases>.allocate(capacity: 1)
        releases.initialize(to: BatchedReleases())
        return releases
    }()

    deinit {
        releases.deallocate()
    }

    /// Matches `data` with the rows of `node`, by id, and updates them:
    /// each row gets the view `content` makes of its element, rows of new
    /// ids are added, rows of ids no longer there leave the tree.
    ///
    /// - Parameters:
    ///   - data: The collection.
    ///   - walk: The per-element loops, compiled for the collection's types.
    ///   - changes: What changed in the collection's ids since the last
    ///     render, if it could tell; the ids are compared otherwise.
    ///   - elementID: The id of an element.
    ///   - content: The view of an element.
    ///   - node: The `ForEach` node, whose children are the rows.
    ///   - deferred: The custom views of the render in progress.
    ///   - environment: The rows' environment.
    ///   - reportDuplicate: Called for an element whose id an earlier one
    ///     has, with the id and both offsets.
    func update<Data: RandomAccessCollection, Content: View>(
        _ data: Data, walk: RowWalk<Data, ID, Content>, changes: IdentityChanges<ID>?,
        elementID: (Data.Element) -> ID, content: (Data.Element) -> Content, node: ElementNode,
        deferred: DeferredChildren, environment: EnvironmentValues,
        reportDuplicate: (ID, Int, Int) -> Void
    ) {
        let context = node.context
        var taken = context.nextStamp()
        var skipped = context.nextStamp()
        let count = data.count
        var children = node.children
        node.children = []   // so that `children` is edited in place
        duplicates.removeAll(keepingCapacity: true)

        // How an element's view reaches its row. A row of a custom view
        // compares its new view at once and is left alone when nothing
        // changed (the usual case when the list's body runs again); anything
        // else goes through the child list.
        let kind = context.types.kind(of: Content.self)
        let rowsAreCustom = if case .custom = kind { true } else { false }
        let rowEnvironment = environment.withoutReader
        deferred.reserve(count)
        var rows = ChildList(rowsOf: node, deferred: deferred, environment: environment)
        var replaced: [Node] = []

        // The elements whose ids are the ids shown at their offsets keep
        // their rows, and get their views in the same walk: one id
        // comparison and one view a row, nothing stored (not even a stamp:
        // see ``match(_:from:to:taken:skipped:suffix:)``). Only from the first offset
        // where they differ are the ids collected and matched. (Rows of
        // built-in views are all matched the general way.)
        let reported = changes.flatMap { applies($0, count: count) ? $0 : nil }
        var start = 0
        if reported == nil, rowsAreCustom {
            start = children.withUnsafeBufferPointer { rows in
                ids.withUnsafeBufferPointer { shown in
                    let prefix = KeptRows(
                        rows: rows, sample: rows.first, environment: rowEnvironment, deferred: deferred,
                        releases: releases)
                    let end = walk.prefix(data, elementID, content, shown, prefix.check) {
                        prefix.receiveUnkept($0, $1)
                    }
                    prefix.releaseDroppedReferences()
                    return end
                }
            }
            if start == count, start == ids.count {
                node.children = children
                return
            }
        }

        // Likewise from the end: the elements whose ids are those shown at
        // the same distance from the end (after an insertion or removal
        // before them) keep their rows, which are stamped and left out of
        // matching and editing, and get their views, at their new offsets,
        // in the walk that gives the others theirs. Only their ids are
        // compared here.
        var suffix = 0
        var suffixStamp: UInt64 = 0
        if reported == nil, rowsAreCustom {
            let limit = min(count, ids.count) - start
            suffix = ids.withUnsafeBufferPointer { shown in walk.suffix(data, elementID, shown, limit) }
            if suffix > 0 {
                suffixStamp = context.nextStamp()
                for index in (ids.count - suffix)..<ids.count { children[index].stamp = suffixStamp }
            }
        }

        // Matching and editing compare, copy and hash ids once per row:
        // compiled for integer ids (the usual kind) in this module, called
        // on this object as the same type, instead of through `ID`'s
        // witnesses.
        let integerRows = ID.self == Int.self ? unsafeDowncast(self, to: ForEachRows<Int>.self) : nil
        // An old row, for the layout they share (see ``KeptRows``), before
        // the edit puts placeholders among them.
        let sample = rowsAreCustom ? children.first : nil
        newIDs.removeAll(keepingCapacity: true)
        if let reported {
            place(reported, children, taken: taken, skipped: skipped)
        } else {
            while true {
                newIDs.reserveCapacity(count - start - suffix)
                walk.ids(data, elementID, start, count - suffix, &newIDs)
                let end = children.count - suffix
                let matched = if let integerRows {
                    integerRows.match(children, from: start, to: end, taken: taken, skipped: skipped, suffix: suffixStamp)
                } else {
                    match(children, from: start, to: end, taken: taken, skipped: skipped, suffix: suffixStamp)
                }
                if matched { break }
                // An element before the suffix has the id of a row in it:
                // the first element with that id is the one shown, so the
                // rows are matched again without a suffix, with stamps
                // that the attempt did not use.
                suffix = 0
                suffixStamp = 0
                taken = context.nextStamp()
                skipped = context.nextStamp()
                newIDs.removeAll(keepingCapacity: true)
                duplicates.removeAll(keepingCapacity: true)
                passedOver.removeAll(keepingCapacity: true)
            }
        }
        for offset in duplicates {
            let id = newIDs[offset - start]
            let first = ids[..<start].firstIndex(of: id)
                ?? newIDs[..<(offset - start)].firstIndex(of: id).map { $0 + start } ?? 0
            reportDuplicate(id, first, offset)
        }
        for offset in duplicates.reversed() { newIDs.remove(at: offset - start) }
        forgetRowsLeaving(taken: taken)
        if let integerRows { integerRows.edit(&children, from: start, to: children.count - suffix, placeholder: node) }
        else { edit(&children, from: start, to: children.count - suffix, placeholder: node) }

        // Each remaining element's view, to its row, in the loop compiled
        // for the collection's types. A row that keeps its node, of a custom
        // view, costs what a row of the prefix does (it is in its place in
        // `children` now); the others (new rows, built-in views) take their
        // view from the loop and go through the child list.
        children.withUnsafeMutableBufferPointer { children in
            slots.withUnsafeBufferPointer { slots in
                duplicates.withUnsafeBufferPointer { duplicates in
                    // The placeholders stand for the new rows (see
                    // ``edit(_:from:to:placeholder:)``).
                    let matched = KeptRows(
                        rows: UnsafeBufferPointer(children), sample: sample, placeholder: node,
                        environment: rowEnvironment, deferred: deferred, releases: releases)
                    walk.views(data, content, start, duplicates, matched.check) { position, address in
                        // The rows of the suffix follow those of the slots.
                        guard position - start < slots.count else { return matched.receiveUnkept(position, address) }
                        let slot = slots[position - start]
                        if rowsAreCustom, case .row = slot {
                            return matched.receiveUnkept(position, address)
                        }
                        addRow(
                            address.assumingMemoryBound(to: Content.self), at: position, slot: slot, kind: kind,
                            rows: &rows, children: children, replaced: &replaced)
                        return true
                    }
                    matched.releaseDroppedReferences()
                }
            }
        }
        node.children = children

        for passed in passedOver { passed.row.unmount() }
        passedOver.removeAll(keepingCapacity: true)
        for row in replaced { row.unmount() }
        slots.removeAll(keepingCapacity: true)
    }

    /// Gives the row at `position` the view at `view` (moved out) through
    /// the child list: a new row, or one whose view is not a custom view.
    /// Out of line: the closure that calls it, which runs for every row,
    /// then holds none of the generic temporaries this needs.
    @inline(never)
    private func addRow<Content: View>(
        _ view: UnsafeMutablePointer<Content>, at position: Int, slot: RowSlot, kind: ViewKind,
        rows: inout ChildList, children: UnsafeMutableBufferPointer<Node>, replaced: inout [Node]
    ) {
        let old: Node? = if case .row(let row) = slot { row.takeUnretainedValue() } else { nil }
        let added = rows.addRow(
            view.move(), key: old?.key ?? .id(AnyHashable(ids[position])), kind: kind, reusing: old)
        if added !== old {
            // A new row, or the view's node type changed: the new node
            // replaces the old one.
            children[position] = added
            rowsByID[ids[position]] = added
            if let old { replaced.append(old) }
        }
    }

    /// Applies `changes` to the rows of `node` when they fit, giving a view
    /// (`view` of its id) to the new rows only: the rows that stay keep their
    /// views. For a collection whose rows track their own elements (see
    /// ``TrackedRowsContent``), when the views of the rows that stay cannot
    /// have changed. Returns false, changing nothing, if `changes` does not
    /// fit the rows shown.
    ///
    /// - Complexity: O(k) views for k new rows, plus O(n) comparisons of
    ///   row addresses to place them (no id is compared or hashed but the
    ///   changed ones).
    func updateKeepingRows<Content: View>(
        _ changes: IdentityChanges<ID>, count: Int, view: (ID) -> Content, node: ElementNode,
        deferred: DeferredChildren, environment: EnvironmentValues
    ) -> Bool {
        guard applies(changes, count: count) else { return false }
        // Offsets, not `allSatisfy`: in generic code, that costs thousands
        // of instructions for a single id.
        var placesNewIDsOnly = true
        for index in 0..<changes.placed.count where rowsByID[changes.placed[index].id] != nil {
            placesNewIDsOnly = false
            break
        }
        if placesNewIDsOnly {
            insertAndRemove(changes, view: view, node: node, deferred: deferred, environment: environment)
            return true
        }
        let context = node.context
        let taken = context.nextStamp()
        let skipped = context.nextStamp()
        var children = node.children
        node.children = []
        duplicates.removeAll(keepingCapacity: true)
        place(changes, children, taken: taken, skipped: skipped)
        forgetRowsLeaving(taken: taken)
        edit(&children, from: 0, to: children.count, placeholder: node)
        let kind = context.types.kind(of: Content.self)
        var rows = ChildList(rowsOf: node, deferred: deferred, environment: environment)
        for placed in changes.placed {
            guard case .new = slots[placed.offset] else { continue }
            let added = rows.addRow(view(placed.id), key: .id(AnyHashable(placed.id)), kind: kind, reusing: nil)
            children[placed.offset] = added
            rowsByID[placed.id] = added
        }
        node.children = children
        for passed in passedOver { passed.row.unmount() }
        passedOver.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        return true
    }

    /// ``updateKeepingRows(_:count:view:node:deferred:environment:)`` when
    /// nothing moved: the rows removed leave the row list, the new ones go in
    /// at their offsets (in increasing order, so that each offset counts the
    /// ones before it), and no other row is touched.
    ///
    /// - Complexity: O(r + k) edits of the row list for r removed and k new
    ///   rows (each an array move of the rows after it), plus finding each
    ///   removed row: a comparison of addresses per row, from the end.
    private func insertAndRemove<Content: View>(
        _ changes: IdentityChanges<ID>, view: (ID) -> Content, node: ElementNode,
        deferred: DeferredChildren, environment: EnvironmentValues
    ) {
        var children = node.children
        node.children = []
        var leaving: [Node] = []
        // Offsets, not iterators (see ``applies(_:count:)``).
        for index in 0..<changes.removed.count {
            let id = changes.removed[index]
            guard let row = rowsByID.removeValue(forKey: id),
                  let index = children.lastIndex(where: { $0 === row }) else { continue }
            children.remove(at: index)
            ids.remove(at: index)
            leaving.append(row)
        }
        let kind = node.context.types.kind(of: Content.self)
        var rows = ChildList(rowsOf: node, deferred: deferred, environment: environment)
        for index in 0..<changes.placed.count {
            let placed = changes.placed[index]
            let added = rows.addRow(view(placed.id), key: .id(AnyHashable(placed.id)), kind: kind, reusing: nil)
            children.insert(added, at: placed.offset)
            ids.insert(placed.id, at: placed.offset)
            rowsByID[placed.id] = added
        }
        node.children = children
        for row in leaving { row.unmount() }
    }

    /// Rows passed over and not taken further on are removed: they leave
    /// the index now, and the tree once the new views are in place (they stay
    /// in `passedOver`, to be unmounted then).
    private func forgetRowsLeaving(taken: UInt64) {
        var removed = 0
        for index in passedOver.indices where passedOver[index].row.stamp != taken {
            rowsByID[passedOver[index].id] = nil
            passedOver.swapAt(index, removed)
            removed += 1
        }
        passedOver.removeSubrange(removed...)
    }

    // MARK: Matching

    /// Fills `slots` from `newIDs` (the ids of the elements from offset
    /// `start` on, but those of the suffix) and the old rows in
    /// `start..<end`, and `duplicates`; puts the rows not matched in
    /// `passedOver`, stamped `skipped`. Returns false, as soon as it finds
    /// one, if an element has the id of a row of the suffix (stamped
    /// `suffix`, 0 if there is none).
    ///
    /// The rows before `start` kept their places and are not stamped by the
    /// walk that matched them, which reads as little of each row as it can;
    /// they are stamped `taken` here only when an id found among the rows
    /// could be one of theirs (a duplicate of an element there).
    private func match(
        _ oldRows: [Node], from start: Int, to end: Int, taken: UInt64, skipped: UInt64, suffix: UInt64
    ) -> Bool {
        addedIDs.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        slots.reserveCapacity(newIDs.count)
        var isPrefixStamped = start == 0
        var j = start
        return oldRows.withUnsafeBufferPointer { rows in
            let old = UnretainedRows(UnsafeBufferPointer(rebasing: rows[..<end]))
            // Indices, not an iterator: in generic code, iterating allocates.
            for i in 0..<newIDs.count {
                let id = newIDs[i]
                while j < old.count, old.stamp(j) == taken { j += 1 }
                if j < old.count, ids[j] == id {
                    take(old[j], taken)
                    j += 1
                    continue
                }
                guard let found = rowsByID[id] else {
                    if addedIDs.insert(id).inserted {
                        slots.append(.new)
                    } else {
                        duplicates.append(start + i)
                    }
                    continue
                }
                if suffix != 0, found.stamp == suffix { return false }
                let row = Unmanaged.passUnretained(found)
                if !isPrefixStamped, found.stamp != taken, found.stamp != skipped {
                    for index in 0..<start { old.setStamp(index, taken) }
                    isPrefixStamped = true
                }
                if found.stamp == taken {
                    duplicates.append(start + i)
                } else if found.stamp == skipped {
                    take(row, taken)   // moved down
                } else if i + 1 < newIDs.count, j < old.count, newIDs[i + 1] == ids[j] {
                    take(row, taken)   // moved up
                } else {
                    // The rows before it were removed, or move further down.
                    while j < old.count, old[j].toOpaque() != row.toOpaque() {
                        if old.stamp(j) != taken { pass(over: old[j], id: ids[j], skipped) }
                        j += 1
                    }
                    take(row, taken)
                    j += 1
                }
            }
            while j < old.count {
                if old.stamp(j) != taken { pass(over: old[j], id: ids[j], skipped) }
                j += 1
            }
            return true
        }
    }

    /// Stamps `row` taken and gives it the next slot.
    @inline(__always)
    private func take(_ row: Unmanaged<Node>, _ taken: UInt64) {
        UnretainedRows.setStamp(row, taken)
        slots.append(.row(row))
    }

    @inline(__always)
    private func pass(over row: Unmanaged<Node>, id: ID, _ skipped: UInt64) {
        let row = row.takeUnretainedValue()
        row.stamp = skipped
        passedOver.append((row, id))
    }

    /// Whether `changes` fits the rows shown and a collection of `count`
    /// elements: no id twice, offsets in increasing order and in range, and
    /// the count adds up. A report that does not is ignored, and the ids are
    /// compared instead.
    private func applies(_ changes: IdentityChanges<ID>, count: Int) -> Bool {
        // A single id cannot repeat: no set to clear and fill (the usual
        // report, one insertion or removal).
        let checksRepeats = changes.removed.count + changes.placed.count > 1
        if checksRepeats { addedIDs.removeAll(keepingCapacity: true) }
        var removed = 0
        // Offsets, not iterators or `indices`: in generic code, iterating
        // allocates, and `indices` looks its type up.
        for index in 0..<changes.removed.count {
            let id = changes.removed[index]
            guard !checksRepeats || addedIDs.insert(id).inserted else { return false }
            if rowsByID[id] != nil { removed += 1 }
        }
        var inserted = 0
        var previous = -1
        for index in 0..<changes.placed.count {
            let placed = changes.placed[index]
            guard !checksRepeats || addedIDs.insert(placed.id).inserted, placed.offset > previous,
                placed.offset < count
            else {
                return false
            }
            previous = placed.offset
            if rowsByID[placed.id] == nil { inserted += 1 }
        }
        return ids.count - removed + inserted == count
    }

    /// Fills `slots` and `newIDs` from what the collection said changed: the
    /// rows it did not mention keep their order, around the ids it placed.
    private func place(_ changes: IdentityChanges<ID>, _ old: [Node], taken: UInt64, skipped: UInt64) {
        slots.removeAll(keepingCapacity: true)
        newIDs.removeAll(keepingCapacity: true)
        for id in changes.removed {
            if let row = rowsByID[id] { pass(over: .passUnretained(row), id: id, skipped) }
        }
        for placed in changes.placed {
            if let row = rowsByID[placed.id], row.stamp != skipped {
                pass(over: .passUnretained(row), id: placed.id, skipped)
            }
        }
        // The rows not mentioned fill the offsets between the placed ones, in
        // their order; a row already passed over (removed) or taken (placed)
        // is not one of them.
        var j = 0
        func nextUnmentioned() -> Int? {
            while j < old.count, old[j].stamp == skipped || old[j].stamp == taken { j += 1 }
            return j < old.count ? j : nil
        }
        for placed in changes.placed {
            while slots.count < placed.offset, let index = nextUnmentioned() {
                take(.passUnretained(old[index]), taken)
                newIDs.append(ids[index])
            }
            if let row = rowsByID[placed.id] { take(.passUnretained(row), taken) } else { slots.append(.new) }
            newIDs.append(placed.id)
        }
        while let index = nextUnmentioned() {
            take(.passUnretained(old[index]), taken)
            newIDs.append(ids[index])
        }
    }

    // MARK: Editing

    /// Makes `children` and `ids` in `start..<end` the rows of `slots`, in
    /// place: only the part between the unchanged prefix and the unchanged
    /// suffix is rewritten. A new row's place holds `placeholder` until it
    /// is made.
    private func edit(_ children: inout [Node], from start: Int, to end: Int, placeholder: Node) {
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

/// Rows read from a list's storage as references without a retain: the
/// list holds them for as long as this is used (inside
/// `withUnsafeBufferPointer`), and matching, which reads and stamps every
/// row, would otherwise retain and release each one.
private struct UnretainedRows {
    private let base: UnsafeRawPointer?
    let count: Int

    init(_ rows: UnsafeBufferPointer<Node>) {
        base = UnsafeRawPointer(rows.baseAddress)
        count = rows.count
    }

    /// The row at `index`, which must be in range.
    @inline(__always)
    subscript(index: Int) -> Unmanaged<Node> {
        base.unsafelyUnwrapped.load(fromByteOffset: index &* MemoryLayout<Node>.stride, as: Unmanaged<Node>.self)
    }

    @inline(__always)
    func stamp(_ index: Int) -> UInt64 { self[index]._withUnsafeGuaranteedRef { $0.stamp } }

    @inline(__always)
    func setStamp(_ index: Int, _ stamp: UInt64) { UnretainedRows.setStamp(self[index], stamp) }

    /// Not isolated: a closure made on the main actor would check the
    /// executor each time it runs.
    @inline(__always)
    static func setStamp(_ row: Unmanaged<Node>, _ stamp: UInt64) { row._withUnsafeGuaranteedRef { $0.stamp = stamp } }
}

/// What one row of a `ForEach` render is: one of the rows already shown, or
/// a new one. Not nested in ``ForEachRows``, whose generic parameter it
/// would take: generic code looks a generic type's metadata up on each use.
private enum RowSlot {
    case row(Unmanaged<Node>)
    case new
}
