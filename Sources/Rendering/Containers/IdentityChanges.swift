/// What changed in the ids of a collection between two of its versions: the
/// ids it no longer has, and the ids that are new or moved, with their
/// offsets now. The ids it does not mention kept their order.
///
/// ```
/// before: [1, 2, 3, 4]     after: [4, 1, 3, 5]
/// removed: [2]             placed: [(id: 4, offset: 0), (id: 5, offset: 3)]
/// ```
struct IdentityChanges<ID: Hashable> {
    /// Ids that are no longer in the collection, each once.
    var removed: [ID]
    /// Ids inserted or moved, each once, with their offsets in the
    /// collection as it is now, in increasing order of offset.
    var placed: [(id: ID, offset: Int)]
}

/// A collection that knows which ids were inserted, removed or moved since
/// an earlier version of itself, so that a `ForEach` over it learns them
/// from it instead of comparing the ids of all its elements (see
/// ``ForEachRows``).
///
/// A seam for collections tracked element by element; not a public API yet.
/// A `ForEach` asks for the changes since the version it last rendered; a
/// collection that cannot tell returns nil, and the `ForEach` compares ids.
/// A report that does not fit the rows shown is ignored the same way.
protocol IdentityChangeReporting {
    associatedtype ElementID: Hashable

    /// Tells this version of the collection from every other.
    var identityVersion: UInt64 { get }

    /// What changed between version `version` and this one, or nil if the
    /// collection does not know.
    func identityChanges(since version: UInt64) -> IdentityChanges<ElementID>?
}

extension IdentityChangeReporting {
    /// The changes since `version` if the collection's ids are of type `ID`.
    func identityChanges<ID: Hashable>(since version: UInt64?, as _: ID.Type) -> IdentityChanges<ID>? {
        guard let version else { return nil }
        return identityChanges(since: version) as? IdentityChanges<ID>
    }
}
