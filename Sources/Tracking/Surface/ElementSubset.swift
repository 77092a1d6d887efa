import CTrackingSupport
import Synchronization

/// The elements of a ``TrackedList`` that satisfy a predicate, in the list's
/// order, kept up to date in O(1) per edited element: the seed's
/// `pendingTodos` without a pass over the list.
///
/// ```swift
/// let pending = todos.filtering { !$0.isCompleted }
/// pending.count          // O(1); depends on the count alone
/// for todo in pending {} // depends on the members and their values
/// ```
///
/// What a read inside a tracking scope depends on:
///
/// | read | depends on |
/// |---|---|
/// | `count`, `isEmpty` | the number of members (a reader runs only when it changed) |
/// | `ids`, `endIndex`, `contains(id:)` | which elements are members, in which order |
/// | `subset[i]` | the members and their order, and that element |
/// | iteration, `elements` | the members, their order and their values |
///
/// It changes within the edit that changes it, in the same transaction, so
/// an observer that reads it and the list sees both new (glitch-free); the
/// count has the equality cut-off of ``Derived``. The positions of the
/// members are found again, in O(n), at the first positional read or
/// iteration after the members changed.
///
/// Thread-safety: as the list's. It holds the list; the list does not hold it.
public final class ElementSubset<Element: Identifiable> {
    let list: TrackedList<Element>
    let predicate: (Element) -> Bool
    let countNode: CountNode
    let membersWord = Atomic<UInt>(0)
    let contentsWord = Atomic<UInt>(0)
    let name: String

    /// Bumped by every change of the members or of their order.
    @exclusivity(unchecked)
    private var membersVersion: UInt64 = 0

    /// Whether the element in each slot is a member, by slot.
    @exclusivity(unchecked)
    private var isMember: [Bool] = []

    private let cacheLock = SpinLock()
    /// The slots of the members, in order, or nil until a read needs them
    /// after a change of the members. Guarded by `cacheLock`.
    @exclusivity(unchecked)
    private var memberSlots: [Int32]?

    init(list: TrackedList<Element>, name: String, predicate: @escaping (Element) -> Bool) {
        self.list = list
        self.predicate = predicate
        self.name = name
        var count = 0
        isMember = Array(repeating: false, count: list.usedSlots)
        for slot in list.order where predicate(list.values[Int(slot)]) {
            isMember[Int(slot)] = true
            count += 1
        }
        countNode = CountNode(name: "\(name).count", value: count)
        list.register(self)
    }

    deinit {
        list.unregister(self)
        var dying: [SourceNode] = [countNode]
        for word in [membersWord.load(ordering: .acquiring), contentsWord.load(ordering: .acquiring)] {
            if let node = NodeWord.node(word, as: SourceNode.self) { dying.append(node.takeUnretainedValue()) }
        }
        SourceNode.ownerDied(dying)
        for word in [membersWord.load(ordering: .acquiring), contentsWord.load(ordering: .acquiring)] {
            NodeWord.node(word, as: SourceNode.self)?.release()
        }
    }

    // MARK: Reading

    /// How many elements satisfy the predicate; the scope depends on the
    /// count alone.
    ///
    /// - Complexity: O(1).
    public var count: Int {
        if let scope = tracking_current_scope() { NodeWord.recordRead(Unmanaged.passUnretained(countNode), scope) }
        return countNode.value
    }

    /// Whether no element satisfies the predicate; depends on the count.
    public var isEmpty: Bool { count == 0 }

    /// The ids of the members, in order; depends on the members.
    public var ids: [Element.ID] {
        recordMembersRead()
        return slots().map { list.values[Int($0)].id }
    }

    /// Whether the element with id `id` is a member; depends on the members.
    public func contains(id: Element.ID) -> Bool {
        recordMembersRead()
        guard let slot = list.slot(of: id) else { return false }
        return isMember[Int(slot)]
    }

    /// The members, in order; depends on the members and their values.
    ///
    /// - Complexity: O(k) for k members, plus O(n) after a change of members.
    public var elements: [Element] {
        recordContentsRead()
        return slots().map { list.values[Int($0)] }
    }

    // MARK: Recording reads

    private func recordMembersRead() {
        guard let scope = tracking_current_scope() else { return }
        NodeWord.recordRead(NodeWord.partNode(membersWord, name: "\(name).members"), scope)
    }

    func recordContentsRead() {
        guard let scope = tracking_current_scope() else { return }
        NodeWord.recordRead(NodeWord.partNode(contentsWord, name: "\(name).elements"), scope)
    }

    /// The slots of the members, in order (found again after a change of
    /// members).
    func slots() -> [Int32] {
        cacheLock.withLock {
            if let memberSlots { return memberSlots }
            let found = list.order.filter { isMember[Int($0)] }
            memberSlots = found
            return found
        }
    }

