import Synchronization
import Tracking

/// The example of the article "How tracking works": a property whose
/// storage is not `@Tracked`, reported to the registrar by hand.
enum Registrar {
    final class Thermostat: Trackable, Sendable {
        let trackingRegistrar = TrackingRegistrar()
        private let storedCelsius = Mutex(20.0)    // any thread may read and write it

        var celsius: Double {
            get {
                trackingRegistrar.access(self, keyPath: \.celsius)
                return storedCelsius.withLock { $0 }
            }
            set {
                trackingRegistrar.withMutation(of: self, keyPath: \.celsius) {
                    storedCelsius.withLock { $0 = newValue }
                }
            }
        }

        /// Computed from `celsius`: reading it reads `celsius`.
        var fahrenheit: Double { celsius * 9 / 5 + 32 }
    }

    static func byHand() {
        let thermostat = Thermostat()
        let token = observe { print("\(thermostat.fahrenheit) °F") }
        thermostat.celsius = 25
        token.cancel()    // done: the observer stops (so would releasing the token)
    }
}
