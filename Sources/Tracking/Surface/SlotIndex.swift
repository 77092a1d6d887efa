/// The index of a ``TrackedList`` by id: an open-addressing hash table of
/// slots (linear probing, at most three quarters full, backward-shift
/// deletion). A bucket holds only a slot number, 4 bytes: the id it stands
/// for is the one of the element in that slot, so the table keeps no copy of
/// the ids. That makes it 5 to 11 bytes per element where a dictionary from
/// id to slot takes the id's size and more (about 50 bytes for a `UUID`).
///
/// Every slot in the table holds a live element whose id leads to it; the
/// list keeps that true around its edits.
@usableFromInline
struct SlotIndex {
    /// The slot in each bucket, or -1; the count is a power of two (or 0).
    @usableFromInline
    var buckets: [Int32] = []
    @usableFromInline
    var count = 0

    @usableFromInline
    init() {}

    @usableFromInline
    static var empty: Int32 { -1 }
}

extension TrackedList {
    @inlinable @inline(__always)
    func firstBucket(_ id: Element.ID, _ mask: Int) -> Int {
        id.hashValue & mask
    }

    /// The slot of the element with id `id`, or nil.
    ///
    /// - Complexity: O(1) on average: a hash and a few comparisons of ids.
    @inlinable @inline(__always)
    func slot(of id: Element.ID) -> Int32? {
        let mask = index.buckets.count - 1
        guard mask >= 0 else { return nil }
        return index.buckets.withUnsafeBufferPointer { buckets in
            var bucket = firstBucket(id, mask)
            while true {
                let slot = buckets[bucket]
                if slot == SlotIndex.empty { return nil }
                if values[Int(slot)].id == id { return slot }
                bucket = (bucket + 1) & mask
            }
        }
    }

    /// The slot, other than `excluded`, of an element with id `id`, or nil:
    /// for an edit that gave the element in `excluded` the id `id` while
    /// that slot is still filed under its old id.
    func slot(of id: Element.ID, otherThan excluded: Int32) -> Int32? {
        let mask = index.buckets.count - 1
        guard mask >= 0 else { return nil }
        var bucket = firstBucket(id, mask)
        while true {
            let slot = index.buckets[bucket]
            if slot == SlotIndex.empty { return nil }
            if slot != excluded, values[Int(slot)].id == id { return slot }
            bucket = (bucket + 1) & mask
        }
    }

    /// Files `slot`, which holds the element with id `id`, under that id.
    func indexInsert(_ id: Element.ID, slot: Int32) {
        if (index.count + 1) * 4 > index.buckets.count * 3 { growIndex(toHold: index.count + 1) }
        let mask = index.buckets.count - 1
        var bucket = firstBucket(id, mask)
        while index.buckets[bucket] != SlotIndex.empty { bucket = (bucket + 1) & mask }
        index.buckets[bucket] = slot
        index.count += 1
    }

    /// Takes `slot`, filed under `id`, out of the table. The slot's own
    /// element may be gone or have another id by now; the others in the
    /// table must be live.
    func indexRemove(_ id: Element.ID, slot: Int32) {
        let mask = index.buckets.count - 1
        var hole = firstBucket(id, mask)
        while index.buckets[hole] != slot { hole = (hole + 1) & mask }
        // Backward shift: move up each later entry of the run whose first
        // bucket is not between the hole and it, so that no search stops
        // at the hole too early.
        var next = hole
        while true {
            next = (next + 1) & mask
            let moving = index.buckets[next]
            if moving == SlotIndex.empty { break }
            let home = firstBucket(values[Int(moving)].id, mask)
            let staysPut = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if !staysPut {
                index.buckets[hole] = moving
                hole = next
            }
        }
        index.buckets[hole] = SlotIndex.empty
        index.count -= 1
    }

    /// Makes the table big enough for `count` entries, at most three quarters
    /// full, and files every entry again.
    func growIndex(toHold count: Int) {
        var capacity = Swift.max(8, index.buckets.count)
        while count * 4 > capacity * 3 { capacity *= 2 }
        guard capacity != index.buckets.count else { return }
        let old = index.buckets
        index.buckets = Array(repeating: SlotIndex.empty, count: capacity)
        let mask = capacity - 1
        for slot in old where slot != SlotIndex.empty {
            var bucket = firstBucket(values[Int(slot)].id, mask)
            while index.buckets[bucket] != SlotIndex.empty { bucket = (bucket + 1) & mask }
            index.buckets[bucket] = slot
        }
    }
}
