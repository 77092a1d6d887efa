/// One dependency of the reference engine: `sub` read `dep`. The link is in
/// two doubly linked lists at once (alien-signals' `Link`): `dep`'s list of
/// subscribers (`prevSub`, `nextSub`) and `sub`'s list of dependencies
/// (`nextDep`), so that propagation walks down and the check for changes
/// walks up without any other structure.
///
/// A plain struct in manually managed memory (``ReferenceLinkPool``): no
/// reference counting on the hot paths. The node references are unretained
/// (``ReferenceNodeRef``): a node's closure keeps its dependencies alive,
/// and a node unlinks itself before it is freed (see ``ReferenceNode``).
///
/// The list of dependencies is singly linked: links only ever leave it from
/// its end (the stale ones after `depsTail` once a run is over) or all at
/// once, so it needs no `prevDep`. 48 bytes.
struct ReferenceLink {
    var dep: ReferenceNodeRef
    var sub: ReferenceNodeRef
    var prevSub: ReferenceLinkPointer?
    var nextSub: ReferenceLinkPointer?
    var nextDep: ReferenceLinkPointer?
    /// The subscriber's run in which this link was last made or confirmed
    /// (``ReferenceNode/version``): a second read of `dep` in the same run
    /// finds it and links nothing.
    var version: UInt64
}

typealias ReferenceLinkPointer = UnsafeMutablePointer<ReferenceLink>
