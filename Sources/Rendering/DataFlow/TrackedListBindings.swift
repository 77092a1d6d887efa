import Tracking

/// Bindings to the elements of a ``Tracking/TrackedList``, by id:
/// `$manager.todos[id: todo.id].isCompleted` in a view that holds the
/// manager as ``Bindable``.
///
/// ```swift
/// struct TodoRowView: View {
///     let todo: TodoItem
///     @Bindable var todoManager: TodoManager
///     var body: some View {
///         Toggle(todo.title, isOn: $todoManager.todos[id: todo.id].isCompleted)
///     }
/// }
/// ```
///
/// A binding reads the element through the list (a tracked read of that
/// element) and writes it in place. Once the element is removed, it returns
/// the element's last value and ignores writes.
public struct TrackedListBindings<Element: Identifiable> {
    let list: TrackedList<Element>

    /// A binding to the element with id `id`.
    ///
    /// - Parameter id: The element's id. An element removed later leaves
    ///   the binding its last value; an id the list does not have when the
    ///   binding is made gives a binding that ignores writes and stops the
    ///   program, with a message naming the list and the id, when read.
    public subscript(id id: Element.ID) -> Binding<Element> {
        Binding(location: TrackedElementLocation(list: list, id: id))
    }
}

extension Bindable {
    /// Bindings to the elements of the list at `keyPath`:
    /// `$manager.todos[id: x].isCompleted`.
    public subscript<Element>(dynamicMember keyPath: KeyPath<Value, TrackedList<Element>>) -> TrackedListBindings<Element> {
        TrackedListBindings(list: wrappedValue[keyPath: keyPath])
    }
}

extension Bindable {
    /// A binding to the element with id `id` of a bindable list:
    /// `$todos[id: x].isCompleted` for `@Bindable var todos: TrackedList<TodoItem>`.
    public subscript<Element>(id id: Element.ID) -> Binding<Element> where Value == TrackedList<Element> {
        TrackedListBindings(list: wrappedValue)[id: id]
    }
}

/// An element of a tracked list, found by id on every access.
final class TrackedElementLocation<Element: Identifiable>: BindingLocation {
    let list: TrackedList<Element>
    let id: Element.ID
    private var last: Element?

    init(list: TrackedList<Element>, id: Element.ID) {
        self.list = list
        self.id = id
        self.last = untracked { list[id: id] }
    }

    func get() -> Element {
        if let element = list[id: id] {
            last = element
            return element
        }
        guard let last else {
            preconditionFailure("\(list.name): a binding to the element with id \(id), which the list never had")
        }
        return last
    }

    func modify(_ body: (inout Element) -> Void) {
        guard untracked({ list.contains(id: id) }) else { return }
        body(&list[id: id]!)
    }

    var isTracked: Bool { true }

    func isSame(as other: any BindingLocation<Element>) -> Bool {
        guard let other = other as? TrackedElementLocation<Element> else { return false }
        return other.list === list && other.id == id
    }
}
