import Rendering

@MainActor
func nestedDemo() throws {
    let wrapper = WrapperModel()
    let host = ViewHost(WrapperView(wrapper: wrapper))

    print("-- tap Update")
    try host.tap("Update")
    print("the model: \(wrapper.work.name), \(wrapper.work.count)")
    print(host.snapshot)
}
