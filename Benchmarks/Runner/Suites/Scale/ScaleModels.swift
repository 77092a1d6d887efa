import Observation
import Tracking

/// The model of the scale suite, written four ways that differ only in how
/// they are observed: three stored properties, an Int, a String and a Bool.
protocol ScaleItem: AnyObject {
    init()
    var number: Int { get set }
    var name: String { get set }
    var flag: Bool { get set }
}

final class ScalePlainItem: ScaleItem {
    var number = 0
    var name = ""
    var flag = false
}

final class ScaleTrackedItem: ScaleItem, Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var number = 0
    @Tracked var name = ""
    @Tracked var flag = false
}

/// ``ScaleTrackedItem`` seen by Apple's Observation too.
final class ScaleBridgedItem: ScaleItem, Trackable, Observable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var number = 0
    @Tracked var name = ""
    @Tracked var flag = false
}

@Observable
final class ScaleObservedItem: ScaleItem, @unchecked Sendable {
    var number = 0
    var name = ""
    var flag = false
}

/// A count of observer runs and the `number` the last run saw, written by
/// the observer on whatever thread runs it.
final class RunLog: @unchecked Sendable {
    var runs = 0
    var lastNumber = -1

    func record(_ number: Int) {
        runs += 1
        lastNumber = number
    }
}

/// Apple's continuous-observation idiom on one item: read all three
/// properties, and re-arm in `onChange` (which runs before the new value is
/// stored). `onRun` sees each run's `number`. The item is held unowned, so
/// that its registrar, which keeps the closure, does not keep the item alive.
func observeAll(_ item: ScaleObservedItem, onRun: @escaping @Sendable (_ number: Int) -> Void = { _ in }) {
    withObservationTracking {
        onRun(item.number)
        blackHole(item.name)
        blackHole(item.flag)
    } onChange: { [unowned item] in
        observeAll(item, onRun: onRun)
    }
}

/// A Tracking observer of all three properties of one item; `onRun` sees
/// each run's `number`.
func observeAll(_ item: ScaleTrackedItem, onRun: @escaping @Sendable (_ number: Int) -> Void = { _ in }) -> TrackingToken {
    observe {
        onRun(item.number)
        blackHole(item.name)
        blackHole(item.flag)
    }
}
