import Observation
import Tracking

/// The engines the values tests compare: Tracking's `values` and Apple's
/// `Observations`, each given the same scenario and asserted to give the
/// same elements; and `Observations` over a Tracking model that declares
/// `Observable` (the bridge), which must give what it gives over the
/// `@Observable` twin.
enum Engine: CaseIterable {
    case tracking
    case observation
    case bridged

    /// A fresh two-number model of this engine.
    @MainActor func makePair() -> any PairModel {
        switch self {
        case .tracking: Pair()
        case .observation: ObservablePair()
        case .bridged: BridgedPair()
        }
    }
}

/// A two-number model, and iterations over it written the way a caller
/// writes them against each engine's concrete types (the overload that
/// `iterator.next()` picks is part of what is tested).
@MainActor protocol PairModel: AnyObject {
    var a: Int { get set }
    var b: Int { get set }

    /// An iterator over `a + b`, made from a closure.
    func sumIterator() -> Elements
    /// An iterator over `a`, made the shortest way the engine offers.
    func aIterator() -> Elements
    /// Iterates `a` with `for await` until `count` elements arrived (or the
    /// task is cancelled), recording them in `received`.
    func collectA(_ count: Int, into received: Received) async
}

extension Pair: PairModel {
    func sumIterator() -> Elements {
        // Inside a Trackable class, `values` alone names the key-path method.
        var iterator = Tracking.values { self.a + self.b }.makeAsyncIterator()
        return Elements { await iterator.next() }
    }

    func aIterator() -> Elements {
        var iterator = values(\.a).makeAsyncIterator()
        return Elements { await iterator.next() }
    }

    func collectA(_ count: Int, into received: Received) async {
        for await a in values(\.a) {
            received.append(a)
            if received.elements.count == count { return }
        }
    }
}

/// Apple's `Observations`, over either model Apple's Observation sees: the
/// `@Observable` twin and the Tracking model that declares `Observable`.
extension PairModel where Self: Observable & Sendable {
    func sumIterator() -> Elements {
        var iterator = Observations { self.a + self.b }.makeAsyncIterator()
        return Elements { await iterator.next() }
    }

    func aIterator() -> Elements {
        var iterator = Observations { self.a }.makeAsyncIterator()
        return Elements { await iterator.next() }
    }

    func collectA(_ count: Int, into received: Received) async {
        for await a in Observations({ self.a }) {
            received.append(a)
            if received.elements.count == count { return }
        }
    }
}

extension ObservablePair: PairModel {}

extension BridgedPair: PairModel {}

/// One iteration, whichever engine made it: `next()` calls the engine's
/// iterator from the main actor.
@MainActor final class Elements {
    private let nextElement: () async -> Int?

    init(_ nextElement: @escaping () async -> Int?) {
        self.nextElement = nextElement
    }

    func next() async -> Int? { await nextElement() }
}

/// The elements a main-actor task received, in order (nil for the end).
@MainActor final class Received {
    private(set) var elements: [Int?] = []

    func append(_ element: Int?) { elements.append(element) }
}
