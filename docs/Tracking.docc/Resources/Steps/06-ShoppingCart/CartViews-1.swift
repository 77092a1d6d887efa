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
