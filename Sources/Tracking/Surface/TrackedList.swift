import CTrackingSupport
import Synchronization

/// An ordered collection of `Identifiable` values, tracked element by
/// element: a reader depends on what it read, an element, a field of one, the
/// structure, or everything, and a change re-runs only the readers of what
/// changed.
///
/// Keep it in a ``Trackable`` model as a `let`, and use it as the array it
/// replaces:
///
/// ```swift
/// struct TodoItem: Identifiable, Equatable {
///     let id = UUID()
///     var title: String
///     var isCompleted = false
/// }
///
/// final class TodoManager: Trackable {
///     let trackingRegistrar = TrackingRegistrar()
///     let todos = TrackedList<TodoItem>()
///
///     func toggleTodo(_ todo: TodoItem) {
///         todos[id: todo.id]?.isCompleted.toggle()   // in place, O(1)
///     }
/// }
/// ```
///
/// What a read inside a tracking scope depends on:
///
/// | read | depends on |
/// |---|---|
/// | `list[id: x]` | element `x` (its value, its removal); the structure if `x` is absent |
/// | `list[id: x, \.title]` | the `title` of element `x` only (and its removal) |
/// | `list[i]` | the structure (which element is at `i`) and that element |
/// | `count`, `isEmpty` | the count alone: a reader runs only when it changed |
/// | `endIndex`, `ids`, `contains(id:)`, `firstIndex(id:)` | the structure: count, order, ids |
/// | iteration (`for … in`, `map`, `filter`, `elements`, …) | everything |
///
/// A change of one element re-runs the readers of that element (of the
/// fields that changed, for narrow readers) and of everything, not the
/// readers of other elements or of the structure. Appending, inserting,
/// removing, moving and sorting re-run the readers of the structure and of
/// everything; a removed element's readers run once, as for an object's
/// death. Readers of the structure do not run when an element is edited.
///
/// - Equality: writing an element equal to the stored one (`==`, when
///   `Element` is `Equatable`) notifies nobody, as for ``Tracked``; an
///   element changed and changed back within one ``withTransaction(_:)``
///   re-runs none of its readers. A narrow reader of a field runs only when
///   that field changed (`==`).
/// - In place: `list[id: x]?.isCompleted.toggle()`, `list[i].title = …`,
///   `append`, `remove`, `move` edit the storage in place; nothing copies it.
///   An edit that someone observes copies the one element it changes, to
///   compare it afterwards.
/// - Aggregates: ``counting(name:where:)`` and ``filtering(name:_:)`` keep a count and
///   a subset up to date in O(1) per edited element.
/// - Cost: an element that nobody reads costs its value and about three words
///   of bookkeeping: 4 bytes in the order, 8 for its node word, 5 to 11 in
///   the index by id, and the slack of arrays that double
///   when they grow. A read element adds a graph node.
///
/// Ids must be unique: an insertion, or an assignment of a whole element
/// (`list[i] = x`, `list[id: x] = y`), that would give two elements one id is
/// refused and changes nothing, with a ``TrackingDiagnostic/Kind/duplicateID``
/// diagnostic that names the list and the id; so is an in-place edit of an
/// element that something observes (`list[id: x]?.id = y`). An in-place edit
/// that nothing observes keeps no copy of the element before it, so when it
/// gives the element another element's id, the edited element is removed, with
/// the same diagnostic.
///
/// Thread-safety: the engine's bookkeeping is thread-safe; the elements are
/// not. The list is `Sendable` (when `Element` is) so that observers and
/// derived values can capture it, but the compiler does not check how it is
/// used: an edit concurrent with another edit or a read of the same list, on
/// another thread, corrupts it. Synchronize the edits and reads of one list
/// from several threads yourself (a lock, an actor, or a `@MainActor` model
/// that owns it), as for a `nonisolated(unsafe)` stored property; the thread
/// sanitizer reports such races. Make and drop its aggregates on the threads
/// that edit it.
public final class TrackedList<Element: Identifiable> {
    /// How diagnostics and ``Derived/dependencies`` name the list, e.g.
    /// `\TodoManager.todos`.
    public let name: String

