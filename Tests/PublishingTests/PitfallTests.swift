import Publishing
import Testing

// The known pitfalls of whole-object observation, kept faithful to Combine.

@Suite("Pitfalls")
struct PitfallTests {
    @Test("an ObservableObject holding other ObservableObjects does not fire when they change")
    func nestedObjectsDoNotPropagate() {
        let wrapper = WrapperModel()
        var wrapperSignals = 0
        var workSignals = 0
        let c1 = wrapper.objectWillChange.sink { wrapperSignals += 1 }
        let c2 = wrapper.workModel.objectWillChange.sink { workSignals += 1 }
        wrapper.userModel.nickname = "Renew"
        wrapper.userModel.header = "http://example.com/renew"
        wrapper.workModel.name = "work name"
        wrapper.workModel.count += 1
        #expect(wrapperSignals == 0)
        #expect(workSignals == 2)
        #expect(wrapper.workModel.count == 2)
        c1.cancel()
        c2.cancel()
    }

    @Test("forwarding the children's objectWillChange by hand makes the wrapper fire")
    func manualForwarding() {
        let wrapper = ForwardingWrapperModel()
        var log: [String] = []
        let c = wrapper.objectWillChange.sink { log.append("wrapper will change, count \(wrapper.workModel.count)") }
        wrapper.workModel.count += 1
        wrapper.userModel.nickname = "Renew"
        #expect(log == ["wrapper will change, count 1", "wrapper will change, count 2"])
        c.cancel()
    }

    @Test("a subclass's @Published fires the objectWillChange it shares with its base")
    func subclassPublishedFiresSharedPublisher() {
        let son = SonModel()
        let asBase: BaseModel = son
        #expect(son.objectWillChange === asBase.objectWillChange)
        var signals = 0
        let c = asBase.objectWillChange.sink { signals += 1 }
        son.name = "Renew"
        #expect(signals == 1)
        son.isLoading = true
        #expect(signals == 2)
        son.count += 1
        #expect(signals == 3)
        c.cancel()
    }

    @Test("the Todo manager signals once per assignment: two for addTodo, one for a batch, n for a loop")
    func todoManagerSignals() {
        let manager = TodoManager()
        var signals = 0
        let c = manager.objectWillChange.sink { signals += 1 }
        manager.newTodoTitle = "  Buy milk "
        #expect(signals == 1)
        manager.addTodo()
        #expect(signals == 3)
        #expect(manager.todos.map(\.title) == ["Buy milk"])
        #expect(manager.newTodoTitle == "")

        manager.addTodo()  // empty title: nothing assigned
        #expect(signals == 3)

        manager.toggleTodo(manager.todos[0])
        #expect(signals == 4)
        #expect(manager.completedCount == 1)

        manager.addOneByOne(["a", "b", "c"])
        #expect(signals == 7)
        manager.addAll(["d", "e", "f"])
        #expect(signals == 8)

        manager.deleteTodo(manager.todos[0])
        #expect(signals == 9)
        #expect(manager.todos.map(\.title) == ["a", "b", "c", "d", "e", "f"])
        c.cancel()
    }

    @Test("a subscriber that reads the object in objectWillChange sees the old state")
    func willChangeSeesOldState() {
        let manager = TodoManager()
        var seenCounts: [Int] = []
        let c = manager.objectWillChange.sink { seenCounts.append(manager.todos.count) }
        manager.addAll(["a"])
        manager.addAll(["b", "c"])
        #expect(seenCounts == [0, 1])
        #expect(manager.todos.count == 3)
        c.cancel()
    }
}
