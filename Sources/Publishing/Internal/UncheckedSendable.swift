/// Carries a value across a `@Sendable` boundary (a `DispatchQueue` block, a
/// continuation) where the module itself guarantees that the value is not
/// used from two threads at once.
///
/// Publishers in this module deliver the values they are given on whatever
/// thread sends them, as Combine does, without requiring `Sendable` values;
/// this wrapper is where that choice meets Swift 6's checking.
struct UncheckedSendable<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

