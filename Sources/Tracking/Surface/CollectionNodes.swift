import CTrackingSupport
import Synchronization

/// A source node of a ``TrackedList`` or of one of its aggregates that stands
/// for a part of it as a whole: its structure (count, order, ids), or all of
/// its elements. Made at the first tracked read of that part.
@usableFromInline
final class CollectionPartNode: SourceNode, @unchecked Sendable {
    let name: String

    init(name: String) {
        self.name = name
        super.init()
    }

    override var displayName: String { name }
}

/// A source node that holds an integer kept up to date by an aggregate (the
/// count of ``ElementCount`` and ``ElementSubset``): a value changed and
/// changed back within a transaction counts as unchanged.
@usableFromInline
final class CountNode: SourceNode, @unchecked Sendable {
    let name: String

    /// The count. Written by the thread that edits the list, which also
    /// announces the change.
    @exclusivity(unchecked)
    var value: Int

    @exclusivity(unchecked)
    private var snapshot = 0

    init(name: String, value: Int) {
        self.name = name
        self.value = value
        super.init()
    }

    override var displayName: String { name }

    override func takeSnapshot() -> Bool {
        snapshot = value
        return true
    }

    override func snapshotIsUnchanged() -> Bool { snapshot == value }
}

/// The node of one element of a ``TrackedList``: what a reader of
/// `list[id: x]` or `list[i]` depends on. Made at the first tracked read of
/// the element; dies (as an object's property does with its object) when the
/// element is removed or the list is deallocated.
///
/// It also keeps the nodes of the element's fields that were read narrowly
/// (`list[id: x, \.title]`).
@usableFromInline
final class ElementNode<Element: Identifiable>: SourceNode, @unchecked Sendable {
    /// The list, which outlives every use: the node is told of the element's
    /// removal and of the list's death before they happen.
    unowned(unsafe) let list: TrackedList<Element>
    /// Where the element's value lives in the list; stable while it is in it.
    let slot: Int32
    let id: Element.ID
    let listName: String

    private let fieldLock = SpinLock()
    /// The nodes of the fields read narrowly. Guarded by `fieldLock`;
    /// appended by readers, walked by the list's writer.
    @exclusivity(unchecked)
    private var fieldNodes: [FieldNode<Element>] = []

    /// Whether `fieldNodes` is non-empty, read without the lock by writers.
    private let hasFieldsFlag = Atomic<Bool>(false)

    @usableFromInline
    var hasFields: Bool { hasFieldsFlag.load(ordering: .acquiring) }

    @exclusivity(unchecked)
    private var snapshot: Element?

    init(list: TrackedList<Element>, slot: Int32, id: Element.ID) {
        self.list = list
        self.slot = slot
        self.id = id
        self.listName = list.name
        super.init()
    }

    override var displayName: String { "\(listName)[id: \(id)]" }

    // MARK: Fields

    /// The node of the field at `keyPath`, made now if it has none.
    func fieldNode<Value: Equatable>(_ keyPath: KeyPath<Element, Value>) -> FieldNode<Element> {
        fieldLock.withLock {
            for node in fieldNodes where node.keyPath === keyPath { return node }
            for node in fieldNodes where node.keyPath == keyPath { return node }
            let node = FieldNode(element: self, keyPath: keyPath) { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
            fieldNodes.append(node)
            hasFieldsFlag.store(true, ordering: .releasing)
            return node
        }
    }

    /// Calls `body` with each field node, under the field lock (the body runs
    /// no user code but the fields' `==`).
    func forEachField(_ body: (FieldNode<Element>) -> Void) {
        fieldLock.withLock {
            for node in fieldNodes { body(node) }
        }
    }

    /// This node and its field nodes, for their death; forgets the fields
    /// (which hold this node).
    func takeAllNodes() -> [SourceNode] {
        fieldLock.withLock {
            let fields = fieldNodes
            fieldNodes = []
            hasFieldsFlag.store(false, ordering: .releasing)
            return [self] + fields
        }
    }

    // MARK: Snapshots

    override func takeSnapshot() -> Bool {
        guard list.equality != nil else { return false }
        snapshot = list.values[Int(slot)]
        return true
    }

    override func snapshotIsUnchanged() -> Bool {
        guard let snapshot else { return false }
        // Under the lock, so that the list cannot go meanwhile: its death
        // takes the same lock to mark the node dead.
        let component = Component.lock(self)
        defer { component._withUnsafeGuaranteedRef { $0.unlock() } }
        guard !isDead, let equality = list.equality else { return false }
        return withUnsafePointer(to: snapshot) { old in
            equality(UnsafeRawPointer(old), UnsafeRawPointer(list.values + Int(slot)))
        }
    }

    override func dropSnapshot() {
        snapshot = nil
    }
}

/// The node of one field of one element, read narrowly
/// (`list[id: x, \.title]`): its readers hear of a change of the element
/// only when that field changed (`==`).
final class FieldNode<Element: Identifiable>: SourceNode, @unchecked Sendable {
    /// The element's node, held until the element dies (then it lets go of
    /// its fields).
    let element: ElementNode<Element>
    let keyPath: AnyKeyPath
    /// Whether two values of the element have equal fields.
    let fieldsAreEqual: (Element, Element) -> Bool

