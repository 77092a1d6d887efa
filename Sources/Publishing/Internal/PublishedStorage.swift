import Synchronization

/// The part of a `@Published` property's storage that does not depend on its
/// type: the slot for its object's `objectWillChange` publisher.
///
/// The default ``ObservableObject/objectWillChange`` installs the object's one
/// publisher into the slot of every `@Published` property of the object the
/// first time it is read; until then the slot is empty and an assignment
/// skips the signal (nobody can have subscribed yet).
class PublishedStorageBase {
    let objectWillChange = AtomicLazyReference<ObservableObjectPublisher>()
}

/// The storage of one `@Published` property: the value, the object's
/// `objectWillChange` (once installed), and the `$property` subscribers
/// (created on first use of `$property`).
final class PublishedStorage<Value>: PublishedStorageBase {
    /// The property's value. Not synchronized: it follows the rules of the
    /// enclosing class's stored properties.
    var value: Value
    private let lazySubject = AtomicLazyReference<PublishedSubject<Value>>()

    init(_ value: Value) {
        self.value = value
    }

    /// The `$property` subscribers, created on first use.
    var subject: PublishedSubject<Value> {
        lazySubject.load() ?? lazySubject.storeIfNil(PublishedSubject())
    }

    /// Assigns the property in Combine's order: `objectWillChange`, then
    /// `$property` subscribers, then the store.
    func publish(_ newValue: Value) {
        objectWillChange.load()?.send()
        lazySubject.load()?.subscribers.send(newValue)
        value = newValue
    }
}

/// The `$property` subscribers of one `@Published` property, and the
/// subscriptions made by ``Publisher/assign(to:)`` into it, which live as long
/// as the property.
final class PublishedSubject<Value>: @unchecked Sendable {
    let subscribers = SubscriberList<Value, Never>()
    private let assignments = Locked<[AnyCancellable]>([])

    /// Keeps `cancellable` until the property is deallocated.
    func retain(_ cancellable: AnyCancellable) {
        assignments.withLock { $0.append(cancellable) }
    }
}
