import Tracking

/// A line of the cart. Prices are in cents.
///
/// The cart is main-actor state, as an app's models are: the views that
/// show it and the code that changes it run on the main actor.
@MainActor final class CartItem: Trackable, Identifiable {
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

@MainActor final class Cart: Trackable {
    let trackingRegistrar = TrackingRegistrar()

    @Tracked var items: [CartItem] = []

    /// Computed when first read, then again only after the items or a
    /// quantity changed, and only when read; always on the main actor, whose
    /// state it reads.
    lazy var subtotal = IsolatedDerived("subtotal", isolation: MainActor.shared) { [unowned self] in
        items.reduce(0) { $0 + $1.price * $1.quantity }
    }
}

/// `$12.50` for 1250 cents.
func dollars(_ cents: Int) -> String {
    let remainder = cents % 100
    return "$\(cents / 100)." + (remainder < 10 ? "0" : "") + "\(remainder)"
}
