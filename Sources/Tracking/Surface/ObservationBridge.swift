#if canImport(Observation)
import Observation
#endif

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
    public static func _observationAccess<Root, Member>(
        _ subject: Self, keyPath: KeyPath<Root, Member>
    ) {}

    /// Does nothing and returns `false`: the class is not bridged.
    @inlinable @inline(__always)
    public static func _observationWillSet<Root, Member>(
        _ subject: Self, keyPath: KeyPath<Root, Member>
    ) -> Bool { false }

    /// Does nothing: the class is not bridged.
    @inlinable @inline(__always)
    public static func _observationDidSet<Root, Member>(
        _ subject: Self, keyPath: KeyPath<Root, Member>
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
    public static func _observationAccess<Root, Member>(
        _ subject: Self, keyPath: KeyPath<Root, Member>
    ) {
        ObservationBridge.of(subject.trackingRegistrar.storage)._withUnsafeGuaranteedRef {
            $0.registrar.access(subject, keyPath: observable(keyPath))
        }
    }

    /// Apple's `willSet` for `keyPath` of `subject`, if the object has an
    /// Apple registrar: without one, nothing can have read the object through
    /// Observation, and nothing is told.
    @inlinable
    public static func _observationWillSet<Root, Member>(
        _ subject: Self, keyPath: KeyPath<Root, Member>
    ) -> Bool {
        guard let bridge = ObservationBridge.existing(subject.trackingRegistrar.storage) else { return false }
        bridge._withUnsafeGuaranteedRef { $0.registrar.willSet(subject, keyPath: observable(keyPath)) }
        return true
    }

    /// Apple's `didSet` for `keyPath` of `subject`, if the object has an
    /// Apple registrar.
    @inlinable
    public static func _observationDidSet<Root, Member>(
        _ subject: Self, keyPath: KeyPath<Root, Member>
    ) {
        guard let bridge = ObservationBridge.existing(subject.trackingRegistrar.storage) else { return }
        bridge._withUnsafeGuaranteedRef { $0.registrar.didSet(subject, keyPath: observable(keyPath)) }
    }

    /// `keyPath`, whose root is this class or, for a property a subclass
    /// declares, the subclass, typed with this class as its root. Apple's
    /// registrar uses a key path only as an `AnyKeyPath`, to tell properties
    /// apart, so the same object serves (no checked cast would do: a
    /// subclass's key path is not of the type).
    @inlinable @inline(__always)
    static func observable<Root, Member>(_ keyPath: KeyPath<Root, Member>) -> KeyPath<Self, Member> {
        _unsafeReferenceCast(keyPath, to: KeyPath<Self, Member>.self)
    }
}

/// Apple's registrar of one bridged object, made at the first read of one of
/// its properties and kept, retained, in its ``RegistrarStorage``'s lock
/// word, which releases it when the object dies (so the registrar dies with
/// the object, as an `@Observable` object's does).
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
        let pointer = storage.lock.pointer
        guard pointer != 0 else { return nil }
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: pointer).unsafelyUnwrapped)
    }

    /// Makes the object's bridge. Two threads may race to make it: one
    /// bridge is kept, the other freed before anyone saw it.
    @usableFromInline @inline(never)
    static func install(in storage: RegistrarStorage) -> Unmanaged<ObservationBridge> {
        let bridge = Unmanaged.passRetained(ObservationBridge())
        let made = UInt(bitPattern: bridge.toOpaque())
        let kept = storage.lock.withLock { storage.lock.setPointerLocked(made) }
        if kept != made { bridge.release() }
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: kept).unsafelyUnwrapped)
    }
}
#endif

/// Releases the bridge whose address a dying object's ``RegistrarStorage``
/// holds (never 0).
func releaseObservationBridge(at address: UInt) {
    Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped).release()
}
