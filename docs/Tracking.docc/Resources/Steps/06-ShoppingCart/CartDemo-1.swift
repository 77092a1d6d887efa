import Tracking

@MainActor
func cartDemo() {
    let cart = Cart()
    let book = CartItem("Book", price: 12_50, quantity: 2)
    let lamp = CartItem("Lamp", price: 30_00)
    cart.items = [book, lamp]

    let totals = observe {
        print("total: \(dollars(cart.total.value)) (subtotal \(dollars(cart.subtotal.value)))")
    }
    let shipping = observe {
        print("free shipping: \(cart.freeShipping.value)")
    }

    print("-- a third book")
    book.quantity = 3

    print("-- 30% off")
    cart.discountPercent = 30

    withExtendedLifetime((totals, shipping)) {}
}
