/// The timer of the fourth seed article: why a view model a view creates
/// must be a `@StateObject`, not an `@ObservedObject`.
///
/// ``TimerScreen`` shows two timers side by side. ``StableTimerView`` creates
/// its ``TimerViewModel`` as `@StateObject`; ``ResettingTimerView`` creates
/// one as `@ObservedObject`. Both count ticks until the parent renders again
/// (tap "Refresh parent"). Then the parent's body makes new copies of both
/// child views, and each copy's initializer runs again:
///
/// - the `@StateObject` copy's autoclosure is never called; the host keeps
///   the instance made the first time, and the child, whose inputs are
///   unchanged, does not even re-render: it still shows its count;
/// - the `@ObservedObject` copy holds a brand-new model at 0 seconds, and the
///   old one is released. The child re-renders with it and shows 0s, and
///   since `onAppear` ran only once for this identity, the new model is never
///   started: the timer no longer counts.
///
/// There is no real timer: ``TimerViewModel/tick()`` stands for a timer
/// firing, so that tests advance time by hand.
public enum TimerExample {}
