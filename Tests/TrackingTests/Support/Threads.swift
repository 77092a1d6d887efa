import Foundation

/// Runs `body(index)` on `count` threads of its own, at once, and returns
/// when every one has finished.
///
/// Tests that keep processors busy for a while use it instead of a task
/// group: their loops never suspend, so as tasks they would hold the
/// cooperative pool (as wide as the machine has cores) and starve every
/// other test in the run, which then exceed their time limits while waiting.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let remaining = Locked(count)
        for index in 0..<count {
            let thread = Thread {
                body(index)
                if remaining.mutate({ $0 -= 1; return $0 }) == 0 { done.resume() }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }
}

/// Runs `body` on a thread of its own; the function returned waits for it.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) -> () -> Void {
    let done = DispatchSemaphore(value: 0)
    Thread { body(); done.signal() }.start()
    return { done.wait() }
}
