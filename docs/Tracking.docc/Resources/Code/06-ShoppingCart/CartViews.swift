import Rendering
import Tracking

struct CartView: View {
    let cart: Cart

    var body: some View {
        VStack {
            ForEach(cart.items) { item in
                CartRow(item: item)
            }
            TotalView(cart: cart)
            ShippingView(cart: cart)
        }
    }
}

struct CartRow: View {
    let item: CartItem

    var body: some View {
        HStack {
            Text("\(item.id) × \(item.quantity)")
            Button("One more \(item.id)") { item.quantity += 1 }
        }
    }
}

struct TotalView: View {
    let cart: Cart

    var body: some View {
        Text("Total: \(dollars(cart.total.value))")
    }
}

struct ShippingView: View {
    let cart: Cart

    var body: some View {
        Text(cart.freeShipping.value ? "Free shipping" : "Shipping: $4.90")
    }
}

@MainActor
func cartViewDemo() throws {
    let cart = Cart()
    cart.items = [CartItem("Book", price: 12_50, quantity: 2), CartItem("Lamp", price: 30_00)]
    let host = ViewHost(CartView(cart: cart))
    print(host.snapshot)

    print("-- one more book")
    host.resetCounts()
    try host.tap("One more Book")
    for render in host.renderLog { print(render) }

    print("-- 30% off")
    host.resetCounts()
    cart.discountPercent = 30
    host.flush()
    print(host.snapshot)
    for render in host.renderLog { print(render) }
}
