/// The state bits of a node of the reference engine (alien-signals'
/// `ReactiveFlags`, plus one bit for queued effects).
///
/// Plain `UInt32` constants rather than an `OptionSet`: the graph's loops
/// combine and test several bits at once, and these compile to single
/// instructions whatever the optimizer inlines.
enum ReferenceFlags {
    /// A signal or a computed value: something others depend on.
    static let mutable: UInt32 = 1 << 0
    /// An effect: is queued when something it read may have changed.
    static let watching: UInt32 = 1 << 1
    /// The node is running (its closure is reading, its links are being
    /// checked or replaced).
    static let recursedCheck: UInt32 = 1 << 2
    /// A running node was reached by propagation through a link it already
    /// made in this run.
    static let recursed: UInt32 = 1 << 3
    /// Must recompute: a dependency changed for sure.
    static let dirty: UInt32 = 1 << 4
    /// May have to recompute: something upstream was written; its
    /// dependencies must be checked first.
    static let pending: UInt32 = 1 << 5
    /// An effect in the queue of effects to run.
    static let queued: UInt32 = 1 << 6
}
