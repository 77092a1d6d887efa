import Testing
@testable import Examples
@testable import Rendering

@MainActor
@Suite struct NestedModelTests {
    private let initial = """
        VStack
          Text("work.count 1")
          Text("work.name name")
          Text("user.nickname nickname")
          Text("user.header http://example.com/avatar")
          Button("Update Data")
        """
    private let updated = """
        VStack
          Text("work.count 2")
          Text("work.name work name")
          Text("user.nickname Renew")
          Text("user.header http://example.com/new")
          Button("Update Data")
        """

    @Test func withObservableObjectsInnerChangesNeverReachTheView() throws {
        let wrapper = PublishedNesting.WrapperModel()
        let host = ViewHost(PublishedNesting.WrapperView(wrapperModel: wrapper))
        host.resetCounts()

        try host.tap("Update Data")

        #expect(wrapper.workModel.count == 2)
        #expect(host.totalBodyCount == 0)
        #expect(host.snapshot == initial + "\n  Button(\"Notify Update\")")

        try host.tap("Notify Update")
        #expect(host.renderLog.map(\.description) == ["WrapperView: objectWillChange of WrapperModel"])
        #expect(host.snapshot == updated + "\n  Button(\"Notify Update\")")
    }

    @Test func withTrackableModelsInnerChangesUpdateTheView() throws {
        let wrapper = TrackedNesting.WrapperModel()
        let host = ViewHost(TrackedNesting.WrapperView(wrapperModel: wrapper))
        #expect(host.snapshot == initial)
        host.resetCounts()

        try host.tap("Update Data")

        #expect(host.totalBodyCount == 1)
        #expect(host.snapshot == updated)
    }
}
