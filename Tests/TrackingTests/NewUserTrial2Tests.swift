import Foundation
import Synchronization
import Testing
import Tracking

// A newcomer's trial of the documented API: models written as the articles
// write them, used as the articles use them.

@MainActor private final class TrialBook: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var title = "Sample Book Title"
    @Tracked var author = "Unknown"
    let isbn = "978-0-316-24662-0"
}

@MainActor private final class TrialOrder: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var quantity = 2
    @Tracked var unitPrice = 15
}

/// Derived values in lazy properties, as DerivedValues' "Memory" says.
@MainActor private final class TrialCart: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var prices: [Int] = []
    lazy var total = IsolatedDerived("total", isolation: MainActor.shared) { [unowned self] in
        prices.reduce(0, +)
    }
    lazy var freeShipping = IsolatedDerived("freeShipping", isolation: MainActor.shared) { [unowned self] in
        total.value >= 5
    }
}

private struct TrialItem: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var done = false
}

@MainActor private final class TrialTodos: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    let items = TrackedList<TrialItem>()
}

private final class Collected: Sendable {
    let items = Mutex<[TrackingDiagnostic]>([])
    func add(_ d: TrackingDiagnostic) { items.withLock { $0.append(d) } }
    var all: [TrackingDiagnostic] { items.withLock { $0 } }
}

@MainActor
@Suite struct NewUserTrial2Tests {
    // MARK: Getting started

    // MARK: Derived values

    @Test func aDiamondIsGlitchFreeAndComputesEachValueOncePerTransaction() {
        let order = TrialOrder()
        var counts = [0, 0, 0]
        let subtotal = IsolatedDerived("subtotal") { counts[0] += 1; return order.quantity * order.unitPrice }
        let tax = IsolatedDerived("tax") { counts[1] += 1; return subtotal.value / 5 }
        let total = IsolatedDerived("total") { counts[2] += 1; return subtotal.value + tax.value }
        var seen: [String] = []
        let token = observe { seen.append("\(subtotal.value)+\(tax.value)=\(total.value)") }
        withTransaction {
            order.quantity = 3
            order.unitPrice = 20
        }
        token.cancel()
        #expect(seen == ["30+6=36", "60+12=72"])
        #expect(counts == [2, 2, 2] as [Int])
    }

    // A model that dies while an observer reads its lazy derived values
    // (DerivedValues, "Memory": `[unowned self]`) crashed: the observer's
    // validation computed the value in the model's deinit.
    @Test func aLazyDerivedValueDoesNotKeepItsModelAlive() {
        var cart: TrialCart? = TrialCart()
        weak let weakCart = cart
        cart!.prices = [1, 2]
        var totals: [Int] = []
        let token = observe { [weak cart] in totals.append(cart?.total.value ?? -1) }
        cart!.prices.append(3)
        cart = nil
        #expect(weakCart == nil)
        #expect(totals == [3, 6, -1])
        token.cancel()
    }

    @Test func aChainOfLazyDerivedValuesIsNotComputedWhenItsModelDies() {
        var cart: TrialCart? = TrialCart()
        var seen: [String] = []
        let token = observe { [weak cart] in seen.append(cart.map { "\($0.freeShipping.value)" } ?? "gone") }
        cart!.prices = [7]
        cart = nil
        #expect(seen == ["false", "true", "gone"])
        token.cancel()
    }

    // MARK: TrackedList

    @Test func aTrackedListRerunsOnlyTheReadersOfWhatChanged() {
        let todos = TrialTodos()
        todos.items.append(contentsOf: [TrialItem(id: 1, title: "a"), TrialItem(id: 2, title: "b")])
        var row1 = 0, row2 = 0, countRuns = 0, titleOnly = 0
        let t1 = observe { _ = todos.items[id: 1]; row1 += 1 }
        let t2 = observe { _ = todos.items[id: 2]; row2 += 1 }
        let t3 = observe { _ = todos.items.count; countRuns += 1 }
        let t4 = observe { _ = todos.items[id: 1, \.title]; titleOnly += 1 }
        todos.items[id: 1]?.done.toggle()
        #expect([row1, row2, countRuns, titleOnly] as [Int] == [2, 1, 1, 1])
        todos.items.append(TrialItem(id: 3, title: "c"))
        #expect([row1, row2, countRuns, titleOnly] as [Int] == [2, 1, 2, 1])
        _ = todos.items.remove(id: 1)
        #expect(row1 == 3 && titleOnly == 2 && countRuns == 3 && row2 == 1)
        for t in [t1, t2, t3, t4] { t.cancel() }
    }

    // MARK: values(_:)

    @Test func valuesCoalescesWritesWithoutASuspension() async {
        let book = TrialBook()
        let names = Task {
            var seen: [String] = []
            for await name in values({ "\(book.title) / \(book.author)" }) {
                seen.append(name)
                if name == "B / C" { break }
            }
            return seen
        }
        await Task.yield()
        book.title = "B"
        book.author = "C"
        #expect(await names.value == ["Sample Book Title / Unknown", "B / C"])
    }

    // MARK: Wrong usage

    @Test func anObserverThatWritesWhatItReadsIsStoppedWithADiagnosticNamingTheProperty() {
        let order = TrialOrder()
        let collected = Collected()
        var runs = 0
        TrackingDiagnostics.withHandler(collected.add) {
            let token = observe { runs += 1; order.quantity += 1 }
            token.cancel()
        }
        #expect(runs == 101)
        #expect(collected.all.map(\.kind) == [.observerLoop])
        #expect(collected.all.first?.message.contains("\\TrialOrder.quantity") == true)
    }

    @Test func aNonThrowingCycleGetsThePreviousValueAndADiagnostic() {
        let order = TrialOrder()
        let collected = Collected()
        final class Box { var derived: IsolatedDerived<Int>? }
        let box = Box()
        let a = IsolatedDerived<Int>("a") { order.quantity > 2 ? (box.derived?.value ?? 0) + 1 : order.quantity }
        let b = IsolatedDerived<Int>("b") { a.value * 10 }
        box.derived = b
        #expect(b.value == 20)
        order.quantity = 3
        let value = TrackingDiagnostics.withHandler(collected.add) { b.value }
        #expect(collected.all.map(\.kind) == [.derivedCycle])
        #expect(collected.all.first?.message.contains("b") == true)
        #expect(value == 210)   // a = previous b (20) + 1 = 21; b = 210
    }

}
