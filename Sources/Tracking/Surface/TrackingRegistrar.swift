import CTrackingSupport

/// The engine's handle on one ``Trackable`` object.
///
/// Declare one per object, as a stored `let`:
///
/// ```swift
/// let trackingRegistrar = TrackingRegistrar()
/// ```
///
/// ``Tracked`` properties use it on their own. For a computed property or
/// custom storage, call it by hand, as you would Apple's
/// `ObservationRegistrar` (the calls port line by line):
///
/// ```swift
/// final class Temperature: Trackable {
///     let trackingRegistrar = TrackingRegistrar()
///     private var storedCelsius = 20.0
///
///     var celsius: Double {
///         get {
///             trackingRegistrar.access(self, keyPath: \.celsius)
///             return storedCelsius
///         }
///         set {
///             trackingRegistrar.withMutation(of: self, keyPath: \.celsius) {
///                 storedCelsius = newValue
///             }
///         }
///     }
/// }
/// ```
///
/// For a class that also conforms to `Observation.Observable`, each call
/// tells Apple's Observation too, so that the property is seen by
/// `withObservationTracking`, `Observations` and SwiftUI (see
/// <doc:UsingTrackingModelsInSwiftUI>): `access` records the read with
/// Apple's registrar, and a change tells Tracking's before-change half, then
/// Apple's `willSet`, the store, Apple's `didSet`, then Tracking's
/// after-change half. A class without the conformance pays nothing for it.
///
/// The registrar is neutral for its owner's synthesized conformances, like
/// Apple's: it encodes and decodes nothing, all registrars compare equal, and
/// hashing one adds nothing.
///
/// Thread-safety: `Sendable`; every method may be called from any thread.
public struct TrackingRegistrar: Sendable {
    @usableFromInline
    let storage: RegistrarStorage

    /// Creates the registrar of one object.
    @inlinable
    public init() {
        storage = RegistrarStorage()
    }

    /// Records that `keyPath` of `subject` was read, if the current thread is
    /// tracking (inside `withTracking`, `observe`, a derived value or a
    /// ``TrackingScope``). Outside tracking it costs one thread-local check.
    ///
    /// - Parameters:
    ///   - subject: The object whose property is read; its registrar must be
    ///     this one.
    ///   - keyPath: The property read.
    /// - Complexity: O(p) in the number of properties of `subject` that were
    ///   ever tracked, on a read inside tracking; O(1) outside.
    @inlinable
    public func access<Subject: Trackable, Member>(
        _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
        if Subject._observationBridged { Subject._observationAccess(subject, keyPath: keyPath) }
        trackingAccess(subject, keyPath: keyPath)
    }

    /// Tracking's half of ``access(_:keyPath:)``.
    @usableFromInline
    func trackingAccess<Subject: Trackable, Member>(
        _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
        guard let scope = tracking_current_scope() else { return }
        let (node, made) = storage.node(creatingFor: keyPath, owner: subject)
        // Once per property: a registrar that is not stored makes a node at
        // every read.
        if made, subject.trackingRegistrar.storage !== storage { RegistrarStorage.notStored(Subject.self) }
        node.recordRead(in: scope)
    }

    /// Announces that `keyPath` of `subject` is about to change: `withTracking`
    /// scopes that read it (with the default `.willSet` timing) fire now,
    /// before the value changes. Pair it with ``didSet(_:keyPath:)``.
    ///
    /// - Parameters:
    ///   - subject: The object whose property changes.
    ///   - keyPath: The property that changes.
    @inlinable
    public func willSet<Subject: Trackable, Member>(
        _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
        trackingWillSet(subject, keyPath: keyPath)
        if Subject._observationBridged { _ = Subject._observationWillSet(subject, keyPath: keyPath) }
    }

