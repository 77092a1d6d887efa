/// The rows of one `ForEach` in the tree, kept from one render to the next:
/// the ids of the rows shown, in order, and the rows by id. A render matches
/// the elements with the rows by id (``match(_:from:to:taken:skipped:suffix:)``),
/// edits the row list in place (``edit(_:from:to:placeholder:)``), then gives
/// each row its element's new view.
///
/// The elements whose ids are those shown at the same offset from the start,
/// or from the end, keep their rows with one comparison of ids each: the
/// first run of them gets its views in the same walk, the last is left out
/// of matching and editing. Between the two, matching walks the new ids and
/// the old ones side by side. Where they agree, a row costs one comparison of
/// ids; where they do not, the dictionary of rows by id says whether the
/// element is new, a duplicate, or a row from elsewhere, and one id of
/// look-ahead tells a row that moved up from rows that were removed (or moved
/// down). A single insertion, removal or move therefore costs O(n)
/// comparisons of ids and O(1) look-ups; the row list is rewritten in place
/// between the unchanged rows, with no retain or release of the rows that
/// stay; and nothing is allocated unless rows are added. Rows of custom views
/// that keep their node are given their views in the loops the `ForEach`
/// compiled for its types (``RowWalk``), and compared there
/// (``KeptRowCheck``): the usual row, given the same view, costs a few loads
/// of its own memory and no call. A collection that knows what changed can
/// say so instead (``IdentityChangeReporting``), and the ids are then not
/// compared at all.
///
/// Used on the main actor only.
@MainActor final class ForEachRows<ID: Hashable> {
    /// The ids of the rows shown, in order: those of the `ForEach` node's
    /// children.
    @exclusivity(unchecked) var ids: [ID] = []
    /// The rows shown, by id.
    @exclusivity(unchecked) var rowsByID: [ID: Node] = [:]
    /// The collection's version when it last reported its changes.
    var reportedVersion: UInt64?

    // Scratch, kept between renders so that a render allocates nothing.
    /// The ids of the elements, in order, then of the rows to show.
    @exclusivity(unchecked) var newIDs: [ID] = []
    /// What each row to show is: one of the rows, or a new one.
    @exclusivity(unchecked) var slots: [RowSlot] = []
    /// The offsets of the elements not shown because an earlier one has the
    /// same id, in increasing order.
    @exclusivity(unchecked) var duplicates: [Int] = []
    /// Old rows passed over by matching, with their ids: removed, unless
    /// taken further on. Held, so that a removed row lives until it leaves
    /// the tree.
    @exclusivity(unchecked) var passedOver: [(row: Node, id: ID)] = []
    @exclusivity(unchecked) var addedIDs: Set<ID> = []
    /// The releases of the new views that kept rows drop (see ``KeptRows``).
    nonisolated(unsafe) let releases: UnsafeMutablePointer<BatchedReleases> = {
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
}

/// What one row of a `ForEach` render is: one of the rows already shown, or
/// a new one. Not nested in ``ForEachRows``, whose generic parameter it
/// would take: generic code looks a generic type's metadata up on each use.
enum RowSlot {
    case row(Unmanaged<Node>)
    case new
}