    /// Compares the elements at two addresses; nil when every write counts
    /// as a change.
    @usableFromInline
    let equality: ((UnsafeRawPointer, UnsafeRawPointer) -> Bool)?

    // MARK: Storage

    /// The elements, by slot. A slot keeps its element for as long as the
    /// element is in the list, so that an element's node can find it.
    @usableFromInline
    @exclusivity(unchecked)
    var values: UnsafeMutablePointer<Element>
    /// The node of each slot's element (a retained ``ElementNode``), or 0
    /// until something tracks a read of it. Read and written atomically.
    @usableFromInline
    @exclusivity(unchecked)
    var nodeWords: UnsafeMutablePointer<UInt>
    @exclusivity(unchecked)
    var capacity: Int
    /// Slots ever used; those below it are in use or in `freeSlots`.
    @exclusivity(unchecked)
    var usedSlots = 0
    @exclusivity(unchecked)
    var freeSlots: [Int32] = []
    /// The slot at each position.
    @usableFromInline
    @exclusivity(unchecked)
    var order: [Int32] = []
    /// The slot of each id.
    @usableFromInline
    @exclusivity(unchecked)
    var index = SlotIndex()

    /// The nodes of the structure and of everything (retained), or 0.
    @usableFromInline
    let structureWord = Atomic<UInt>(0)
    @usableFromInline
    let everythingWord = Atomic<UInt>(0)
    /// The node of the count, which changes only when the count does; made
    /// with the list.
    @usableFromInline
    let countNode: CountNode

    /// The aggregates kept up to date, which unregister when they go.
    @usableFromInline
    @exclusivity(unchecked)
    var aggregates: [AggregateEntry<Element>] = []

    /// The state of the in-place edit in progress (see `beginEdit(_:)`).
    @usableFromInline
    let scratch: UnsafeMutablePointer<EditScratch<Element>>

    /// The changes of ids, for views that update their rows from them.
    @exclusivity(unchecked)
    var identityLog = IdentityLog<Element.ID>()

    // MARK: Creating

    /// Creates a list of `elements`, in order.
    ///
    /// - Parameters:
    ///   - elements: The initial elements. An element whose id an earlier
    ///     one has is left out, with a ``TrackingDiagnostic/Kind/duplicateID``
    ///     diagnostic.
    ///   - name: How diagnostics name the list; by default
    ///     `TrackedList<Element>`.
    ///   - notifiesEqualValues: When `true`, writing an element notifies its
    ///     readers even if it equals the stored one. When `false` (the
    ///     default), an `Equatable` element equal to the stored one notifies
    ///     nobody.
    public init<S: Sequence>(_ elements: S, name: String? = nil, notifiesEqualValues: Bool = false)
    where S.Element == Element {
        self.name = name ?? "TrackedList<\(Element.self)>"
        self.equality = notifiesEqualValues ? nil : elementEquality(Element.self)
        let initial = Array(elements)
        countNode = CountNode(name: "\(self.name).count", value: 0)
        scratch = .allocate(capacity: 1)
        scratch.initialize(to: EditScratch())
        capacity = Swift.max(initial.count, 4)
        values = .allocate(capacity: capacity)
        nodeWords = .allocate(capacity: capacity)
        order.reserveCapacity(initial.count)
        growIndex(toHold: initial.count)
        for element in initial {
            guard slot(of: element.id) == nil else {
                rejectDuplicate(element.id, "was given twice to its initializer; the later one was left out")
                continue
            }
            let slot = takeSlot(for: element)
            order.append(slot)
            indexInsert(element.id, slot: slot)
        }
        countNode.value = order.count
    }

    /// Creates an empty list.
    ///
    /// - Parameter name: How diagnostics name the list.
    public convenience init(name: String? = nil) {
        self.init(EmptyCollection(), name: name)
    }

