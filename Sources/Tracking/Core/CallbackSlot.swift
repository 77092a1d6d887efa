/// A closure kept in a node and called where it is stored.
///
/// Noncopyable, so that a call borrows the stored closure: calling a closure
/// held in a class's `var` copies it first (a retain and a release on every
/// call), because the call could replace it. The node says when a call
/// cannot overlap a replacement (an observer's callback is replaced only
/// while it is not running).
struct CallbackSlot: ~Copyable {
    private var body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }

    /// Calls the closure in place, without retaining it.
    @inline(__always)
    func callAsFunction() {
        body()
    }

    /// A copy of the closure, for a call that may overlap a replacement.
    var copy: @Sendable () -> Void { body }

    /// Puts `replacement` in the slot and returns the closure it held, for
    /// the caller to release where no lock is held.
    mutating func take(replacingWith replacement: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let taken = body
        body = replacement
        return taken
    }
}
