/// What made a tracking scope react: its kind, and which properties changed.
/// The counterpart of SE-0506's `ObservationTracking.Event`.
///
/// One callback can tell which of several properties changed:
///
/// ```swift
/// withTracking(options: .didSet) {
///     _ = book.title
///     _ = book.author
/// } onChange: { event in
///     if event.matches(\Book.title) { print("the title changed") }
///     if event.matches(\Book.author) { print("the author changed") }
/// }
/// ```
///
/// - For ``withTracking(options:_:onChange:)-(_,_,(TrackingEvent)->Void)``, an event is one announcement
///   of one change: its ``kind`` is `.willSet` or `.didSet`, and
///   ``matches(_:)`` is true for the property that changed. A deallocation is
///   a `.deinit` event, which matches no property.
/// - For ``observe(options:fileID:line:isolation:_:)``, an event is one run:
///   `.initial` for the first, then the kind of the latest announcement that
///   woke the observer; ``matches(_:)`` is true for every property whose
///   change did since the previous run (a transaction that changes two
///   properties it read runs it once, matching both).
///
/// Thread-safety: `Sendable`. It is meant to be used inside the callback
/// that receives it.
public struct TrackingEvent: Sendable {
    /// The kind of announcement.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// The first run of an observer (`observe` only).
        case initial
        /// A change about to be stored.
        case willSet
        /// A change stored.
        case didSet
        /// An object whose property was read was deallocated.
        case `deinit`

        /// `initial`, `willSet`, `didSet` or `deinit`.
        public var description: String {
            switch self {
            case .initial: "initial"
            case .willSet: "willSet"
            case .didSet: "didSet"
            case .deinit: "deinit"
            }
        }
    }

    /// The kind of announcement.
    public let kind: Kind

    /// The delivery it shows: the properties whose change it reports, and
    /// the scope that receives it, for ``cancel()``.
    private let announcement: Announcement

    init(_ announcement: Announcement) {
        self.announcement = announcement
        switch announcement.kind {
        case .initial: kind = .initial
        case .willSet: kind = .willSet
        case .didSet: kind = .didSet
        case .deinit: kind = .deinit
        }
    }

    /// Whether a change of `keyPath` is what this event reports.
    ///
    /// ```swift
    /// if event.matches(\Book.title) { ... }
    /// ```
    ///
    /// Always false for `.initial` and `.deinit` events, as SE-0506 says.
    /// Name the property with the class that declares it: `\Book.title`
    /// matches, a subclass's `\Novel.title` does not.
    ///
    /// - Parameter keyPath: A `@Tracked` property, a property whose reads
    ///   and writes are reported to its registrar by hand, or a computed
    ///   property, which matches when a property it reads changed.
    /// - Returns: Whether that property's change is reported.
    /// - Complexity: O(c) in the number of properties the event reports: a
    ///   table lookup each, once the key path has been asked about; the first
    ///   question about a `@Tracked` property's key path reads it once, from
    ///   the object that changed (an object deallocated since matches
    ///   nothing). A computed property's key path that reads several
    ///   properties is read from the object that changed at each question,
    ///   so that it matches what it reads now; one that read a single
    ///   property when first asked is taken for that property.
    public func matches<Subject: Trackable>(_ keyPath: PartialKeyPath<Subject>) -> Bool {
        announcement.changes.contains { PropertyIdentity.matches($0, keyPath) }
    }

    /// Stops the scope: no further event reaches it. In a `.willSet`
    /// callback of `withTracking` with `[.willSet, .didSet]`, the `.didSet`
    /// of the same change is not delivered. In `observe`, it cancels the
    /// observer, as ``TrackingToken/cancel()`` does.
    public func cancel() {
        announcement.cancel()
    }
}

extension TrackingEvent: CustomStringConvertible {
    /// The kind and the properties it reports, e.g. `didSet \Book.title`.
    public var description: String {
        ([kind.description] + announcement.changes.map(\.displayName)).joined(separator: " ")
    }
}
