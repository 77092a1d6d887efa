/// A class whose changes can be observed as a whole: it announces, through
/// ``objectWillChange``, that it is about to change, without saying what
/// changes — the model SwiftUI used before the Observation framework, here
/// with Combine's semantics.
///
/// ```swift
/// final class TodoManager: ObservableObject {
///     @Published var todos: [TodoItem] = []
///     @Published var newTodoTitle = ""
/// }
///
/// let manager = TodoManager()
/// let c = manager.objectWillChange.sink { print("will change") }
/// manager.newTodoTitle = "Buy milk"    // prints "will change"
/// ```
///
/// ## The default objectWillChange
///
/// Unless the class declares its own `objectWillChange`, it gets an
/// ``ObservableObjectPublisher`` that:
/// - is the same instance on every access, for the life of the object (also
///   for a class with no `@Published` property, whose code calls
///   `objectWillChange.send()` itself);
/// - fires before any `@Published` property of the object changes — its own,
///   its superclasses' and its subclasses' — as in Combine;
/// - is not created until it is first read, so that objects nobody observes
///   pay nothing for it.
///
/// How it is found: the first time a class is seen, the offsets of its
/// `@Published` properties (with its superclasses') are read from its type
/// metadata and cached. On first access for an instance, one publisher is
/// created and stored in the storage of each of those properties; later
/// accesses read it from the first one's storage — constant time, whatever
/// the number of properties, with no reflection over the instance. A class
/// without `@Published` properties keeps its publisher in a side table that
/// holds the object weakly and is swept as it grows (see the module's
/// documentation, "Finding objectWillChange").
///
/// ## What does not propagate
///
/// As in Combine, only the object's own `@Published` properties fire its
/// `objectWillChange`. An `ObservableObject` stored in a property of another
/// one does not: `wrapper.workModel.count += 1` fires `workModel`'s publisher,
/// not `wrapper`'s. Forward by hand if needed:
///
/// ```swift
/// workModel.objectWillChange
///     .sink { [weak self] in self?.objectWillChange.send() }
///     .store(in: &cancellables)
/// ```
///
/// A class that declares its own `objectWillChange` gets nothing from
/// `@Published`: its properties still publish through `$property`, but they do
/// not send through a custom publisher.
public protocol ObservableObject: AnyObject {
    /// The type of ``objectWillChange``; ``ObservableObjectPublisher`` unless
    /// the class declares its own.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never

    /// A publisher that emits before the object changes.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The object's publisher, shared by all its `@Published` properties; it
    /// emits before any of them changes, as in Combine.
    ///
    /// Always the same instance for a given object. Reading it is
    /// constant-time; the first read for an instance installs the publisher in
    /// the instance's `@Published` storage.
    ///
    /// Thread safety: may be read from any thread, concurrently with
    /// assignments of the object's properties; concurrent first reads agree
    /// on one instance.
    public var objectWillChange: ObservableObjectPublisher {
        ObservableObjectPublisher.publisher(of: self)
    }
}

extension ObservableObjectPublisher {
    /// Finds (or creates and installs) the publisher of `object`.
    static func publisher(of object: AnyObject) -> ObservableObjectPublisher {
        PublishedLayout.of(type(of: object))._withUnsafeGuaranteedRef { layout in
            guard let first = layout.first else {
                return UnpublishedObjects.shared.publisher(for: object)
            }
            if let installed = first.withStorage(in: object, { $0.objectWillChange.load() }) {
                return installed
            }
            let publisher = first.withStorage(in: object) { $0.objectWillChange.storeIfNil(ObservableObjectPublisher()) }
            for field in layout.fields.dropFirst() {
                _ = field.withStorage(in: object) { $0.objectWillChange.storeIfNil(publisher) }
            }
            return publisher
        }
    }
}
