/// The part of a `@Published` property's storage that does not depend on its
/// type: the slot for its object's `objectWillChange` publisher.
///
/// The default ``ObservableObject/objectWillChange`` installs the object's one
/// publisher into the slot of every `@Published` property of the object the
/// first time it is read; until then the slot is empty and an assignment
/// skips the signal (nobody can have subscribed yet).
@usableFromInline
class PublishedStorageBase {
    @usableFromInline
    let objectWillChange = AtomicReference<ObservableObjectPublisher>()

    @usableFromInline
    init() {}
}

/// The storage of one `@Published` property: the value, the object's
/// `objectWillChange` (once installed), and the `$property` subscribers
/// (created on first use of `$property`).
///
/// The write path is inlinable so that it is specialized in the module that
/// declares the property: an assignment without subscribers is two atomic
/// loads and a store.
@usableFromInline
final class PublishedStorage<Value>: PublishedStorageBase {
    /// The property's value. Not synchronized: it follows the rules of the
    /// enclosing class's stored properties. Every access is a plain get or
    /// set (no access spans a call), so the dynamic exclusivity check would
    /// never find an overlap; it is turned off to keep assignments cheap.
    @usableFromInline
    @exclusivity(unchecked)
    var value: Value

    @usableFromInline
    let lazySubject = AtomicReference<PublishedSubject<Value>>()

    @usableFromInline
    init(_ value: Value) {
        self.value = value
    }

    /// The `$property` subscribers, created on first use.
    var subject: PublishedSubject<Value> {
        lazySubject.load() ?? lazySubject.storeIfNil(PublishedSubject())
    }

    /// Assigns the property in Combine's order: `objectWillChange`, then
    /// `$property` subscribers, then the store.
    @inlinable
    func publish(_ newValue: Value) {
        if let objectWillChange = objectWillChange.load() {
            objectWillChange.send()
        }
        if let subject = lazySubject.load() {
            subject.send(newValue)
        }
        value = newValue
    }
}

/// The `$property` subscribers of one `@Published` property, and the
/// subscriptions made by ``Publisher/assign(to:)`` into it, which live as long
/// as the property.
@usableFromInline
final class PublishedSubject<Value>: @unchecked Sendable {
    let subscribers = SubscriberList<Value, Never>()
    private let assignments = Locked<[AnyCancellable]>([])
    /// The value being delivered, if a delivery is in progress: what a
    /// subscriber that subscribes meanwhile receives first, as in Combine,
    /// whose publisher holds the new value while it delivers it (the
    /// property is stored only afterwards). Follows the rules of the
    /// property's value: assignments of one property are not concurrent.
    @exclusivity(unchecked) private(set) var valueInDelivery: Value?

    /// Delivers `value` to the `$property` subscribers. A delivery nested in
    /// another (a subscriber that assigns the property) holds its own value
    /// until it returns, then the outer one's again.
    @usableFromInline
    func send(_ value: Value) {
        let outer = valueInDelivery
        valueInDelivery = value
        subscribers.send(value)
        valueInDelivery = outer
    }

    /// Keeps `cancellable` until the property is deallocated.
    func retain(_ cancellable: AnyCancellable) {
        assignments.withLock { $0.append(cancellable) }
    }
}
