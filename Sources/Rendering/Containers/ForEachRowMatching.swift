/// Matching: which row each element of a `ForEach` gets (one of the rows
/// shown, or a new one), from the ids of the elements and of the rows, or
/// from what the collection reported of its changes (see ``ForEachRows``).
extension ForEachRows {
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
    func match(
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
    func take(_ row: Unmanaged<Node>, _ taken: UInt64) {
        UnretainedRows.setStamp(row, taken)
        slots.append(.row(row))
    }

    @inline(__always)
    func pass(over row: Unmanaged<Node>, id: ID, _ skipped: UInt64) {
        let row = row.takeUnretainedValue()
        row.stamp = skipped
        passedOver.append((row, id))
    }

    /// Whether `changes` fits the rows shown and a collection of `count`
    /// elements: no id twice, offsets in increasing order and in range, and
    /// the count adds up. A report that does not is ignored, and the ids are
    /// compared instead.
    func applies(_ changes: IdentityChanges<ID>, count: Int) -> Bool {
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
    func place(_ changes: IdentityChanges<ID>, _ old: [Node], taken: UInt64, skipped: UInt64) {
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
