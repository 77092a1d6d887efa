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
    @Tracked var discountPercent = 0

    /// Computed when first read, then again only after the items or a
    /// quantity changed, and only when read.
    lazy var subtotal = Derived("subtotal") { [unowned self] in
        items.reduce(0) { $0 + $1.price * $1.quantity }
    }

    /// A derived value can read other derived values.
    lazy var total = Derived("total") { [unowned self] in
        subtotal.value * (100 - discountPercent) / 100
    }

    /// Changes far less often than the total: when it recomputes to the
    /// same answer, what depends on it does not run.
    lazy var freeShipping = Derived("freeShipping") { [unowned self] in
        total.value >= 50_00
    }
}

/// `$12.50` for 1250 cents.
func dollars(_ cents: Int) -> String {
    let remainder = cents % 100
    return "$\(cents / 100)." + (remainder < 10 ? "0" : "") + "\(remainder)"
}
