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
/// read once from the first row. A row then costs reads of its own fields
/// (the environment and two flags, stored next to the view; see
/// ``ViewNode``) and of its view.
///
/// A row that keeps its view has no use for the new one, which the walk
/// would destroy: when the views hold nothing but the references compared
/// (see ``ViewLayout/wordsAreStrongReferences``), the row drops them itself
/// instead, with no call for the reference every row holds (see
/// ``BatchedReleases``). The caller then ends with
/// ``releaseDroppedReferences()``.
@MainActor
struct KeptRows {
    /// The rows shown, in order.
    let rows: UnsafeBufferPointer<Node>
    let environment: EnvironmentValues
    /// ``environment``'s entries, as a word: see ``chainWord(_:)``.
    private let environmentChain: UInt
    let deferred: DeferredChildren
    /// How the rows' views are compared, when not word by word.
    private let layout: ViewLayout?
    /// The offsets of the words to compare, if that is the whole comparison
    /// (`wordCount` of them; `layout` compares otherwise).
    private let words: UnsafePointer<Int>
    private let wordCount: Int
    /// The first two of ``words``, the first twice if there is one.
    private let firstWords: (Int, Int)
    /// Where a row keeps its view, from the row's address.
    private let viewOffset: Int
    /// How many of the words compared ``receive(_:_:)`` releases itself
    /// when it keeps a row's view (taking the new view from the walk): 1 or
    /// 2, all the words; 0 if the views hold more than those references.
    private let droppedWordCount: Int
    /// Where the dropped references are released (the caller's).
    private let releases: UnsafeMutablePointer<BatchedReleases>

    /// Rows to be given views by offset; `sample` is a row of the same
    /// `ForEach` (one of them, or one that was), or nil if there is none.
    init(
        rows: UnsafeBufferPointer<Node>, sample: Node?, environment: EnvironmentValues, deferred: DeferredChildren,
        releases: UnsafeMutablePointer<BatchedReleases>
    ) {
        self.rows = rows
        self.releases = releases
        self.environment = environment
        environmentChain = KeptRows.chainWord(environment.chain)
        self.deferred = deferred
        if let sample {
            let row = unsafeDowncast(sample, to: ViewNode.self)
            let words = row.layout.offsetsComparedAsWords
            layout = words == nil ? row.layout : nil
            self.words = words?.baseAddress ?? KeptRows.noWords
            wordCount = words?.count ?? 0
            firstWords = wordCount == 0 ? (0, 0) : (self.words[0], self.words[wordCount == 1 ? 0 : 1])
            viewOffset = row.viewAddress - UnsafeMutableRawPointer(Unmanaged.passUnretained(row).toOpaque())
            // The counts of batched releases are 32-bit.
            let drops = row.layout.wordsAreStrongReferences && wordCount <= 2 && rows.count < Int(UInt32.max)
            droppedWordCount = drops ? wordCount : 0
            // The references the sample shows are those the other rows
            // usually share (a model), if any.
            let shown = UnsafeRawPointer(row.viewAddress)
            releases.pointee.count(
                droppedWordCount > 0 ? shown.load(fromByteOffset: firstWords.0, as: UInt.self) : 0,
                droppedWordCount > 1 ? shown.load(fromByteOffset: firstWords.1, as: UInt.self) : 0)
        } else {
            layout = nil
            words = KeptRows.noWords
            wordCount = 0
            firstWords = (0, 0)
            viewOffset = 0
            droppedWordCount = 0
        }
    }

    /// Where ``words`` points when there are none.
    private static let noWords = UnsafePointer<Int>(bitPattern: MemoryLayout<Int>.alignment)!

    /// Gives the row at `offset` the view at `view`. Returns true if it
    /// took the view (the walk must not destroy it), false if the walk
    /// destroys it.
    ///
    /// Inlined into the closure that the walk calls for each row: the usual
    /// row (rendered, its view compared word by word and found the same, in
    /// the same environment) joins the custom views with a few loads and
    /// stores, and drops the new view's references, with no call but the
    /// release of a reference the other rows do not share; any other row is
    /// left to ``receiveOther(_:_:_:)``.
    @inline(__always)
    func receive(_ offset: Int, _ view: UnsafeMutableRawPointer) -> Bool {
        if layout == nil, joinsUnchanged(offset, view) { return dropReferences(of: view) }
        KeptRows.receiveOther(offset, view, self)
        return false
    }

    /// Whether the row at `offset` is the usual one (rendered, in the same
    /// environment, given the same words), which then joins the custom
    /// views, quiet unless it has inputs pending; false, touching nothing,
    /// otherwise.
    @inline(__always)
    private func joinsUnchanged(_ offset: Int, _ view: UnsafeMutableRawPointer) -> Bool {
        // Read from the rows' storage, given to no call, and out of scope
        // before the releases that may follow: the row needs no retain.
        let row = unsafeDowncast(rows[offset], to: ViewNode.self)
        let reference = Unmanaged.passUnretained(row)
        return row.hasRendered && KeptRows.chainWord(row.environment.chain) == environmentChain
            && isSameWords(UnsafeRawPointer(reference.toOpaque()) + viewOffset, view)
            && deferred.appendIfRoom(reference, quiet: !row.hasPendingInputs)
    }

    /// Releases the references of the view at `view`, which is then
    /// destroyed, if they are all it holds; false, touching nothing,
    /// otherwise.
    @inline(__always)
    private func dropReferences(of view: UnsafeMutableRawPointer) -> Bool {
        switch droppedWordCount {
        case 2:
            releases.pointee.releaseFirst(view.load(fromByteOffset: firstWords.0, as: UInt.self))
            releases.pointee.releaseSecond(view.load(fromByteOffset: firstWords.1, as: UInt.self))
            return true
        case 1:
            releases.pointee.releaseFirst(view.load(fromByteOffset: firstWords.0, as: UInt.self))
            return true
        default:
            return false
        }
    }

    /// Makes the releases ``receive(_:_:)`` put off: once, after the walk.
    func releaseDroppedReferences() {
        releases.pointee.releaseCounted()
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
            hasSameEnvironment = KeptRows.chainWord(row.environment.chain) == environmentChain
            hasPendingInputs = row.hasPendingInputs
        }
        let viewIsSame = hasRendered && isSame(UnsafeRawPointer(reference.toOpaque()) + viewOffset, view)
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
        return isSameWords(old, new)
    }

    /// Whether the words at ``words`` are the same in both views.
    @inline(__always)
    private func isSameWords(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
        // One or two words (the usual row view holds a model or two), with
        // no loop: the second offset repeats the first if there is one word.
        if UInt(bitPattern: wordCount &- 1) < 2 {
            return old.load(fromByteOffset: firstWords.0, as: UInt.self)
                == new.load(fromByteOffset: firstWords.0, as: UInt.self)
                && old.load(fromByteOffset: firstWords.1, as: UInt.self)
                    == new.load(fromByteOffset: firstWords.1, as: UInt.self)
        }
        var index = 0
        while index < wordCount {
            let offset = words[index]
            if old.load(fromByteOffset: offset, as: UInt.self) != new.load(fromByteOffset: offset, as: UInt.self) {
                return false
            }
            index &+= 1
        }
        return true
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
