/// Where ``RowWalk`` hands the views of the rows of a `ForEach` that keep
/// their node, when the rows are custom views (the rows of the unchanged
/// prefix, then the rows matched after it, each then at its new place): each
/// row compares its new view with the one it shows and joins the custom
/// views of the render in progress, quiet if it has nothing to do (see
/// ``DeferredChildren``).
///
/// Not generic, so that the work per row is plain loads and no call. Every
/// row of a `ForEach` whose content is a custom view is a view node of that
/// view's type (made by this `ForEach`, for its content): the rows share one
/// layout, and keep their views at the same offset in their objects, both
/// read once from the first row. The usual row (rendered, in the same
/// environment, given the same words) then costs reads of its own fields
/// and of its view (``KeptRowCheck``, which the walk over the unchanged
/// prefix makes itself, inline, before it calls here); this handles the
/// others.
///
/// A row that keeps its view has no use for the new one, which the walk
/// would destroy: when the views hold nothing but the references compared,
/// the row drops them itself instead (see ``BatchedReleases``). The caller
/// then ends with ``releaseDroppedReferences()``.
@MainActor
struct KeptRows {
    /// The rows shown, in order.
    let rows: UnsafeBufferPointer<Node>
    let environment: EnvironmentValues
    let deferred: DeferredChildren
    /// The check of the usual row, which the walk also makes itself.
    let check: KeptRowCheck
    /// How the rows' views are compared, when not word by word.
    private let layout: ViewLayout?
    /// Whether the rows' views are compared word by word (by ``check``).
    private let comparesWords: Bool

    /// Rows to be given views by offset; `sample` is a row of the same
    /// `ForEach` (one of them, or one that was), or nil if there is none;
    /// `placeholder`, if any, stands among `rows` for the rows not made yet
    /// (which are not given views here). The references the rows drop are
    /// released through `releases`.
    init(
        rows: UnsafeBufferPointer<Node>, sample: Node?, placeholder: Node? = nil, environment: EnvironmentValues,
        deferred: DeferredChildren, releases: UnsafeMutablePointer<BatchedReleases>
    ) {
        self.rows = rows
        self.environment = environment
        self.deferred = deferred
        check = KeptRowCheck(
            rows: rows, sample: sample, placeholder: placeholder, environmentChain: KeptRows.chainWord(environment.chain),
            deferred: deferred, releases: releases)
        // No closure (`map`): a main-actor closure given to the standard
        // library checks the executor each time it runs.
        var layout: ViewLayout?
        if let sample { layout = unsafeDowncast(sample, to: ViewNode.self).layout }
        comparesWords = layout?.offsetsComparedAsWords != nil
        self.layout = comparesWords ? nil : layout
    }

    /// Gives the row at `offset` the view at `view`. Returns true if it
    /// took the view (the walk must not destroy it), false if the walk
    /// destroys it.
    ///
    /// Inlined into the closure that the walk calls for each row: the usual
    /// row (see ``KeptRowCheck``) costs a few loads and stores, and no call
    /// but the release of a reference the rows do not share; any other row
    /// is left to ``receiveOther(_:_:_:)``.
    @inline(__always)
    func receive(_ offset: Int, _ view: UnsafeMutableRawPointer) -> Bool {
        check.keeps(offset, view) || receiveUnkept(offset, view)
    }

    /// ``receive(_:_:)`` for a row that ``KeptRowCheck/keeps(_:_:)`` did not
    /// keep: the usual row of views that hold more than their words, or any
    /// other row. Never takes the view.
    @inline(__always)
    func receiveUnkept(_ offset: Int, _ view: UnsafeMutableRawPointer) -> Bool {
        if comparesWords, !check.dropsViews, check.joinsUnchanged(offset, view) { return false }
        KeptRows.receiveOther(offset, view, self)
        return false
    }

    /// Makes the releases the check put off: once, after the walk.
    func releaseDroppedReferences() {
        check.releases.pointee.releaseCounted()
    }

    /// ``receive(_:_:)`` for any row.
    ///
    /// Static, with the rows as the last parameter: a method would take them
    /// as `self`, in a register its caller must save, where a parameter
    /// lets the caller jump to it and save nothing; last, where the walk's
    /// closure receives them, after the offset and the view.
    @inline(never)
    private static func receiveOther(_ offset: Int, _ view: UnsafeMutableRawPointer, _ rows: borrowing KeptRows) {
        rows.receiveOtherRow(offset, view)
    }

    /// The work of ``receiveOther(_:_:_:)``.
    @inline(__always)
    private func receiveOtherRow(_ offset: Int, _ view: UnsafeMutableRawPointer) {
        let reference: Unmanaged<ViewNode>
        let hasRendered: Bool
        let hasSameEnvironment: Bool
        let hasPendingInputs: Bool
        // The row's fields are read in a scope that ends before any call
        // (comparing the views, growing the list of custom views): read from
        // the rows' storage and not used across a call, the row needs no
        // retain.
        do {
            let row = unsafeDowncast(rows[offset], to: ViewNode.self)
            reference = Unmanaged.passUnretained(row)
            hasRendered = row.hasRendered
            hasSameEnvironment = KeptRows.chainWord(row.environment.chain) == check.environmentChain
            hasPendingInputs = row.hasPendingInputs
        }
        let viewIsSame = hasRendered && isSame(UnsafeRawPointer(reference.toOpaque()) + check.viewOffset, view)
        if viewIsSame, hasSameEnvironment {
            deferred.append(reference, quiet: !hasPendingInputs)
        } else {
            receiveNew(offset, view, viewIsSame: viewIsSame)
        }
    }

    /// The address of the first entry of an environment's chain, 0 for
    /// none: two environments share their entries if the words are equal,
    /// one comparison where `===` on optionals branches on each side.
    @inline(__always)
    private static func chainWord(_ chain: EnvironmentEntry?) -> UInt {
        unsafeBitCast(chain, to: UInt.self)
    }

    /// Whether the view at `new` has the inputs of the view at `old`.
    @inline(__always)
    private func isSame(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
        if let layout { return layout.isSameInput(raw: old, new) }
        return check.isSameWords(old, new)
    }

    /// The row at `offset` takes what is new in its view or environment.
    /// Out of line, so that the fast path holds no reference to the row.
    @inline(never)
    private func receiveNew(_ offset: Int, _ view: UnsafeMutableRawPointer, viewIsSame: Bool) {
        let row = unsafeDowncast(rows[offset], to: ViewNode.self)
        row.receiveRow(at: view, environment: environment, viewIsSame: viewIsSame)
        deferred.append(row)
    }
}
