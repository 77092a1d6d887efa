/// The record of how the ids of a ``TrackedList`` changed: a version bumped
/// by every change of the structure and, once something has asked for the
/// changes, the ids each change touched. A view that keeps one row per id
/// asks what changed since the version it last showed, instead of comparing
/// every id.
///
/// Only the last ``limit`` entries are kept; a question about an older
/// version gets no answer (the asker compares ids).
struct IdentityLog<ID: Hashable> {
    enum Kind {
        case inserted
        case removed
        case moved
    }

    static var limit: Int { 1024 }

    /// Bumped by every change of the structure.
    private(set) var version: UInt64 = 0

    /// The ids touched since `firstKnownVersion`, by change.
    private var entries: [(version: UInt64, kind: Kind, id: ID)] = []

    /// The oldest version whose changes are all in `entries`; nil while
    /// nothing is recorded.
    private var firstKnownVersion: UInt64?

    mutating func bump() {
        version &+= 1
    }

    mutating func record(_ kind: Kind, _ id: ID) {
        // Not recording, or this version's changes were already given up.
        guard let firstKnownVersion, version >= firstKnownVersion else { return }
        entries.append((version, kind, id))
        if entries.count > IdentityLog.limit { trim() }
    }

    /// Drops about the older half of the entries. Entries of one version
    /// must all stay or all go: the cut moves back to where a version
    /// starts, or, if the older half is one version, forward to where the
    /// next one starts; if every entry is of the current version (one bulk
    /// edit), that version's changes are given up (askers compare ids), so
    /// that the edit's further records cost nothing.
    private mutating func trim() {
        var cut = entries.count / 2
        while cut > 0, entries[cut - 1].version == entries[cut].version { cut -= 1 }
        if cut == 0 {
            cut = entries.count / 2
            while cut < entries.count, entries[cut - 1].version == entries[cut].version { cut += 1 }
        }
        if cut == entries.count {
            entries.removeAll(keepingCapacity: true)
            firstKnownVersion = version + 1
        } else {
            entries.removeFirst(cut)
            firstKnownVersion = entries[0].version
        }
    }

    /// Starts recording, from the next change on.
    mutating func startRecording() {
        if firstKnownVersion == nil { firstKnownVersion = version + 1 }
    }

    /// The ids touched by the changes after `since`, each with the kind of
    /// its first change there, in the order first touched; nil if they are
    /// not all known.
    func touched(since: UInt64) -> [(id: ID, first: Kind)]? {
        guard let firstKnownVersion, since + 1 >= firstKnownVersion else { return since == version ? [] : nil }
        var seen: Set<ID> = []
        var result: [(id: ID, first: Kind)] = []
        for entry in entries where entry.version > since && seen.insert(entry.id).inserted {
            result.append((entry.id, entry.kind))
        }
        return result
    }
}
