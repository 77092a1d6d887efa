import Observation
import Tracking

/// Where a ``Binding`` reads and writes its value: a state box, an object's
/// property, a part of another location, a collection element found by id,
/// a pair of closures, a constant.
protocol BindingLocation<Value>: AnyObject {
    associatedtype Value

    func get() -> Value

    /// Writes by mutating in place, so that `todos[i].title = x` through a
    /// binding does not copy the array.
    func modify(_ body: (inout Value) -> Void)

    func set(_ value: Value)

    /// Whether reads through this location are tracked (a ``State`` box, a
    /// `Trackable` or `@Observable` object), so that a view that
    /// reads through it re-renders by itself when the value changes.
    var isTracked: Bool { get }

    /// Whether `other` reads and writes the same place.
    func isSame(as other: any BindingLocation<Value>) -> Bool
}

extension BindingLocation {
    func set(_ value: Value) {
        modify { $0 = value }
    }

    var isTracked: Bool { false }

    func isSame(as other: any BindingLocation<Value>) -> Bool { self === other }
}

/// A property of an object, reached by a key path: what `$model.title`
/// gives for ``Bindable``, ``ObservedObject`` and ``StateObject``.
final class ObjectLocation<Root: AnyObject, Value>: BindingLocation {
    let root: Root
    let keyPath: ReferenceWritableKeyPath<Root, Value>

    init(_ root: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self.root = root
        self.keyPath = keyPath
    }

    func get() -> Value { root[keyPath: keyPath] }
    func modify(_ body: (inout Value) -> Void) { body(&root[keyPath: keyPath]) }
    func set(_ value: Value) { root[keyPath: keyPath] = value }
    var isTracked: Bool { isTrackedObject(root) }

    func isSame(as other: any BindingLocation<Value>) -> Bool {
        guard let other = other as? ObjectLocation<Root, Value> else { return false }
        return other.root === root && other.keyPath == keyPath
    }
}

/// A part of another location: what `$book.title` gives for a binding to a
/// struct.
final class ProjectedLocation<Base, Value>: BindingLocation {
    let base: any BindingLocation<Base>
    let keyPath: WritableKeyPath<Base, Value>

    init(_ base: any BindingLocation<Base>, _ keyPath: WritableKeyPath<Base, Value>) {
        self.base = base
        self.keyPath = keyPath
    }

    func get() -> Value { base.get()[keyPath: keyPath] }
    func modify(_ body: (inout Value) -> Void) { base.modify { body(&$0[keyPath: keyPath]) } }
    var isTracked: Bool { base.isTracked }

    func isSame(as other: any BindingLocation<Value>) -> Bool {
        guard let other = other as? ProjectedLocation<Base, Value> else { return false }
        return other.keyPath == keyPath && other.base.isSame(as: base)
    }
}

/// A pair of closures: `Binding(get:set:)`.
final class ClosureLocation<Value>: BindingLocation {
    let getter: () -> Value
    let setter: (Value) -> Void

    init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getter = get
        setter = set
    }

    func get() -> Value { getter() }
    func set(_ value: Value) { setter(value) }

    func modify(_ body: (inout Value) -> Void) {
        var value = getter()
        body(&value)
        setter(value)
    }
}

/// A value that never changes: `Binding.constant(_:)`. Writes are ignored.
final class ConstantLocation<Value>: BindingLocation {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    func get() -> Value { value }
    func modify(_ body: (inout Value) -> Void) {}
    func set(_ value: Value) {}

    /// A constant never changes, so there is nothing to track.
    var isTracked: Bool { true }

    func isSame(as other: any BindingLocation<Value>) -> Bool {
        guard let other = other as? ConstantLocation<Value> else { return false }
        return inputsAreEqual(value, other.value)
    }
}

/// An element of a collection, found by its id on every access, so that it
/// follows the element when others are inserted or removed: what
/// `ForEach($items) { $item in … }` passes.
///
/// When the element is gone, reads return its last value and writes are
/// ignored, and the host reports a ``RenderingError`` naming the view
/// (instead of trapping on an index out of range).
final class ElementLocation<Elements: MutableCollection, ID: Hashable>: BindingLocation
where Elements.Index: Comparable {
    typealias Value = Elements.Element

    let base: any BindingLocation<Elements>
    let id: ID
    let idPath: KeyPath<Elements.Element, ID>
    private var index: Elements.Index
    private var last: Elements.Element
    /// Where to report a removed element, and in which view; set by the
    /// `ForEach` that hands the binding out.
    var reporter: (log: ErrorLog, ownerName: String)?
    private var reported = false

    init(
        base: any BindingLocation<Elements>, index: Elements.Index, element: Elements.Element,
        idPath: KeyPath<Elements.Element, ID>
    ) {
        self.base = base
        self.index = index
        self.last = element
        self.idPath = idPath
        self.id = element[keyPath: idPath]
    }

    private func locate(in elements: Elements) -> Elements.Index? {
        if index >= elements.startIndex, index < elements.endIndex, elements[index][keyPath: idPath] == id {
            return index
        }
        return elements.firstIndex { $0[keyPath: idPath] == id }
    }

    func get() -> Elements.Element {
        let elements = base.get()
        guard let found = locate(in: elements) else {
            reportRemoval()
            return last
        }
        index = found
        last = elements[found]
        return last
    }

    func modify(_ body: (inout Elements.Element) -> Void) {
        guard let found = locate(in: base.get()) else {
            reportRemoval()
            return
        }
        index = found
        base.modify { elements in
            body(&elements[found])
            last = elements[found]
        }
    }

    var isTracked: Bool { base.isTracked }

    func isSame(as other: any BindingLocation<Elements.Element>) -> Bool {
        guard let other = other as? ElementLocation<Elements, ID> else { return false }
        return other.id == id && other.base.isSame(as: base)
    }

    private func reportRemoval() {
        guard !reported, let reporter else { return }
        reported = true
        reporter.log.report(RenderingError(
            .bindingToRemovedElement,
            "A binding in \(reporter.ownerName) refers to the element with id \(id), which was removed from its "
                + "collection; the binding returns the element's last value and ignores writes"))
    }
}

/// Whether reads of `object`'s properties are tracked by a host: a
/// `Trackable` object, or one of Apple's `@Observable` classes.
func isTrackedObject(_ object: AnyObject) -> Bool {
    object is any Trackable || object is any Observation.Observable
}