    deinit {
        var dying: [SourceNode] = [countNode]
        for word in [structureWord.load(ordering: .acquiring), everythingWord.load(ordering: .acquiring)] {
            if let node = NodeWord.node(word, as: SourceNode.self) { dying.append(node.takeUnretainedValue()) }
        }
        var elementNodes: [Unmanaged<ElementNode<Element>>] = []
        for slot in order {
            if let node = NodeWord.node(tracking_word_load(nodeWords + Int(slot)), as: ElementNode<Element>.self) {
                elementNodes.append(node)
                dying += node._withUnsafeGuaranteedRef { $0.takeAllNodes() }
            }
        }
        if !dying.isEmpty { SourceNode.ownerDied(dying) }
        for node in elementNodes { node.release() }
        for word in [structureWord.load(ordering: .acquiring), everythingWord.load(ordering: .acquiring)] {
            NodeWord.node(word, as: SourceNode.self)?.release()
        }
        for slot in order { (values + Int(slot)).deinitialize(count: 1) }
        values.deallocate()
        nodeWords.deallocate()
        scratch.deinitialize(count: 1)
        scratch.deallocate()
    }

    // MARK: Slots

    /// A slot holding `element`, with no node.
    func takeSlot(for element: Element) -> Int32 {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
        } else {
            if usedSlots == capacity { grow() }
            slot = Int32(usedSlots)
            usedSlots += 1
        }
        (values + Int(slot)).initialize(to: element)
        nodeWords[Int(slot)] = 0
        return slot
    }

    private func grow() {
        let newCapacity = capacity * 2
        let newValues = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        let newWords = UnsafeMutablePointer<UInt>.allocate(capacity: newCapacity)
        // Free slots hold no value: move only the slots in use.
        for slot in order { (newValues + Int(slot)).moveInitialize(from: values + Int(slot), count: 1) }
        newWords.update(from: nodeWords, count: usedSlots)
        values.deallocate()
        nodeWords.deallocate()
        values = newValues
        nodeWords = newWords
        capacity = newCapacity
    }

    /// The slot at `position`, or a stop that names the list.
    @inlinable @inline(__always)
    func slot(at position: Int) -> Int32 {
        guard position >= 0, position < order.count else {
            preconditionFailure("\(name): index \(position) is out of range (the list's count is \(order.count))")
        }
        return order[position]
    }

    // MARK: Diagnostics

    func rejectDuplicate(_ id: Element.ID, _ what: String) {
        TrackingDiagnostics.report(TrackingDiagnostic(
            kind: .duplicateID,
            message: "\(name): an element with id \(id) \(what) (ids must be unique)",
            properties: [name]))
    }
}

/// The state of an in-place edit of one element of a ``TrackedList``.
@usableFromInline
struct EditScratch<Element: Identifiable> {
    /// The element's id before the edit.
    @usableFromInline
    var id: Element.ID?
    /// The element before the edit, kept when someone must hear of the edit.
    @usableFromInline
    var old: Element?
    /// The element during an edit through `list[id: x]`, which may set it to nil.
    @usableFromInline
    var box: Element?

    @usableFromInline
    init() {}
}

// Unchecked: observers and derived values capture lists, whose elements the
// caller synchronizes (see the thread-safety note on the type).
extension TrackedList: @unchecked Sendable where Element: Sendable {}

extension TrackedList: ExpressibleByArrayLiteral {
    /// Creates a list of the elements of the literal: `let todos: TrackedList<TodoItem> = []`.
    ///
    /// - Parameter elements: The elements; a repeated id is left out, with a
    ///   diagnostic.
    public convenience init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension TrackedList: CustomStringConvertible {
    /// The elements, as an array prints them. An untracked read.
    public var description: String {
        untracked { String(describing: elements) }
    }
}

/// The equality the list uses for elements of `type`: `==` for an
/// `Equatable` type, nil otherwise.
func elementEquality<Element>(_ type: Element.Type) -> ((UnsafeRawPointer, UnsafeRawPointer) -> Bool)? {
    guard let equatable = type as? any Equatable.Type else { return nil }
    return equatableEquality(equatable)
}

private func equatableEquality<E: Equatable>(_: E.Type) -> (UnsafeRawPointer, UnsafeRawPointer) -> Bool {
    { $0.assumingMemoryBound(to: E.self).pointee == $1.assumingMemoryBound(to: E.self).pointee }
}
