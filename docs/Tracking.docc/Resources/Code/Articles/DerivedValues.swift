import Tracking

/// The examples of the article "Derived values".
enum DerivedValues {
    @MainActor final class Order: Trackable {
        let trackingRegistrar = TrackingRegistrar()

        @Tracked var quantity = 2
        @Tracked var unitPrice = 15
        @Tracked var quantityText = "2"
    }

    @MainActor static func lazyAndCached() {
        let order = Order()
        var computations = 0
        let total = IsolatedDerived("total") {
            computations += 1
            return order.quantity * order.unitPrice
        }
        order.quantity = 3                  // marks it stale; computes nothing
        order.quantity = 4
        print("computed \(computations) times")
        print("total \(total.value), computed \(computations) times")
        print("total \(total.value), computed \(computations) times")
        print("\(total.name) depends on \(total.dependencies.joined(separator: ", "))")
    }

    @MainActor static func cutOff() {
        let order = Order()
        let isLarge = IsolatedDerived("isLarge") { order.quantity >= 10 }
        let token = observe { print("large order: \(isLarge.value)") }
        order.quantity = 3      // still small: the observer does not run
        order.quantity = 12     // large now
        order.quantity = 20     // still large: the observer does not run
        token.cancel()          // done: the observer stops (so would releasing the token)
    }

    @MainActor static func glitchFree() {
        let order = Order()
        let subtotal = IsolatedDerived("subtotal") { order.quantity * order.unitPrice }
        let tax = IsolatedDerived("tax") { subtotal.value / 5 }
        let total = IsolatedDerived("total") { subtotal.value + tax.value }
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

    @MainActor static func throwing() {
        let order = Order()
        var computations = 0
        let quantity = IsolatedThrowingDerived("quantity") { () throws -> Int in
            computations += 1
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
        print("computed \(computations) time")
        order.quantityText = "3"
        print("quantity \((try? quantity.value) ?? 0)")
    }
}
