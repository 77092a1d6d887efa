import Examples
import Rendering

/// The WorkModel/UserModel wrapper of the seed articles: a view holds a
/// wrapper whose inner models change. Whole-object: the wrapper's
/// `objectWillChange` never fires, so the view stays stale (reported as
/// such); fine-grained: the view re-renders and shows the change.
@MainActor
enum NestedModelScenario {
    static func all() -> [RenderScenario] {
        [
            RenderScenario(
                name: "Nested models: an inner model changes", strategy: RenderScenario.wholeObject,
                parameters: [],
                setUp: {
                    let wrapper = PublishedNesting.WrapperModel()
                    let host = benchmarkHost(PublishedNesting.WrapperView(wrapperModel: wrapper))
                    return RenderWorkload(
                        host: host,
                        update: { index in
                            wrapper.workModel.count = index + 1
                            host.flush()
                        },
                        showsUpdate: { index in host.snapshot.contains("work.count \(index + 1)\"") })
                },
                expectedBodiesPerUpdate: 0, expectsStale: true),
            RenderScenario(
                name: "Nested models: an inner model changes", strategy: RenderScenario.fineGrained,
                parameters: [],
                setUp: {
                    let wrapper = TrackedNesting.WrapperModel()
                    let host = benchmarkHost(TrackedNesting.WrapperView(wrapperModel: wrapper))
                    return RenderWorkload(
                        host: host,
                        update: { index in
                            wrapper.workModel.count = index + 1
                            host.flush()
                        },
                        showsUpdate: { index in host.snapshot.contains("work.count \(index + 1)\"") })
                },
                expectedBodiesPerUpdate: 1),
        ]
    }
}
