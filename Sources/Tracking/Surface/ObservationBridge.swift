#if canImport(Observation)
import Observation
#endif
import Synchronization

// Apple's Observation sees a Trackable class that also conforms to
// `Observation.Observable`: its `@Tracked` properties and its hand-written
// registrar calls tell Apple's registrar too, so that
// `withObservationTracking`, `Observations` and SwiftUI follow them property
// by property.
//
// The choice is the compiler's. `Trackable`'s bridge requirements have two
// implementations: the do-nothing one below, for every class, and the bridge,
// in an extension constrained to `Observable`, which the compiler takes as
// the witness of a class that conforms to both. `@Tracked` accessors are
// inlined into the class with its witnesses known, so a class without the
// conformance compiles to the code it had before the bridge existed.
//
// Subclasses inherit their superclass's witnesses: a subclass of a bridged
// class is bridged; declaring `Observable` on a subclass of a class that is
// only `Trackable` bridges nothing.

extension Trackable {
    /// `false`: a class that does not conform to `Observation.Observable` is
    /// not seen by Apple's Observation, and pays nothing for the bridge.
    @inlinable @inline(__always)
    public static var _observationBridged: Bool { false }

    /// Does nothing: the class is not bridged.
    @inlinable @inline(__always)
    public static func _observationAccess<Subject: Trackable, Member>(
        _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {}

    /// Does nothing and returns `false`: the class is not bridged.
    @inlinable @inline(__always)
    public static func _observationWillSet<Subject: Trackable, Member>(
        _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) -> Bool { false }

    /// Does nothing: the class is not bridged.
    @inlinable @inline(__always)
    public static func _observationDidSet<Subject: Trackable, Member>(
        _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {}
}

#if canImport(Observation)
@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
extension Trackable where Self: Observable {
    /// `true`: the class conforms to `Observation.Observable`, so its reads
    /// and writes are told to Apple's registrar as well.
    @inlinable @inline(__always)
    public static var _observationBridged: Bool { true }

    /// Tells the object's Apple registrar, made now if this is the object's
    /// first read, that `keyPath` was read: inside Apple's tracking
    /// (`withObservationTracking`, `Observations`, a SwiftUI body) that
    /// records the property; outside, Apple's registrar checks its
    /// thread-local and returns.
    @inlinable
    public static func _observationAccess<Subject: Trackable, Member>(
        _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
        ObservationBridge.of(subject.trackingRegistrar.storage)._withUnsafeGuaranteedRef {
            $0.registrar.access(observableSubject(subject), keyPath: observableKeyPath(keyPath))
        }
    }

    /// Apple's `willSet` for `keyPath` of `subject`, if the object has an
    /// Apple registrar: without one, nothing can have read the object through
    /// Observation, and nothing is told.
    @inlinable
    public static func _observationWillSet<Subject: Trackable, Member>(
        _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) -> Bool {
        guard let bridge = ObservationBridge.existing(subject.trackingRegistrar.storage) else { return false }
        bridge._withUnsafeGuaranteedRef { $0.registrar.willSet(observableSubject(subject), keyPath: observableKeyPath(keyPath)) }
        return true
    }

    /// Apple's `didSet` for `keyPath` of `subject`, if the object has an
    /// Apple registrar.
    @inlinable
    public static func _observationDidSet<Subject: Trackable, Member>(
        _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
        guard let bridge = ObservationBridge.existing(subject.trackingRegistrar.storage) else { return }
        bridge._withUnsafeGuaranteedRef { $0.registrar.didSet(observableSubject(subject), keyPath: observableKeyPath(keyPath)) }
    }

    /// `subject` as this class, which conforms to `Observable`. `Subject` is
    /// this class or a subclass of it: the bridge's hooks are only reached
    /// through this class's witnesses.
    @inlinable @inline(__always)
    static func observableSubject<Subject: Trackable>(_ subject: Subject) -> Self {
        unsafeDowncast(subject, to: Self.self)
    }

    /// `keyPath` with this class as its root. Apple's registrar uses a key
    /// path only as an `AnyKeyPath`, to tell properties apart, so the same
    /// object serves when `Subject` is a subclass.
    @inlinable @inline(__always)
    static func observableKeyPath<Subject: Trackable, Member>(_ keyPath: KeyPath<Subject, Member>) -> KeyPath<Self, Member> {
        // Not `unsafeDowncast`: for a subclass, the object is not of this type.
        Unmanaged<KeyPath<Self, Member>>.fromOpaque(Unmanaged.passUnretained(keyPath).toOpaque()).takeUnretainedValue()
    }
}

/// Apple's registrar of one bridged object, made at the first read of one of
/// its properties and kept, retained, in its ``RegistrarStorage``, which
/// releases it when the object dies (as an `@Observable` object's registrar
/// dies with it).
@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
@usableFromInline
final class ObservationBridge: Sendable {
    @usableFromInline
    let registrar = ObservationRegistrar()

    private init() {}

    /// The bridge of the object whose storage is `storage`, made now if it
    /// has none.
    @inlinable @inline(__always)
    static func of(_ storage: RegistrarStorage) -> Unmanaged<ObservationBridge> {
        existing(storage) ?? install(in: storage)
    }

    /// The bridge of the object whose storage is `storage`, if it has one.
    @inlinable @inline(__always)
    static func existing(_ storage: RegistrarStorage) -> Unmanaged<ObservationBridge>? {
        let word = storage.observationBridge.load(ordering: .acquiring)
        guard word != 0 else { return nil }
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped)
    }

    /// Makes the object's bridge. Two threads may race to make it: one
    /// bridge is kept, the other freed before anyone saw it.
    @usableFromInline @inline(never)
    static func install(in storage: RegistrarStorage) -> Unmanaged<ObservationBridge> {
        let bridge = Unmanaged.passRetained(ObservationBridge())
        let (exchanged, original) = storage.observationBridge.compareExchange(
            expected: 0, desired: UInt(bitPattern: bridge.toOpaque()), ordering: .acquiringAndReleasing)
        if exchanged { return bridge }
        bridge.release()
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: original).unsafelyUnwrapped)
    }
}
#endif
