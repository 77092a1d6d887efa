import Foundation
import Testing
@testable import Tracking

/// Eight threads mutate, track, observe, cancel and deallocate at once, for a
/// bounded time. CI runs this under the thread sanitizer.
/// An object that counts its deinitializations, whose value is read and
/// written under a lock of its own: its observer also reads a shared model, so
/// it runs on whichever thread writes that model, while the object's own
/// thread writes the object. Writes go through a transaction, so that
/// observers run after the lock is released.
final class SharedWatched: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    private let lock = NSLock()
    @Tracked private var stored = 0
    private let deinits: Locked<Int>

    init(deinits: Locked<Int>) {
        self.deinits = deinits
    }

    deinit {
        deinits.increment()
    }

    var value: Int {
        get { lock.withLock { stored } }
        set { withTransaction { lock.withLock { stored = newValue } } }
    }
}

@Suite struct StressTests {
    @Test(.timeLimit(.minutes(2)))
    func eightThreadsMutatingTrackingObservingCancellingAndDeallocating() async {
        let shared = (0..<4).map { _ in SharedCounters(count: 8) }
        let deinits = Locked(0)
        let created = Locked(0)
        let duration: TimeInterval = isThreadSanitized ? 2 : 1
        let deadline = Date().addingTimeInterval(duration)
        // One observer per shared model: it must see the final values.
        let finals = shared.map { _ in Locked<[Int]>([]) }
        let watchers = zip(shared, finals).map { model, seen in
            observe { seen.mutate { $0 = model.all } }
        }
        await onThreads(8) { worker in
            var random = SeededGenerator(seed: UInt64(worker + 1))
            var step = 0
            var tokens: [TrackingToken] = []
            var locals: [SharedWatched] = []
            while Date() < deadline {
                step += 1
                let model = shared[Int.random(in: 0..<shared.count, using: &random)]
                switch Int.random(in: 0..<6, using: &random) {
                case 0:
                    model[worker] = step
                case 1:
                    withTracking { _ = model[(worker + 1) % 8] } onChange: {}
                case 2:
                    tokens.append(observe { _ = model[worker] + model[(worker + 3) % 8] })
                case 3:
                    if !tokens.isEmpty { tokens.removeFirst().cancel() }
                case 4:
                    let object = SharedWatched(deinits: deinits)
                    created.increment()
                    tokens.append(observe { [weak object] in _ = object?.value; _ = model[worker] })
                    locals.append(object)
                default:
                    if !locals.isEmpty { locals.removeFirst().value = step }
                    if locals.count > 4 { locals.removeFirst() }   // deallocate
                }
            }
            // Final values: each worker writes its own slot last.
            for model in shared { model[worker] = -worker - 1 }
            for token in tokens { token.cancel() }
            locals.removeAll()
        }
        for (model, seen) in zip(shared, finals) {
            #expect(seen.current == model.all)
            #expect(model.all == (0..<8).map { -$0 - 1 })
        }
        for token in watchers { token.cancel() }
        #expect(deinits.current == created.current)
        for model in shared {
            // withTracking scopes that never fired keep their registrations,
            // as Apple's do: fire them, then everything must be gone.
            for slot in 0..<8 { model[slot] = 0 }
            #expect(model.trackingRegistrar.activeDependencyCount == 0)
        }
    }

    /// Many threads write many objects, each object by one thread, while
    /// observers that overlap across objects (and so across threads) and
    /// derived values between them keep running on whichever thread wrote:
    /// when every thread is done, every observer's last run saw the final
    /// values. The objects' components merge as the observers join them.
    @Test(.timeLimit(.minutes(2)))
    func manyThreadsWritingManyObjectsUnderOverlappingObservers() async {
        let objectCount = 32
        let objects = (0..<objectCount).map { _ in SharedCounters(count: 1) }
        await Self.writeUnderOverlappingObservers(objects)
        // Observers cancelled and derived values freed: nothing is left.
        for object in objects {
            #expect(object.trackingRegistrar.activeDependencyCount == 0)
        }
    }

    private static func writeUnderOverlappingObservers(_ objects: [SharedCounters]) async {
        let objectCount = objects.count
        let threadCount = 8
        let writes = isThreadSanitized ? 200 : 1_000
        let finalValue: @Sendable (Int) -> Int = { object in -object - 1 }
        // Derived values over pairs of objects, read by some observers.
        let pairs = (0..<objectCount).map { index in
            Derived { objects[index][0] + objects[(index + 1) % objectCount][0] }
        }
        let reads = (0..<48).map { observer in
            [observer % objectCount, (observer + 5) % objectCount, (observer + 11) % objectCount]
        }
        let lastSeen = reads.map { _ in Locked<[Int]>([]) }
        let tokens = reads.indices.map { observer in
            observe {
                var seen = reads[observer].map { objects[$0][0] }
                if observer.isMultiple(of: 3) { seen.append(pairs[reads[observer][0]].value) }
                lastSeen[observer].mutate { $0 = seen }
            }
        }
        await onThreads(threadCount) { thread in
            let mine = Array(stride(from: thread, to: objectCount, by: threadCount))
            for write in 1...writes {
                for object in mine { objects[object][0] = write }
            }
            for object in mine { objects[object][0] = finalValue(object) }
        }
        for (observer, objectsRead) in reads.enumerated() {
            var expected = objectsRead.map(finalValue)
            if observer.isMultiple(of: 3) {
                expected.append(finalValue(objectsRead[0]) + finalValue((objectsRead[0] + 1) % objectCount))
            }
            #expect(lastSeen[observer].current == expected, "observer \(observer) did not see the final values")
        }
        for token in tokens { token.cancel() }
    }
}