    // MARK: Changing

    private func membersChanged(countDelta: Int) {
        cacheLock.withLock { memberSlots = nil }
        membersVersion &+= 1
        if countDelta != 0 { countNode.announceChange { countNode.value += countDelta } }
        announce(membersWord)
        announce(contentsWord)
    }

    private func announce(_ word: borrowing Atomic<UInt>) {
        NodeWord.node(word.load(ordering: .acquiring), as: CollectionPartNode.self)?
            ._withUnsafeGuaranteedRef { $0.announceChange {} }
    }

    private func ensureRoom(for slot: Int32) {
        if Int(slot) >= isMember.count {
            isMember.append(contentsOf: repeatElement(false, count: Int(slot) + 1 - isMember.count))
        }
    }
}

extension ElementSubset: RandomAccessCollection {
    /// Iterates the members in order. Making one is a read of the members and
    /// their values.
    public struct Iterator: IteratorProtocol {
        let list: TrackedList<Element>
        let slots: [Int32]
        var position = 0

        /// The next member, or nil at the end.
        public mutating func next() -> Element? {
            guard position < slots.count else { return nil }
            defer { position += 1 }
            return list.values[Int(slots[position])]
        }
    }

    /// An iterator over the members; the scope depends on the members and
    /// their values.
    public func makeIterator() -> Iterator {
        recordContentsRead()
        return Iterator(list: list, slots: slots())
    }

    /// 0.
    public var startIndex: Int { 0 }

    /// The number of members; depends on the members.
    public var endIndex: Int {
        recordMembersRead()
        return countNode.value
    }

    /// The member at `position`; depends on the members and on that element.
    ///
    /// - Parameter position: A valid position; another stops the program
    ///   with a message naming the subset.
    public subscript(position: Int) -> Element {
        let slots = slots()
        guard position >= 0, position < slots.count else {
            preconditionFailure("\(name): index \(position) is out of range (the subset's count is \(slots.count))")
        }
        recordMembersRead()
        list.recordElementRead(slots[position])
        return list.values[Int(slots[position])]
    }
}

extension ElementSubset: ListAggregate {
    @usableFromInline
    func elementReplaced(old: Element, new: Element, changed: Bool, slot: Int32) {
        let was = isMember[Int(slot)]
        let now = predicate(new)
        if was != now {
            isMember[Int(slot)] = now
            membersChanged(countDelta: now ? 1 : -1)
        } else if now, changed {
            announce(contentsWord)
        }
    }

    @usableFromInline
    func inserted(_ element: Element, slot: Int32) {
        ensureRoom(for: slot)
        let now = predicate(element)
        isMember[Int(slot)] = now
        if now { membersChanged(countDelta: 1) }
    }

    @usableFromInline
    func removed(_ element: Element, slot: Int32) {
        if isMember[Int(slot)] {
            isMember[Int(slot)] = false
            membersChanged(countDelta: -1)
        }
    }

    @usableFromInline
    func reordered() {
        if countNode.value > 0 { membersChanged(countDelta: 0) }
    }
}

extension ElementSubset: ElementTrackingCollection {
    /// The member with id `id`, or nil if there is none: a read of that
    /// element, or of the members when it is not one.
    public subscript(id id: Element.ID) -> Element? {
        guard let slot = list.slot(of: id), isMember[Int(slot)] else {
            recordMembersRead()
            return nil
        }
        list.recordElementRead(slot)
        return list.values[Int(slot)]
    }

    /// Bumped by every change of the members or of their order.
    public var identityVersion: UInt64 { membersVersion }

    /// Nil, unless nothing changed since `version`: the subset does not keep
    /// a record of its changes, so a view compares its ids.
    public func identityChanges(since version: UInt64) -> (removed: [Element.ID], placed: [(id: Element.ID, offset: Int)])? {
        version == membersVersion ? ([], []) : nil
    }
}

extension ElementSubset: @unchecked Sendable where Element: Sendable {}

extension TrackedList {
    /// The elements that satisfy `predicate`, in order, kept up to date as
    /// the list is edited.
    ///
    /// Keep it (in the model, next to the list); making one costs a pass over
    /// the list.
    ///
    /// - Parameters:
    ///   - name: How diagnostics name it; by default the list's name and
    ///     `.filter`.
    ///   - predicate: Whether an element is a member; it must depend on the
    ///     element alone.
    /// - Returns: The subset.
    /// - Complexity: O(n) to make; O(1) per edited element afterwards.
    public func filtering(name: String? = nil, _ predicate: @escaping (Element) -> Bool) -> ElementSubset<Element> {
        ElementSubset(list: self, name: name ?? "\(self.name).filter", predicate: predicate)
    }
}
