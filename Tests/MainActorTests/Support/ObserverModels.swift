import Dispatch
import Synchronization
import Tracking

/// What an observer saw, run by run, and whether each run was on the main
/// actor (asked of the main queue, see ``isOnTheMainQueue()``).
@MainActor final class RunLog<Value> {
    private(set) var values: [Value] = []
    private(set) var onTheMainActor: [Bool] = []

    func record(_ value: Value) {
        values.append(value)
        onTheMainActor.append(isOnTheMainQueue())
    }

    var count: Int { values.count }
}

/// A list of rows, as a screen's view model holds them.
@MainActor final class RowList: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var rows: [Row] = []
}

@MainActor final class Row: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var title: String

    init(_ title: String) {
        self.title = title
    }
}

/// A main-actor object that owns a parent observer and its children's
/// tokens: the parent stores them in `rowTokens`, state it owns, with no
/// lock, because it runs on the main actor.
@MainActor final class RowsScreen {
    let list: RowList
    let log = RunLog<String>()
    private(set) var rowTokens: [TrackingToken] = []
    private var token: TrackingToken?

    init(list: RowList) {
        self.list = list
        token = observe { [unowned self] in
            log.record("list of \(self.list.rows.count)")
            // The last run's children were cancelled before this run.
            rowTokens.removeAll()
            for row in self.list.rows {
                observe { [unowned self] in
                    log.record("row \(row.title)")
                }.store(in: &rowTokens)
            }
        }
    }

    var liveRowTokens: Int { rowTokens.filter { !$0.isCancelled }.count }

    func close() { token = nil }
}

/// Runs `work` on another thread while the main actor waits for it, so that
/// nothing the work sends to the main actor can run before it has finished.
@MainActor func whileTheMainActorWaits(_ work: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        work()
        done.signal()
    }
    done.wait()
}

/// Holds a reference for another thread to drop: the last reference, once
/// the caller has dropped its own.
final class Handoff<Object: AnyObject & Sendable>: Sendable {
    private let reference: Atomic<Unmanaged<Object>?>

    init(_ object: Object) {
        reference = Atomic(Unmanaged.passRetained(object))
    }

    /// Drops the reference, on the calling thread.
    func drop() {
        reference.exchange(nil, ordering: .acquiringAndReleasing)?.release()
    }

    deinit { drop() }
}
