/// Where ``RowWalk/prefix`` hands the views of the rows whose ids did not
/// move, when the rows are custom views: each row compares its new view
/// with the one it shows (``ViewNode/receiveRow(at:environment:)``) and
/// joins the custom views of the render in progress.
///
/// Not generic, so that the work per row is plain loads and two calls.
@MainActor
struct PrefixRows {
    /// The rows shown, in order.
    let rows: UnsafeBufferPointer<Node>
    /// Marks a row as matched (see ``ForEachRows``).
    let taken: UInt64
    let environment: EnvironmentValues
    let deferred: DeferredChildren

    /// Gives the row at `offset` the view at `view`.
    func receive(_ offset: Int, _ view: UnsafeMutableRawPointer) {
        // Every row of a `ForEach` whose content is a custom view is a view
        // node of that view's type (made by this `ForEach`, for its
        // content).
        let reference: Unmanaged<ViewNode>
        // The row's scope ends before the append (which may call to grow):
        // read from the rows' storage and not used across a call, it needs
        // no retain.
        do {
            let row = unsafeDowncast(rows[offset], to: ViewNode.self)
            reference = Unmanaged.passUnretained(row)
            row.stamp = taken
            // Inline, on the row's own fields and its layout: the usual
            // row, whose inputs and environment did not change, costs no
            // call.
            if !row.hasRendered || row.environment.chain !== environment.chain
                || !row.layout.isSameInput(raw: row.viewAddress, view)
            {
                row.receiveRow(at: view, environment: environment)
            }
        }
        deferred.append(reference)
    }
}
