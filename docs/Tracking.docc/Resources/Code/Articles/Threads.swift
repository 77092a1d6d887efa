import Foundation
import Synchronization
import Tracking

/// The examples of the article "Threads and transactions".
enum Threads {
    /// Shared between threads: every access to `value` takes the lock.
    final class SharedCounter: Trackable, Sendable {
        let trackingRegistrar = TrackingRegistrar()
        private let storedValue = Mutex(0)

        var value: Int {
            get {
                trackingRegistrar.access(self, keyPath: \.value)
                return storedValue.withLock { $0 }
            }
            set {
                trackingRegistrar.withMutation(of: self, keyPath: \.value) {
                    storedValue.withLock { $0 = newValue }
                }
            }
        }
    }

    static func observersRunOnTheChangingThread() {
        let counter = SharedCounter()
        let token = observe {
            print("value \(counter.value), on the main thread: \(Thread.isMainThread)")
        }
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            counter.value = 1         // the observer runs here, before the signal
            written.signal()
        }
        written.wait()
        token.cancel()    // done: the observer stops (so would releasing the token)
    }

    @MainActor final class Account: Trackable {
        let trackingRegistrar = TrackingRegistrar()

        @Tracked var balance = 100
        @Tracked var pending = 0
    }

    struct Declined: Error {}

    @MainActor static func transactions() {
        let account = Account()
        let token = observe { print("balance \(account.balance), pending \(account.pending)") }

        withTransaction {
            account.pending = 30
            withTransaction {
                account.balance -= 30
            }
            print("inside: the new balance, \(account.balance), and no observer yet")
        }

        do {
            try withTransaction {
                account.pending = 500
                throw Declined()
            }
        } catch {
            print("declined; the change made before the error was still reported")
        }
        token.cancel()    // done: the observer stops (so would releasing the token)
    }

    @MainActor static func untrackedReads() {
        let account = Account()
        let token = observe {
            let pending = untracked { account.pending }
            print("balance \(account.balance) (pending \(pending) when it ran)")
        }
        account.pending = 10    // not a dependency: nothing runs
        account.balance = 90    // runs, and sees the new pending
        token.cancel()          // done: the observer stops (so would releasing the token)
    }
}
