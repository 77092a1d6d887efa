import Foundation
import Testing
@testable import Tracking

@Suite struct TransactionTests {
    @Test func observersRunOnceAfterTheOutermostTransaction() {
        let seen = Locked<[String]>([])
        let book = Book()
        let token = observe { seen.append("\(book.title) by \(book.author)") }
        withTransaction {
            book.title = "A"
            book.author = "B"
            withTransaction {
                book.title = "C"
            }
            #expect(seen.current.count == 1)
        }
        #expect(seen.current == ["Sample Book Title by ", "C by B"])
        withExtendedLifetime(token) {}
    }

    @Test func readsInsideATransactionSeeNewValues() {
        let book = Book()
        let token = observe { _ = book.title }
        withTransaction {
            book.title = "A"
            #expect(book.title == "A")
        }
        withExtendedLifetime(token) {}
    }

    @Test func observersStillRunWhenTheTransactionThrows() {
        struct Failure: Error {}
        let seen = Locked<[String]>([])
        let book = Book()
        let token = observe { seen.append(book.title) }
        #expect(throws: Failure.self) {
            try withTransaction {
                book.title = "A"
                throw Failure()
            }
        }
        #expect(seen.current == ["Sample Book Title", "A"])
        withExtendedLifetime(token) {}
    }

    @Test func observersRunInTheOrderTheyWereCreated() {
        let order = Locked<[String]>([])
        let book = Book()
        let first = observe { _ = book.author; order.append("first") }
        let second = observe { _ = book.title; order.append("second") }
        let third = observe { _ = book.author; _ = book.title; order.append("third") }
        order.mutate { $0.removeAll() }
        withTransaction {
            book.title = "A"   // marks second and third
            book.author = "B"  // marks first and third
        }
        #expect(order.current == ["first", "second", "third"])
        withExtendedLifetime((first, second, third)) {}
    }

    /// Two writes queue two runs of observers, each in reverse creation
    /// order: the round is in mixed order and must be sorted, short (by
    /// insertion) or long. A long round of observers created one after the
    /// other is sorted by placing each at its creation number; with
    /// `spacing` - 1 other observers created between two of them, their
    /// numbers are too sparse for that, and the standard sort runs.
    @Test(arguments: [(10, 1), (40, 1), (40, 5), (200, 3)])
    func observersQueuedInMixedOrderRunInCreationOrder(count: Int, spacing: Int) {
        let order = Locked<[Int]>([])
        let book = Book()
        let elsewhere = Book()
        var others: [TrackingToken] = []
        let tokens = (0..<count).map { index in
            for _ in 1..<spacing { others.append(observe { _ = elsewhere.title }) }
            return observe {
                if index.isMultiple(of: 2) { _ = book.title } else { _ = book.author }
                order.append(index)
            }
        }
        order.mutate { $0.removeAll() }
        withTransaction {
            book.title = "A"
            book.author = "B"
        }
        #expect(order.current == Array(0..<count))
        withExtendedLifetime((tokens, others)) {}
    }

    @Test func aValueChangedAndChangedBackNotifiesNobody() {
        let runs = Locked(0)
        let counter = Counter()
        let token = observe { _ = counter.value; runs.increment() }
        withTransaction {
            counter.value = 1
            counter.value = 0
        }
        #expect(runs.current == 1)
        withTransaction {
            counter.value = 1
            counter.value = 2
        }
        #expect(runs.current == 2)
        withExtendedLifetime(token) {}
    }

    /// A transaction whose only change of a value is one assignment of a
    /// different value skips the comparison at its end; a second change,
    /// whichever path it takes, must bring the comparison back.
    @Test(arguments: [false, true])
    func aValueAssignedThenChangedBackInPlaceNotifiesNobody(throughDerived: Bool) {
        let runs = Locked(0)
        let recomputations = Locked(0)
        let counter = Counter()
        let doubled = Derived { recomputations.increment(); return counter.value * 2 }
        // Read directly, the second write only stores (every subscriber is
        // already queued); through a derived value, it is announced.
        let token = observe {
            if throughDerived { _ = doubled.value } else { _ = counter.value }
            runs.increment()
        }
        let computedBefore = recomputations.current
        withTransaction {
            counter.value = 5
            counter.value -= 5
        }
        #expect(runs.current == 1)
        #expect(recomputations.current == computedBefore)
        withTransaction { counter.value = 5 }
        #expect(runs.current == 2)
        #expect(counter.value == 5)
        withExtendedLifetime(token) {}
    }

    /// The owner of a value changed in a transaction dies before the
    /// transaction ends, on this thread or another, with nothing linked to
    /// the value any more: its node, which the transaction's snapshot names,
    /// lives until the end and goes then.
    @Test(arguments: [false, true])
    func anObjectChangedInATransactionMayDieBeforeItsEnd(onAnotherThread: Bool) {
        final class Holder: @unchecked Sendable { var counter: Counter? }
        weak var node: PropertyNode?
        var aliveAtDeath = false
        let runs = Locked(0)
        withTransaction {
            let holder = Holder()
            do {
                let counter = Counter()
                let token = observe { _ = counter.value; runs.increment() }
                node = counter.trackingRegistrar.storage.registeredNodes[0]
                counter.value = 1
                token.cancel()
                holder.counter = counter
            }
            if onAnotherThread {
                let done = DispatchSemaphore(value: 0)
                Thread { holder.counter = nil; done.signal() }.start()
                done.wait()
            } else {
                holder.counter = nil
            }
            aliveAtDeath = node != nil
        }
        #expect(aliveAtDeath)
        #expect(node == nil)
        #expect(runs.current == 1)
    }

    @Test func willSetScopesFireAtTheWriteInsideATransaction() {
        let fired = Locked<[String]>([])
        let book = Book()
        withTracking { _ = book.title } onChange: { fired.append("fired") }
        withTransaction {
            book.title = "A"
            #expect(fired.current == ["fired"])
        }
    }
}

