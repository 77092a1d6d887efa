import Rendering

@MainActor
func timerDemo() throws {
    let clock = Clock()
    let host = ViewHost(TimerScreen(clock: clock))
    for _ in 1...3 { clock.send(()) }
    host.flush()
    print(host.snapshot)

    print("-- refresh the parent")
    host.resetCounts()
    try host.tap("Refresh")
    print(host.snapshot)
    for render in host.renderLog { print(render) }

    print("-- two more seconds")
    clock.send(())
    clock.send(())
    host.flush()
    print(host.snapshot)
}
