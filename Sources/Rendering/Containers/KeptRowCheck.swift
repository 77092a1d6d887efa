/// The check that keeps the usual row of a `ForEach` of custom views, as
/// plain addresses and offsets: a row that has rendered, in the environment
/// it is given again, and whose new view has the words of the one it shows,
/// joins the custom views of the render in progress (quiet unless it has
/// inputs pending) and keeps its view; when the views hold nothing but
/// those words, strong references (see
/// ``ViewLayout/wordsAreStrongReferences``), it also drops the new view's
/// references itself (see ``BatchedReleases``), so that nothing is left
/// for the walk to destroy.
///
/// Addresses and offsets, read once from a row, so that ``RowWalk``,
/// compiled in the module that made the `ForEach`, makes the check inline
/// for each row, with loads, comparisons and no call but the release of a
/// reference the rows do not share; no type of the host's is needed there.
/// Made by ``KeptRows``, which handles every other row.
@usableFromInline
struct KeptRowCheck {
    /// The rows shown, in order, as their objects' addresses.
    @usableFromInline let rows: UnsafeRawPointer
    /// The address that stands for a row not made yet (see
    /// ``KeptRows/init(rows:sample:placeholder:environment:deferred:releases:)``),
    /// which is no row to keep; 0 if there is none.
    @usableFromInline let placeholder: UnsafeRawPointer?
    /// Whether ``keeps(_:_:)`` may keep a row: the views are compared word
    /// by word, and hold only those words, one or two strong references.
    @usableFromInline let dropsViews: Bool
    /// Whether the views hold a second word (``firstWords`` repeats the
    /// first one otherwise).
    @usableFromInline let hasSecondWord: Bool
    /// Where a row keeps its flags, its environment's entries and its view,
    /// from the row's address (the fields of ``ViewNode`` a list reads).
    @usableFromInline let hasRenderedOffset: Int
    @usableFromInline let hasPendingInputsOffset: Int
    @usableFromInline let chainOffset: Int
    @usableFromInline let viewOffset: Int
    /// The entries of the environment the rows are given, as a word: two
    /// environments share their entries if the words are equal.
    @usableFromInline let environmentChain: UInt
    /// The offsets of the words to compare, if that is the whole comparison
    /// (`wordCount` of them).
    @usableFromInline let words: UnsafePointer<Int>
    @usableFromInline let wordCount: Int
    /// The first two of ``words``, the first twice if there is one.
    @usableFromInline let firstWords: (Int, Int)
    /// The custom views of the render in progress, with room for every row
    /// (see ``DeferredChildren/reserve(_:)``).
    @usableFromInline let deferred: UnsafeMutablePointer<DeferredViewWords>
    @usableFromInline let releases: UnsafeMutablePointer<BatchedReleases>

