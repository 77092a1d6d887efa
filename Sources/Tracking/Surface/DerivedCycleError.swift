/// A derived value read itself while computing, directly or through other
/// derived values.
///
/// A ``ThrowingDerived`` throws it from `value`; a ``Derived`` reports it as a
/// ``TrackingDiagnostic`` and returns its previous value, or stops the
/// program with this message if it never had one.
public struct DerivedCycleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The names of the derived values in the cycle, from the one read again
    /// back to itself, e.g. `["a", "b", "a"]`.
    public let cycle: [String]

    /// Creates the error for a cycle.
    public init(cycle: [String]) {
        self.cycle = cycle
    }

    /// `cycle among derived values: a → b → a`.
    public var description: String {
        "cycle among derived values: \(cycle.joined(separator: " → "))"
    }
}
