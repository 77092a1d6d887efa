import Tracking

/// A line of the cart. Prices are in cents.
///
/// Observers and derived values may run on whichever thread changes what
/// they read, so what they capture must be `Sendable`. This cart is used on
/// one thread at a time, and says so with `@unchecked Sendable`.
final class CartItem: Trackable, Identifiable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()

    let id: String
    let price: Int
    @Tracked var quantity: Int

    init(_ name: String, price: Int, quantity: Int = 1) {
        self.id = name
        self.price = price
        self.quantity = quantity
    }
}

final class Cart: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()

    @Tracked var items: [CartItem] = []

    /// Computed when first read, then again only after the items or a
    /// quantity changed, and only when read.
    lazy var subtotal = Derived("subtotal") { [unowned self] in
        items.reduce(0) { $0 + $1.price * $1.quantity }
    }
}

/// `$12.50` for 1250 cents.
func dollars(_ cents: Int) -> String {
    let remainder = cents % 100
    return "$\(cents / 100)." + (remainder < 10 ? "0" : "") + "\(remainder)"
}
