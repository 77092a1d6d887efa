import Tracking

/// The example of the article "How tracking works": a property whose
/// storage is not `@Tracked`, reported to the registrar by hand.
enum Registrar {
    final class Thermostat: Trackable, @unchecked Sendable {
        let trackingRegistrar = TrackingRegistrar()
        private var storedCelsius = 20.0

        var celsius: Double {
            get {
                trackingRegistrar.access(self, keyPath: \.celsius)
                return storedCelsius
            }
            set {
                trackingRegistrar.withMutation(of: self, keyPath: \.celsius) {
                    storedCelsius = newValue
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
