/// A property wrapper that publishes every assignment of a class's property,
/// as Combine's `@Published` does.
///
/// ```swift
/// final class TodoManager: ObservableObject {
///     @Published var todos: [TodoItem] = []
///     @Published var newTodoTitle = ""
/// }
/// ```
///
/// Assigning the property, with `=` or in place (`todos.append(item)`), does
/// three things, in Combine's order:
/// 1. the owning object's ``ObservableObject/objectWillChange`` fires (the
///    default one, shared by every `@Published` property of the object,
///    including those declared in superclasses and subclasses);
/// 2. subscribers of `$property` receive the new value;
/// 3. the new value is stored. A subscriber that reads the property during
///    steps 1 or 2 therefore still sees the old value; one that subscribes to
///    `$property` during step 2 receives the new value first, as in Combine,
///    whose publisher holds it while delivering it.
///
/// Every assignment publishes, also when the new value equals the old one, as
/// in Combine. An in-place mutation is a read, a mutation of the copy and an
/// assignment (Combine's `get`/`set`), so `todos.append(x)` copies the array.
///
/// `$property` is a ``Published/Publisher``: it delivers the current value on
/// subscription, then every new value, and never completes.
///
/// `@Published` is only available on properties of classes: it works through
/// the enclosing-instance subscript, and its `wrappedValue` is unavailable (a
/// compile-time error on a struct's property), as in Combine. A class does not
/// have to be an ``ObservableObject`` to use it; then only `$property`
/// publishes.
///
/// Thread safety: `@Published` adds no synchronization to the value itself:
/// reading, assigning and subscribing to `$property` (which reads the current
/// value) follow the rules of any stored property of the class — don't do them
/// concurrently with an assignment of the same property. The publishers
/// (`objectWillChange`, `$property`) are thread-safe; subscribers run on the
/// assigning thread.
///
/// Cost: the storage is one small object per property, allocated with the
/// instance. An assignment with no subscribers does two atomic loads and a
/// store, and allocates nothing.
@propertyWrapper
public struct Published<Value> {
    @usableFromInline
    let storage: PublishedStorage<Value>

    /// Creates the storage with an initial value; called by the compiler for
    /// `@Published var x = value`.
    ///
    /// - Parameter wrappedValue: The initial value.
    @inlinable
    public init(wrappedValue: Value) {
        storage = PublishedStorage(wrappedValue)
    }

    /// Creates the storage with an initial value, for explicit
    /// initialization (`_x = Published(initialValue: v)`), as in Combine.
    ///
    /// - Parameter initialValue: The initial value.
    @inlinable
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    /// Unavailable: `@Published` is only available on properties of classes.
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("@Published is only available on properties of classes") }
        set { fatalError("@Published is only available on properties of classes") }  // swiftlint:disable:this unused_setter_value
    }

    /// The publisher of this property (`$property`): the current value on
    /// subscription, then every assigned value.
    ///
    /// The setter exists so that `$property` can be passed `inout` to
    /// ``Publishing/Publisher/assign(to:)``; assigning another property's publisher
    /// changes nothing, as in Combine.
    public var projectedValue: Publisher {
        get { Publisher(storage) }
        set {}  // swiftlint:disable:this unused_setter_value
    }

    /// The accessor the compiler uses for a `@Published` property of a class.
    ///
    /// The getter returns the stored value. The setter fires the object's
    /// `objectWillChange` (if it has been read, so that it can have
    /// subscribers), then delivers the new value to `$property`'s
    /// subscribers, then stores it.
    ///
    /// - Parameters:
    ///   - object: The instance whose property is accessed.
    ///   - wrappedKeyPath: The property (unused).
    ///   - storageKeyPath: The wrapper's storage (`_property`).
    @inlinable
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].storage.value }
        set { object[keyPath: storageKeyPath].storage.publish(newValue) }
    }
}

extension Published {
    /// The publisher of a `@Published` property, obtained as `$property`.
    ///
    /// It delivers the property's current value to each new subscriber, then
    /// every value assigned to the property, before it is stored. It never
    /// completes, and it does not keep the object alive.
    ///
    /// Thread safety: subscribing reads the current value, so it must not run
    /// concurrently with an assignment of the property (see ``Published``);
    /// cancelling is safe from any thread.
    public struct Publisher: Publishing.Publisher {
        /// The property's type.
        public typealias Output = Value
        /// This publisher cannot fail.
        public typealias Failure = Never

        let storage: PublishedStorage<Value>

        init(_ storage: PublishedStorage<Value>) {
            self.storage = storage
        }

        /// Attaches a subscriber: it receives the current value at once, then
        /// every assigned value. During the delivery of a new value (from
        /// another subscriber's callback), the current value is the one being
        /// delivered, although the property still reads the old one: the
        /// publisher holds the new value while it delivers it, as in Combine.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            let subject = storage.subject
            subject.subscribers.attach(subscriber, replay: subject.valueInDelivery ?? storage.value)
        }
    }
}