/// Values changed and changed back in a transaction, of every size a
/// property's node keeps inline (trivial, at most a word: 1, 2, 3, 4 and 8
/// bytes) and of some it keeps in room of their own (16 bytes, a string).
@Suite struct InlineSnapshotTests {
    struct Three: Equatable { var a: UInt8, b: UInt8, c: UInt8 }
    struct Sixteen: Equatable { var a: Int, b: Int }

    final class Values: Trackable, @unchecked Sendable {
        let trackingRegistrar = TrackingRegistrar()
        @Tracked var flag = false
        @Tracked var short: Int16 = 0
        @Tracked var three = Three(a: 1, b: 2, c: 3)
        @Tracked var float: Float = 0
        @Tracked var double = 0.0
        @Tracked var sixteen = Sixteen(a: 1, b: 2)
        @Tracked var text = "a"
    }

    /// Runs `change` (a change and a change back) and then `other` (a real
    /// change) each in a transaction, and returns how many times an
    /// observer of the property ran after each: 0 then 1 when the snapshot
    /// held the value.
    private func runs<V>(_ read: @escaping @Sendable () -> V, change: () -> Void, other: () -> Void) -> [Int] {
        let count = Locked(0)
        let token = observe { _ = read(); count.increment() }
        count.mutate { $0 = 0 }
        withTransaction(change)
        let afterChangeBack = count.current
        withTransaction(other)
        withExtendedLifetime(token) {}
        return [afterChangeBack, count.current]
    }

    @Test func everySizeIsComparedBackToItsSnapshot() {
        let v = Values()
        #expect(runs({ v.flag }, change: { v.flag = true; v.flag = false }, other: { v.flag = true }) == [0, 1])
        #expect(runs({ v.short }, change: { v.short = -7; v.short = 0 }, other: { v.short = 300 }) == [0, 1])
        #expect(runs({ v.three }, change: { v.three.b = 9; v.three.b = 2 }, other: { v.three.c = 0 }) == [0, 1])
        #expect(runs({ v.float }, change: { v.float = 1.5; v.float = 0 }, other: { v.float = -1 }) == [0, 1])
        #expect(runs({ v.double }, change: { v.double = .pi; v.double = 0 }, other: { v.double = 2 }) == [0, 1])
        #expect(runs({ v.sixteen }, change: { v.sixteen.b = 7; v.sixteen.b = 2 }, other: { v.sixteen.a = 0 }) == [0, 1])
        #expect(runs({ v.text }, change: { v.text = "b"; v.text += "c"; v.text = "a" }, other: { v.text = "z" }) == [0, 1])
    }

    /// A change of one byte of a value kept inline (the first of a 3-byte
    /// struct, changed in place; the high byte of an Int16) is seen, and so
    /// is its change back.
    @Test func aChangeOfOneByteAndItsChangeBackAreSeen() {
        let v = Values()
        #expect(runs({ v.three }, change: { v.three.a = 0; v.three.a = 1 }, other: { v.three.a = 0 }) == [0, 1])
        #expect(runs({ v.short }, change: { v.short = 256; v.short = 0 }, other: { v.short = 1 }) == [0, 1])
    }
}