    /// Tracking's half of ``willSet(_:keyPath:)``.
    @usableFromInline
    func trackingWillSet<Subject: Trackable, Member>(
        _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
        guard let node = registeredNode(for: keyPath) else { return }
        let state = node.willChange()
        Unmanaged<ThreadState>.fromOpaque(state)._withUnsafeGuaranteedRef { Scheduler.endTransaction($0) }
    }

    /// Announces that `keyPath` of `subject` has changed: observers that read
    /// it run (after the current transaction, or now if there is none).
    ///
    /// - Parameters:
    ///   - subject: The object whose property changed.
    ///   - keyPath: The property that changed.
    @inlinable
    public func didSet<Subject: Trackable, Member>(
        _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
        if Subject._observationBridged { Subject._observationDidSet(subject, keyPath: keyPath) }
        trackingDidSet(subject, keyPath: keyPath)
    }

    /// Tracking's half of ``didSet(_:keyPath:)``.
    @usableFromInline
    func trackingDidSet<Subject: Trackable, Member>(
        _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
        guard let node = registeredNode(for: keyPath) else { return }
        let state = ThreadState.current
        Scheduler.beginTransaction(state)
        node.didChange(state)
    }

    /// Performs `mutation` as a change of `keyPath` of `subject`: before-change
    /// scopes fire, then `mutation` runs, then observers are told, all in one
    /// transaction. If `mutation` throws, observers are still told.
    ///
    /// - Parameters:
    ///   - subject: The object whose property changes.
    ///   - keyPath: The property that changes.
    ///   - mutation: Stores the new value.
    /// - Returns: What `mutation` returns.
    @inlinable
    public func withMutation<Subject: Trackable, Member, T>(
        of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> T
    ) rethrows -> T {
        guard Subject._observationBridged else { return try trackingWithMutation(of: subject, keyPath: keyPath, mutation) }
        // Apple's halves inside Tracking's, as for a `@Tracked` property.
        return try trackingWithMutation(of: subject, keyPath: keyPath) {
            let told = Subject._observationWillSet(subject, keyPath: keyPath)
            defer { if told { Subject._observationDidSet(subject, keyPath: keyPath) } }
            return try mutation()
        }
    }

    /// Tracking's half of ``withMutation(of:keyPath:_:)``.
    @usableFromInline
    func trackingWithMutation<Subject: Trackable, Member, T>(
        of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> T
    ) rethrows -> T {
        guard let node = registeredNode(for: keyPath) else { return try mutation() }
        let state = node.willChange()
        defer { node.didChange(state) }
        return try mutation()
    }

    /// The node of `keyPath` if anything ever linked to it and it still has a
    /// link; nil means nobody can be waiting for a change.
    private func registeredNode(for keyPath: AnyKeyPath) -> PropertyNode? {
        guard let node = storage.node(for: keyPath), node.linkCount.load(ordering: .relaxed) > 0 else { return nil }
        return node
    }

    /// How many of the object's properties are registered with the engine
    /// (have been read while tracking). For tests and leak checks.
    public var registeredPropertyCount: Int { storage.registeredCount }

    /// How many dependencies (links from observers, `withTracking` scopes and
    /// derived values) currently point at the object's properties. Zero once
    /// everything that read the object has been cancelled, has fired or has
    /// re-run without reading it. For tests and leak checks.
    public var activeDependencyCount: Int { storage.activeDependencyCount }
}

extension TrackingRegistrar: Codable {
    /// Decodes nothing: the registrar is not part of its owner's data.
    public init(from decoder: any Decoder) throws {
        self.init()
    }

    /// Encodes nothing: the registrar is not part of its owner's data.
    public func encode(to encoder: any Encoder) throws {}
}

extension TrackingRegistrar: Hashable {
    /// All registrars are equal, so that they do not affect their owner's
    /// synthesized `==`.
    public static func == (lhs: Self, rhs: Self) -> Bool { true }

    /// Adds nothing to the hasher.
    public func hash(into hasher: inout Hasher) {}
}
