import Testing
import Tracking
@testable import Examples
@testable import Rendering

private struct Item: Identifiable, Equatable {
    let id: Int
    var name: String
    var isOn = false
}

private struct DuplicateList: View {
    let items: [Item]
    var body: some View {
        List {
            ForEach(items) { item in Text(item.name) }
        }
    }
}

@MainActor
@Suite struct ErrorTests {
    @Test func duplicateIDsShowTheFirstAndNameTheView() {
        let items = [Item(id: 1, name: "a"), Item(id: 2, name: "b"), Item(id: 1, name: "c")]
        let host = ViewHost(DuplicateList(items: items))
        #expect(host.snapshot == "List\n  Text(\"a\")\n  Text(\"b\")")
        #expect(host.errors == [RenderingError(
            .duplicateID,
            "ForEach in DuplicateList has more than one element with id 1 (at offsets 0 and 2); only the first is shown")])
    }

    @Test func aBindingToARemovedElementReportsInsteadOfTrapping() throws {
        final class Store: Trackable {
            let trackingRegistrar = TrackingRegistrar()
            @Tracked var items = [Item(id: 1, name: "one"), Item(id: 2, name: "two")]
        }
        struct Rows: View {
            @Bindable var store: Store
            var body: some View {
                List {
                    ForEach($store.items) { $item in
                        Toggle(item.name, isOn: $item.isOn)
                    }
                }
            }
        }
        let store = Store()
        let host = ViewHost(Rows(store: store))
        try host.toggle("two")
        #expect(store.items[1].isOn)

        // Removed behind the host's back: the row is still on screen until
        // the next flush, and its binding no longer finds its element.
        store.items.removeLast()
        try host.toggle("two")
        #expect(store.items == [Item(id: 1, name: "one")])
        #expect(host.errors == [RenderingError(
            .bindingToRemovedElement,
            "A binding in Rows refers to the element with id 2, which was removed from its collection; "
                + "the binding returns the element's last value and ignores writes")])
        #expect(host.snapshot == "List\n  Toggle(\"one\", isOn: false)")
    }

    @Test func elementBindingsFollowTheirElementWhenOthersMove() throws {
        final class Store: Trackable {
            let trackingRegistrar = TrackingRegistrar()
            @Tracked var items = [Item(id: 1, name: "one"), Item(id: 2, name: "two"), Item(id: 3, name: "three")]
        }
        let store = Store()
        let binding = Bindable(store).items
        let bindings = ElementBindings(binding)
        let third = bindings[2]
        store.items.remove(at: 0)
        third.wrappedValue.isOn = true
        #expect(store.items.map(\.isOn) == [false, true])
        #expect(third.wrappedValue.name == "three")
    }

    @Test func interactionsThatCannotBePerformedThrow() throws {
        let manager = TrackedTodo.TodoManager(titles: ["A", "B"])
        let host = ViewHost(TrackedTodo.TodoListView(manager: manager))

        #expect(throws: RenderingError(.noSuchControl, "No button labelled \"Remove\"; on screen: \"Add\", \"Delete\"")) {
            try host.tap("Remove")
        }
        #expect(throws: RenderingError(
            .ambiguousControl,
            "2 buttons are labelled \"Delete\" (in TodoRowView); pass at: to choose one, 0 being the first in the snapshot")) {
            try host.tap("Delete")
        }
        #expect(throws: RenderingError(
            .ambiguousControl, "No button labelled \"Delete\" at index 2; there are 2, indexed from 0")) {
            try host.tap("Delete", at: 2)
        }
        #expect(throws: RenderingError(.disabledControl, "The button \"Add\" in TodoInputView is disabled")) {
            try host.tap("Add")
        }
        #expect(throws: RenderingError(.noSuchControl, "No toggle labelled \"C\"; on screen: \"A\", \"B\"")) {
            try host.toggle("C")
        }
        #expect(throws: RenderingError(.noSuchControl, "No text field labelled \"Search\"; on screen: \"What needs doing?\"")) {
            try host.enter("x", into: "Search")
        }
        // Nothing ran.
        #expect(manager.todos.count == 2)
        #expect(host.errors.isEmpty)
    }

    @Test func errorsAreReportedOnceAndCanBeCleared() throws {
        struct Switching: View {
            @State private var items = [Item(id: 1, name: "a"), Item(id: 1, name: "b")]
            @State private var ticks = 0
            var body: some View {
                VStack {
                    Button("Tick \(ticks)") { ticks += 1 }
                    ForEach(items) { Text($0.name) }
                }
            }
        }
        let host = ViewHost(Switching())
        try host.tap("Tick 0")
        #expect(host.errors.count == 1)
        host.clearErrors()
        #expect(host.errors.isEmpty)
        try host.tap("Tick 1")
        #expect(host.errors.count == 1)
    }
}
