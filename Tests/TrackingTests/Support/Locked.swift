import Foundation
import Tracking

/// A value shared between a test and the observers it creates, which may run
/// on other threads. Built on `NSLock`, which the thread sanitizer understands.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    var current: Value {
        lock.withLock { value }
    }

    func mutate<R>(_ body: (inout Value) -> R) -> R {
        lock.withLock { body(&value) }
    }
}

extension Locked where Value == Int {
    func increment() { mutate { $0 += 1 } }
}

extension Locked where Value: RangeReplaceableCollection {
    func append(_ element: Value.Element) { mutate { $0.append(element) } }
}

/// Collects the diagnostics reported while `body` runs.
func collectingDiagnostics(_ body: () throws -> Void) rethrows -> [TrackingDiagnostic] {
    let collected = Locked<[TrackingDiagnostic]>([])
    try TrackingDiagnostics.withHandler({ collected.append($0) }, operation: body)
    return collected.current
}


