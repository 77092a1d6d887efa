import Synchronization
import Tracking

/// The examples of the article "Derived values".
enum DerivedValues {
    final class Order: Trackable, @unchecked Sendable {
        let trackingRegistrar = TrackingRegistrar()

        @Tracked var quantity = 2
        @Tracked var unitPrice = 15
        @Tracked var quantityText = "2"
    }

    /// Counts computations, for the examples.
    final class Tally: Sendable {
        private let stored = Mutex(0)

        var count: Int {
            get { stored.withLock { $0 } }
            set { stored.withLock { $0 = newValue } }
        }
    }

    static func lazyAndCached() {
        let order = Order()
        let computations = Tally()
        let total = Derived("total") {
            computations.count += 1
            return order.quantity * order.unitPrice
        }
        order.quantity = 3                  // marks it stale; computes nothing
        order.quantity = 4
        print("computed \(computations.count) times")
        print("total \(total.value), computed \(computations.count) times")
        print("total \(total.value), computed \(computations.count) times")
        print("\(total.name) depends on \(total.dependencies.joined(separator: ", "))")
    }

    static func cutOff() {
        let order = Order()
        let isLarge = Derived("isLarge") { order.quantity >= 10 }
        let token = observe { print("large order: \(isLarge.value)") }
        order.quantity = 3      // still small: the observer does not run
        order.quantity = 12     // large now
        order.quantity = 20     // still large: the observer does not run
        token.cancel()          // done: the observer stops (so would releasing the token)
    }

    static func glitchFree() {
        let order = Order()
        let subtotal = Derived("subtotal") { order.quantity * order.unitPrice }
        let tax = Derived("tax") { subtotal.value / 5 }
        let total = Derived("total") { subtotal.value + tax.value }
        let token = observe {
            print("subtotal \(subtotal.value) + tax \(tax.value) = \(total.value)")
        }
        withTransaction {
            order.quantity = 3
            order.unitPrice = 20
        }
        token.cancel()    // done: the observer stops (so would releasing the token)
    }

    struct NotANumber: Error, CustomStringConvertible {
        let text: String
        var description: String { "'\(text)' is not a number" }
    }

    static func throwing() {
        let order = Order()
        let computations = Tally()
        let quantity = ThrowingDerived("quantity") { () throws -> Int in
            computations.count += 1
            guard let value = Int(order.quantityText) else { throw NotANumber(text: order.quantityText) }
            return value
        }
        order.quantityText = "two"
        for _ in 1...2 {
            do {
                print("quantity \(try quantity.value)")
            } catch {
                print("error: \(error)")
            }
        }
        print("computed \(computations.count) time")
        order.quantityText = "3"
        print("quantity \((try? quantity.value) ?? 0)")
    }
}
