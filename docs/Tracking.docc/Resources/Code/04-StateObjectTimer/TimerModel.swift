import Publishing
import Tracking

/// Stands for `Timer.publish(every: 1, on: .main, in: .common)`: it sends
/// once a second, and the demo sends by hand.
typealias Clock = PassthroughSubject<Void, Never>

/// Counts the seconds since it was started.
final class TimerModel: ObservableObject {
    @Published private(set) var seconds = 0
    private var subscription: AnyCancellable?

    func start(with clock: Clock) {
        guard subscription == nil else { return }
        subscription = clock.sink { [weak self] in self?.seconds += 1 }
    }
}

/// The same timer, tracked.
final class TrackedTimerModel: Trackable {
    let trackingRegistrar = TrackingRegistrar()

    @Tracked private(set) var seconds = 0
    private var subscription: AnyCancellable?

    func start(with clock: Clock) {
        guard subscription == nil else { return }
        subscription = clock.sink { [weak self] in self?.seconds += 1 }
    }
}
