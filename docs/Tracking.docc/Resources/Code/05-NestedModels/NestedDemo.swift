import Rendering

@MainActor
func nestedDemo() throws {
    let wrapper = WrapperModel()
    let host = ViewHost(WrapperView(wrapper: wrapper))

    print("-- tap Update")
    try host.tap("Update")
    print("the model: \(wrapper.work.name), \(wrapper.work.count)")
    print(host.snapshot)

    print("-- a change from elsewhere")
    wrapper.work.count = 10
    host.flush()
    print("the model: \(wrapper.work.name), \(wrapper.work.count)")
    print(host.snapshot)
}

@MainActor
func trackedNestedDemo() throws {
    let wrapper = TrackedWrapperModel()
    let host = ViewHost(TrackedWrapperView(wrapper: wrapper))

    print("-- tap Update")
    try host.tap("Update")
    print(host.snapshot)
    for render in host.renderLog { print(render) }

    print("-- a change from elsewhere")
    host.resetCounts()
    wrapper.work.count = 10
    host.flush()
    print(host.snapshot)
    for render in host.renderLog { print(render) }
}
