/// One view per element of a collection, each identified by the element's
/// id, so that a row keeps its state (and is not re-rendered) when other
/// rows are inserted, removed or moved.
///
/// ```swift
/// ForEach(manager.todos) { todo in
///     TodoRowView(todo: todo)
/// }
/// ForEach(names, id: \.self) { name in Text(name) }
/// ForEach(0..<3) { index in Text("Row \(index)") }
/// ForEach($todos) { $todo in Toggle(todo.title, isOn: $todo.isDone) }
/// ```
///
/// Draws nothing itself: its views appear at its level. Ids must be unique;
/// an element whose id was already seen is not shown, and the host reports a
/// ``RenderingError/Kind/duplicateID`` error naming the view that contains
/// the `ForEach`, each time that view renders with the duplicate (not again
/// while it does not render). The bindings of `ForEach($items)` find their
/// element by id on each access: once it is removed, they report
/// ``RenderingError/Kind/bindingToRemovedElement`` instead of trapping.
///
/// - Complexity: when the view containing it renders, O(n) in the number
///   of elements: each element's id is compared with the id shown at its
///   place, and each row view with its previous inputs. Only the ids that
///   are not where they were (inserted, removed, moved) are hashed, and only
///   new rows allocate. A row that re-renders on its own costs nothing here.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    /// The elements.
    public let data: Data
    /// The id of an element.
    @usableFromInline let elementID: (Data.Element) -> ID
    @usableFromInline let content: (Data.Element) -> Content
    /// The per-element loops, compiled where this `ForEach` is made.
    @usableFromInline let walk: RowWalk<Data, ID, Content>
    /// Set when `data` is tracked element by element (see ``TrackedRows``).
    var tracked: (any TrackedForEachExpanding)?

    /// One view per element of `data`, identified by `id`.
    ///
    /// - Parameters:
    ///   - data: The elements.
    ///   - id: The key path to each element's id; ids must be unique.
    ///   - content: Makes the view of an element.
    @inlinable
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, elementID: { $0[keyPath: id] }, content: content)
    }

    /// Inlinable, as the public initializers are: so that ``walk`` is
    /// compiled where the types are known.
    @inlinable
    init(
        _ data: Data, elementID: @escaping (Data.Element) -> ID, content: @escaping (Data.Element) -> Content,
        walk: RowWalk<Data, ID, Content> = RowWalk()
    ) {
        self.data = data
        self.elementID = elementID
        self.content = content
        self.walk = walk
    }

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// One view per element of `data`, identified by the element's `id`.
    ///
    /// - Parameters:
    ///   - data: The elements.
    ///   - content: Makes the view of an element.
    @inlinable
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        // The conformance's getter, which costs less than applying a key
        // path; inlinable, so that the closure is compiled where the element
        // type is known (in generic code, each call looks up the id's type).
        self.init(data, elementID: { $0.id }, content: content, walk: RowWalk(identifiedByTheirOwnID: ()))
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// One view per integer of a range, identified by the integer.
    ///
    /// - Parameters:
    ///   - data: The range.
    ///   - content: Makes the view of an integer.
    @inlinable
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, elementID: { $0 }, content: content)
    }
}

extension ForEach {
    /// One view per element of a bound collection, each given a binding to
    /// its element: `ForEach($todos) { $todo in … }`.
    ///
    /// Each binding finds its element by id on every access, so it follows
    /// the element when others move; after the element is removed it returns
    /// the last value, ignores writes, and the host reports an error.
    ///
    /// - Parameters:
    ///   - data: A binding to the collection.
    ///   - content: Makes the view of an element from a binding to it.
    public init<Elements>(
        _ data: Binding<Elements>, @ViewBuilder content: @escaping (Binding<Elements.Element>) -> Content
    )
    where Data == ElementBindings<Elements>, ID == Elements.Element.ID,
        Elements: MutableCollection & RandomAccessCollection, Elements.Element: Identifiable {
        self.init(ElementBindings(data), id: \.id, content: content)
    }
}

extension ForEach: PrimitiveView {
    func expand(into list: inout ChildList, key: NodeKey) {
        if let tracked {
            tracked.expand(Self.self, into: &list, key: key)
            return
        }
        let context = list.context
        let owner = list.owner
        (data as? any ReportingCollection)?.attach(context.errorLog, ownerName: context.types.name(of: owner.viewType))
        let (node, _) = list.element(Self.self, key: key)
        let rows = node.modifierState.map { unsafeDowncast($0, to: ForEachRows<ID>.self) } ?? ForEachRows<ID>()
        node.modifierState = rows
        var changes: IdentityChanges<ID>?
        if let reporting = data as? any IdentityChangeReporting {
            changes = reporting.identityChanges(since: rows.reportedVersion, as: ID.self)
            rows.reportedVersion = reporting.identityVersion
        }
        rows.update(
            data, walk: walk, changes: changes, elementID: elementID, content: content, node: node,
            deferred: list.deferred, environment: list.environment,
            reportDuplicate: { id, first, offset in
                context.errorLog.report(RenderingError(
                    .duplicateID,
                    "ForEach in \(context.types.name(of: owner.viewType)) has more than one element with id \(id) "
                        + "(at offsets \(first) and \(offset)); only the first is shown"))
            })
    }
}

/// The bindings to the elements of a bound collection, one per element,
/// each following its element by id: the data of `ForEach($items)`.
public struct ElementBindings<Elements: MutableCollection & RandomAccessCollection>: RandomAccessCollection
where Elements.Element: Identifiable {
    private let locations: [ElementLocation<Elements, Elements.Element.ID>]

    init(_ binding: Binding<Elements>) {
        let elements = binding.wrappedValue
        locations = elements.indices.map {
            ElementLocation(base: binding.location, index: $0, element: elements[$0], idPath: \.id)
        }
    }

    /// The first position.
    public var startIndex: Int { 0 }

    /// The position after the last.
    public var endIndex: Int { locations.count }

    /// A binding to the element at `position`.
    public subscript(position: Int) -> Binding<Elements.Element> {
        Binding(location: locations[position])
    }
}

/// A collection whose bindings report removed elements to a host.
protocol ReportingCollection {
    func attach(_ log: ErrorLog, ownerName: String)
}

extension ElementBindings: ReportingCollection {
    func attach(_ log: ErrorLog, ownerName: String) {
        for location in locations { location.reporter = (log, ownerName) }
    }
}