    /// The check of `rows`, given the environment whose entries are
    /// `environmentChain`; `sample` is a row of the same `ForEach` (one of
    /// them, or one that was), or nil if there is none, when no row is
    /// kept here. `placeholder`, if any, stands among the rows for those not
    /// made yet.
    @MainActor
    init(
        rows: UnsafeBufferPointer<Node>, sample: Node?, placeholder: Node?, environmentChain: UInt,
        deferred: DeferredChildren, releases: UnsafeMutablePointer<BatchedReleases>
    ) {
        // No closure (`map`) here or below: a main-actor closure given to
        // the standard library checks the executor each time it runs.
        if let base = rows.baseAddress { self.rows = UnsafeRawPointer(base) } else {
            self.rows = UnsafeRawPointer(KeptRowCheck.nowhere)
        }
        self.placeholder = placeholder.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
        self.environmentChain = environmentChain
        self.deferred = deferred.listAddress
        self.releases = releases
        guard let sample else {
            dropsViews = false
            hasSecondWord = false
            hasRenderedOffset = 0
            hasPendingInputsOffset = 0
            chainOffset = 0
            viewOffset = 0
            words = KeptRowCheck.nowhere
            wordCount = 0
            firstWords = (0, 0)
            return
        }
        // Every row of a `ForEach` of custom views is a view node of the
        // content's type, made by the `ForEach`: the rows share one layout,
        // and keep their fields at the same offsets.
        let row = unsafeDowncast(sample, to: ViewNode.self)
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(row).toOpaque())
        hasRenderedOffset = UnsafeMutableRawPointer(address(of: &row.hasRendered)) - base
        hasPendingInputsOffset = UnsafeMutableRawPointer(address(of: &row.hasPendingInputs)) - base
        chainOffset = UnsafeMutableRawPointer(address(of: &row.environment.chain)) - base
        viewOffset = row.viewAddress - base
        let compared = row.layout.offsetsComparedAsWords
        words = compared?.baseAddress ?? KeptRowCheck.nowhere
        wordCount = compared?.count ?? 0
        firstWords = wordCount == 0 ? (0, 0) : (words[0], words[wordCount == 1 ? 0 : 1])
        hasSecondWord = wordCount == 2
        // The counts of batched releases are 32-bit.
        dropsViews = row.layout.wordsAreStrongReferences && (1...2).contains(wordCount) && rows.count < UInt32.max
        // The references the sample shows are those the other rows usually
        // share (a model), if any.
        let shown = UnsafeRawPointer(row.viewAddress)
        releases.pointee.count(
            dropsViews ? shown.load(fromByteOffset: firstWords.0, as: UInt.self) : 0,
            dropsViews && hasSecondWord ? shown.load(fromByteOffset: firstWords.1, as: UInt.self) : 0)
    }

    /// Where the pointers point when there is nothing to point at.
    private static var nowhere: UnsafePointer<Int> { UnsafePointer(bitPattern: MemoryLayout<Int>.alignment)! }

    /// Keeps the row at `offset`, given the view at `view`, if it is the
    /// usual one and the views hold only their words: the row joins the
    /// custom views and the new view's references are dropped, so that the
    /// caller must not destroy it. False, touching nothing, otherwise.
    @inlinable @inline(__always)
    func keeps(_ offset: Int, _ view: UnsafeMutableRawPointer) -> Bool {
        keeps(offset, view, amongPlaceholders: false)
    }

    /// ``keeps(_:_:)`` for rows among which ``placeholder`` may stand (no
    /// row is kept there): the rows of a list edited for the render.
    @inlinable @inline(__always)
    func keepsMadeRow(_ offset: Int, _ view: UnsafeMutableRawPointer) -> Bool {
        keeps(offset, view, amongPlaceholders: true)
    }

    @inlinable @inline(__always)
    func keeps(_ offset: Int, _ view: UnsafeMutableRawPointer, amongPlaceholders: Bool) -> Bool {
        // One or two words, so `isSameFirstWords` is the whole comparison.
        guard dropsViews, joinsUnchanged(offset, view, amongPlaceholders: amongPlaceholders, isSame: isSameFirstWords)
        else { return false }
        releases.pointee.releaseFirst(view.load(fromByteOffset: firstWords.0, as: UInt.self))
        if hasSecondWord { releases.pointee.releaseSecond(view.load(fromByteOffset: firstWords.1, as: UInt.self)) }
        return true
    }

    /// Whether the row at `offset`, given the view at `view`, is the usual
    /// one (rendered, in the same environment, given the same words), which
    /// then joins the custom views; false, touching nothing, otherwise. For
    /// views compared word by word only.
    @inlinable @inline(__always)
    func joinsUnchanged(_ offset: Int, _ view: UnsafeMutableRawPointer) -> Bool {
        joinsUnchanged(offset, view, amongPlaceholders: true, isSame: isSameWords)
    }

    /// ``joinsUnchanged(_:_:)``, comparing the words with `isSame`; false for
    /// ``placeholder`` if `amongPlaceholders` (the walk of the unchanged
    /// prefix, which has none, does not compare).
    @inlinable @inline(__always)
    func joinsUnchanged(
        _ offset: Int, _ view: UnsafeMutableRawPointer, amongPlaceholders: Bool,
        isSame: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
    ) -> Bool {
        // The row's address, read from the rows' storage: no reference.
        let row = rows.load(fromByteOffset: offset &* MemoryLayout<UnsafeRawPointer>.stride, as: UnsafeRawPointer.self)
        if amongPlaceholders, row == placeholder { return false }
        return row.load(fromByteOffset: hasRenderedOffset, as: Bool.self)
            && row.load(fromByteOffset: chainOffset, as: UInt.self) == environmentChain
            && isSame(row + viewOffset, UnsafeRawPointer(view))
            && deferred.pointee.appendIfRoom(
                DeferredViewWords.word(row, quiet: !row.load(fromByteOffset: hasPendingInputsOffset, as: Bool.self)))
    }

    /// Whether the words at ``words`` are the same in both views.
    @inlinable @inline(__always)
    func isSameWords(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
        // One or two words (the usual row view holds a model or two), with
        // no loop.
        if UInt(bitPattern: wordCount &- 1) < 2 { return isSameFirstWords(old, new) }
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

    /// Whether the words at ``firstWords`` are the same in both views (the
    /// second offset repeats the first if there is one word).
    @inlinable @inline(__always)
    func isSameFirstWords(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
        old.load(fromByteOffset: firstWords.0, as: UInt.self) == new.load(fromByteOffset: firstWords.0, as: UInt.self)
            && old.load(fromByteOffset: firstWords.1, as: UInt.self)
                == new.load(fromByteOffset: firstWords.1, as: UInt.self)
    }
}
