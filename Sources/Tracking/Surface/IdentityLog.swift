/// The record of how the ids of a ``TrackedList`` changed: a version bumped
/// by every change of the structure and, once something has asked for the
/// changes, the ids each change touched. A view that keeps one row per id
/// asks what changed since the version it last showed, instead of comparing
/// every id.
///
/// Only the last ``limit`` entries are kept; a question about an older
/// version gets no answer (the asker compares ids).
///
/// An entry is two parts kept side by side: a stamp (its version and kind in
/// one word) and its id. A question reads stamps from the newest back to the
/// first it must answer, so it costs the entries since that version, not the
/// whole log; the ids, a generic type that code outside the list's module
/// handles through its metadata, are read only for those entries.
struct IdentityLog<ID: Hashable> {
    enum Kind: UInt64 {
        case inserted
        case removed
        case moved
    }

    static var limit: Int { 1024 }

    /// Below it, a question tells repeated ids apart by comparing them with
    /// those found so far, without hashing them into a set.
    private static var linearDeduplicationLimit: Int { 16 }

    /// Bumped by every change of the structure.
    private(set) var version: UInt64 = 0

    /// Per entry, oldest first: its version shifted left by two, then its
    /// kind. Versions do not decrease.
    private var stamps: [UInt64] = []
    /// Per entry, the id it touched; as long as `stamps`.
    private var ids: [ID] = []

    /// The oldest version whose changes are all in the entries; nil while
    /// nothing is recorded.
    private var firstKnownVersion: UInt64?

    mutating func bump() {
        version &+= 1
    }

    mutating func record(_ kind: Kind, _ id: ID) {
        // Not recording, or this version's changes were already given up.
        guard let firstKnownVersion, version >= firstKnownVersion else { return }
        stamps.append(version << 2 | kind.rawValue)
        ids.append(id)
        if stamps.count > IdentityLog.limit { trim() }
    }

    private func version(at index: Int) -> UInt64 { stamps[index] >> 2 }

    /// Drops about the older half of the entries. Entries of one version
    /// must all stay or all go: the cut moves back to where a version
    /// starts, or, if the older half is one version, forward to where the
    /// next one starts; if every entry is of the current version (one bulk
    /// edit), that version's changes are given up (askers compare ids), so
    /// that the edit's further records cost nothing.
    private mutating func trim() {
        var cut = stamps.count / 2
        while cut > 0, version(at: cut - 1) == version(at: cut) { cut -= 1 }
        if cut == 0 {
            cut = stamps.count / 2
            while cut < stamps.count, version(at: cut - 1) == version(at: cut) { cut += 1 }
        }
        if cut == stamps.count {
            stamps.removeAll(keepingCapacity: true)
            ids.removeAll(keepingCapacity: true)
            firstKnownVersion = version + 1
        } else {
            stamps.removeFirst(cut)
            ids.removeFirst(cut)
            firstKnownVersion = version(at: 0)
        }
    }

    /// Starts recording, from the next change on.
    mutating func startRecording() {
        if firstKnownVersion == nil { firstKnownVersion = version + 1 }
    }

    /// The ids touched by the changes after `since`, each with the kind of
    /// its first change there, in the order first touched; nil if they are
    /// not all known.
    ///
    /// - Complexity: O(k) in the entries after `since` (k ≤ ``limit``).
    func touched(since: UInt64) -> [(id: ID, first: Kind)]? {
        guard let firstKnownVersion, since + 1 >= firstKnownVersion else { return since == version ? [] : nil }
        var start = stamps.count
        while start > 0, version(at: start - 1) > since { start -= 1 }
        var result: [(id: ID, first: Kind)] = []
        guard start < stamps.count else { return result }
        result.reserveCapacity(stamps.count - start)
        if stamps.count - start <= IdentityLog.linearDeduplicationLimit {
            // Indices, not `contains(where:)`: in generic code, that costs a
            // thousand instructions even on an empty array.
            for index in start..<stamps.count {
                var found = 0
                while found < result.count, result[found].id != ids[index] { found += 1 }
                if found == result.count {
                    result.append((ids[index], Kind(rawValue: stamps[index] & 3).unsafelyUnwrapped))
                }
            }
        } else {
            var seen: Set<ID> = []
            for index in start..<stamps.count where seen.insert(ids[index]).inserted {
                result.append((ids[index], Kind(rawValue: stamps[index] & 3).unsafelyUnwrapped))
            }
        }
        return result
    }
}
