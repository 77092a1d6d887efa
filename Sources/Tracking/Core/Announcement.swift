/// The kinds of announcement that reach a subscriber: a change about to be
/// stored, a change stored, the death of a source; and, for an observer, its
/// first run. The public surface shows them as the kinds of its events.
enum AnnouncementKind: Sendable {
    case initial
    case willSet
    case didSet
    case `deinit`

    /// The kinds a write or a death announces, in delivery order.
    static let announced: [AnnouncementKind] = [.willSet, .didSet, .deinit]

    /// The member of ``Announcements`` that asks for this kind.
    var member: Announcements {
        switch self {
        case .initial: []
        case .willSet: .willSet
        case .didSet: .didSet
        case .deinit: .deinit
        }
    }
}

/// Which announcements a subscriber reacts to, as bits: `willSet` 1,
/// `didSet` 2, `deinit` 4 (the bits of the Surface's options).
struct Announcements: OptionSet, Sendable {
    let rawValue: UInt8

    static let willSet = Announcements(rawValue: 1 << 0)
    static let didSet = Announcements(rawValue: 1 << 1)
    static let `deinit` = Announcements(rawValue: 1 << 2)

    /// What a continuous observer reacts to unless told otherwise.
    static let continuousDefault: Announcements = [.didSet, .deinit]
}

/// One delivery to a subscriber that takes events: the kind, the sources
/// whose announcements it reports, and the subscriber, which the receiver may
/// cancel.
struct Announcement: Sendable {
    let kind: AnnouncementKind
    let changes: [Node]
    private let subscriber: SubscriberNode

    init(kind: AnnouncementKind, changes: [Node], to subscriber: SubscriberNode) {
        self.kind = kind
        self.changes = changes
        self.subscriber = subscriber
    }

    /// No further delivery reaches the subscriber: an observer is cancelled;
    /// a one-shot stops, even between the two calls of one change.
    func cancel() {
        switch subscriber.kind {
        case .observer: unsafeDowncast(subscriber, to: ObserverNode.self).cancel()
        case .oneShot: unsafeDowncast(subscriber, to: OneShotNode.self).cancelFromEvent()
        case .derived: break
        }
    }
}
