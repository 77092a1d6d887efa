/// Which announcements a tracking scope reacts to: a change about to be
/// stored (`.willSet`), a change stored (`.didSet`), the deallocation of an
/// object it read (`.deinit`). The counterpart of SE-0506's
/// `ObservationTracking.Options`; the options combine.
///
/// ```swift
/// withTracking(options: [.willSet, .didSet]) {
///     _ = book.title
/// } onChange: { event in
///     print("\(event.kind): \(book.title)")   // willSet: the old title, then didSet: the new one
/// }
/// ```
///
/// - ``withTracking(options:_:onChange:)-(_,_,()->Void)`` calls `onChange` once per option for the first
///   change: with `[.willSet, .didSet]`, twice, before and after the store,
///   in that order. `.deinit` calls it when an object it read is
///   deallocated; alone, it does not react to changes. The default,
///   `[.willSet, .deinit]`, is Apple's `withObservationTracking` plus the
///   deallocation.
/// - ``observe(options:fileID:line:isolation:_:)`` runs again after each
///   transaction in which an announcement of one of its options reached it,
///   once, whatever the number of announcements. Its default,
///   `[.didSet, .deinit]`, is that of ``observe(fileID:line:isolation:_:)``.
public struct TrackingOptions: OptionSet, Sendable, Hashable {
    /// The options as bits: `willSet` 1, `didSet` 2, `deinit` 4.
    public let rawValue: UInt8

    /// Creates options from their raw bits: `willSet` 1, `didSet` 2,
    /// `deinit` 4. Other bits are ignored.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue & 0b111
    }

    /// React before the new value is stored (Apple's `withObservationTracking`
    /// behaviour): `onChange` reading the property sees the old value.
    public static let willSet = TrackingOptions(rawValue: 1 << 0)

    /// React after the new value is stored: `onChange` reading the property
    /// sees the new value.
    public static let didSet = TrackingOptions(rawValue: 1 << 1)

    /// React when an object whose property was read is deallocated.
    public static let `deinit` = TrackingOptions(rawValue: 1 << 2)

    /// The same bits, as the engine takes them.
    var announcements: Announcements { Announcements(rawValue: rawValue) }
}