    @exclusivity(unchecked)
    private var snapshot: Element?

    init(element: ElementNode<Element>, keyPath: AnyKeyPath, fieldsAreEqual: @escaping (Element, Element) -> Bool) {
        self.element = element
        self.keyPath = keyPath
        self.fieldsAreEqual = fieldsAreEqual
        super.init()
    }

    override var displayName: String {
        let path = String(describing: keyPath)
        // `\TodoItem.title` prints as such for a stored property: keep what
        // follows the type.
        let field = path.firstIndex(of: ".").map { String(path[$0...]) } ?? " \(path)"
        return element.displayName + field
    }

    override func takeSnapshot() -> Bool {
        snapshot = element.list.values[Int(element.slot)]
        return true
    }

    override func snapshotIsUnchanged() -> Bool {
        guard let snapshot else { return false }
        let component = Component.lock(self)
        defer { component._withUnsafeGuaranteedRef { $0.unlock() } }
        guard !isDead else { return false }
        return fieldsAreEqual(snapshot, element.list.values[Int(element.slot)])
    }

    override func dropSnapshot() {
        snapshot = nil
    }
}

extension SourceNode {
    /// Whether a change of this node has anyone new to tell: something links
    /// to it, and this transaction has not already told them all.
    @inlinable @inline(__always)
    final var needsAnnouncement: Bool {
        linkCount.load(ordering: .relaxed) != 0
            && fastWriteMark.load(ordering: .relaxed) != tracking_transaction_mark()
    }

    /// Runs `store` as a change of this node: announced in two halves around
    /// it when anyone may need to hear of it.
    @inline(__always)
    final func announceChange(_ store: () -> Void) {
        guard needsAnnouncement else {
            store()
            return
        }
        let state = willChange()
        store()
        didChange(state)
    }
}

/// A lazily made node kept in an atomic word (0 until made).
@usableFromInline
enum NodeWord {
    /// The node in `word`, if one was made.
    @inlinable @inline(__always)
    static func node<N: SourceNode>(_ word: UInt, as _: N.Type) -> Unmanaged<N>? {
        guard word != 0 else { return nil }
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped)
    }

    /// The part node in `word`, made now (named `name`) if it has none.
    @inlinable @inline(__always)
    static func partNode(_ word: borrowing Atomic<UInt>, name: @autoclosure () -> String) -> Unmanaged<CollectionPartNode> {
        if let node = node(word.load(ordering: .acquiring), as: CollectionPartNode.self) { return node }
        return installPartNode(word, name: name())
    }

    @usableFromInline @inline(never)
    static func installPartNode(_ word: borrowing Atomic<UInt>, name: String) -> Unmanaged<CollectionPartNode> {
        let made = Unmanaged.passRetained(CollectionPartNode(name: name))
        let bits = UInt(bitPattern: made.toOpaque())
        let (exchanged, original) = word.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing)
        if exchanged { return made }
        made.release()
        return node(original, as: CollectionPartNode.self).unsafelyUnwrapped
    }

    /// Records a read of `node` by `scope` (the current scope), with the
    /// inline check that skips a node this run has read already.
    @inlinable @inline(__always)
    static func recordRead<N: SourceNode>(_ node: Unmanaged<N>, _ scope: UnsafeMutableRawPointer) {
        if node._withUnsafeGuaranteedRef({ $0.readMark.load(ordering: .relaxed) }) != tracking_current_run_mark() {
            recordSourceRead(scope, node.toOpaque())
        }
    }
}
