/// Carries a value across a `@Sendable` boundary (a `DispatchQueue` block, a
/// continuation) where the module itself guarantees that the value is not
/// used from two threads at once.
///
/// Publishers in this module deliver the values they are given on whatever
/// thread sends them, as Combine does, without requiring `Sendable` values;
/// this wrapper is where that choice meets Swift 6's checking.
struct UncheckedSendable<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

import Dispatch

extension DispatchQueue {
    /// Runs `work` on this queue, after `delay` if one is given.
    ///
    /// The operators that deliver on a queue (``Publishers/ReceiveOn``,
    /// ``Publishers/Debounce``) capture their subscriber, generic and not
    /// `Sendable`; this is the one place where that closure crosses to the
    /// queue, and the operator's own state (behind its lock) decides whether
    /// the delivery still happens.
    func enqueue(after delay: DispatchTimeInterval? = nil, _ work: @escaping () -> Void) {
        let work = UncheckedSendable(work)
        if let delay {
            asyncAfter(deadline: .now() + delay) { work.value() }
        } else {
            async { work.value() }
        }
    }
}
