import Observation
import Tracking

/// A book either way Apple's Observation can see it: a Tracking model that
/// also declares `Observable`, and its `@Observable` twin. The bridge tests
/// run one scenario against both and expect the same events from each.
protocol BookModel: AnyObject, Sendable {
    var title: String { get set }
    var author: String { get set }
    var tags: [String] { get set }
    var pages: Int { get set }
}

/// A Tracking model that Apple's Observation sees.
final class BridgedBook: Trackable, Observable, BookModel, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var title = "Sample Book Title"
    @Tracked var author = ""
    @Tracked var tags: [String] = []
    @Tracked var pages = 0
    @Tracked(notifiesEqualValues: true) var ticks = 0
}

/// The same model written with Apple's macro.
@Observable
final class ObservedBook: BookModel, @unchecked Sendable {
    var title = "Sample Book Title"
    var author = ""
    var tags: [String] = []
    var pages = 0
}

/// The two kinds of model the differential bridge tests compare.
enum BookKind: String, CaseIterable, CustomStringConvertible, Sendable {
    case bridged
    case observed

    func make() -> any BookModel {
        switch self {
        case .bridged: BridgedBook()
        case .observed: ObservedBook()
        }
    }

    var description: String { rawValue }
}

/// Properties written by hand with the registrar, in a class Apple's
/// Observation sees: `target` announced with `withMutation`, `kelvin` with
/// the separate `willSet` and `didSet` calls; both stored in `celsius`.
final class BridgedThermostat: Trackable, Observable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    private var celsius = 20.0

    var target: Double {
        get { trackingRegistrar.access(self, keyPath: \.target); return celsius }
        set { trackingRegistrar.withMutation(of: self, keyPath: \.target) { celsius = newValue } }
    }

    var kelvin: Double {
        get { trackingRegistrar.access(self, keyPath: \.kelvin); return celsius + 273.15 }
        set {
            trackingRegistrar.willSet(self, keyPath: \.kelvin)
            celsius = newValue - 273.15
            trackingRegistrar.didSet(self, keyPath: \.kelvin)
        }
    }
}

/// A bridged class and its subclass: the subclass inherits the bridge.
class BridgedShelf: Trackable, Observable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var label = "A"
}

final class BridgedCornerShelf: BridgedShelf, @unchecked Sendable {
    @Tracked var angle = 90
}

/// `Observable` declared on a subclass of a class that is only Trackable:
/// the subclass keeps its superclass's witnesses, so it is not bridged.
final class LateObservableShelf: Entity, Observable, @unchecked Sendable {
    @Tracked var width = 1
}
