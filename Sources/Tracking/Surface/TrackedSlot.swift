import CTrackingSupport

/// The one word of bookkeeping a `@Tracked` property keeps next to its value.
///
/// Until something tracks a read of the property, the word holds its
/// equality policy; from then on, its graph node (which keeps the policy):
///
/// | bits | meaning |
/// |---|---|
/// | `0` | unobserved; every assignment notifies |
/// | a function address (low bits `00`) | unobserved; equal values are the same (`==`, `===`) |
/// | an ``EqualityBox`` address `\| 0b10` | unobserved; the same, for a comparison that needs a context |
/// | a ``TrackedPropertyNode`` address `\| 0b01` | observed |
///
/// An equality function is a closure over two pointers to values; made in
/// specialized code it captures nothing, and only its function address needs
/// keeping. One made in unspecialized generic code captures the value's type,
/// and is shared per type and policy in an ``EqualityBox``.
///
/// The word is read and written atomically: a first tracked read on one
/// thread installs the node while other threads read and write the property.
@usableFromInline
enum TrackedSlot {
    /// Compares the values at two addresses of one type.
    @usableFromInline
    typealias Equality = (UnsafeRawPointer, UnsafeRawPointer) -> Bool

    /// Which comparison an ``EqualityBox`` holds, to share boxes by type.
    @usableFromInline
    enum Kind: UInt8 {
        case equatable
        case identity
    }

    @usableFromInline
    static let notifiesEveryAssignment: UInt = 0

    private static let tagMask: UInt = 0b11
    @usableFromInline
    static let nodeTag: UInt = 0b01
    private static let boxTag: UInt = 0b10

    /// The word for an equality policy. `isEqual` makes the comparison; it is
    /// called only when the word is not known yet.
    @inlinable @inline(__always)
    static func policy<Value>(_ type: Value.Type, _ kind: Kind, _ isEqual: () -> Equality) -> UInt {
        #if DEBUG
        // Unoptimized code makes a context for the comparison (it captures the
        // value's type) at every initialization: look for its box first.
        if let word = EqualityBox.cachedWord(for: type, kind) { return word }
        #endif
        let comparison = isEqual()
        let (function, context) = unsafeBitCast(comparison, to: (UInt, UInt).self)
        if context == 0, function & 0b11 == 0 { return function }
        return boxedPolicy(type, kind, comparison)
    }

    /// The word for a comparison made in unspecialized code: one box per type
    /// and policy, kept for the life of the process.
    @usableFromInline @inline(never)
    static func boxedPolicy<Value>(_ type: Value.Type, _ kind: Kind, _ isEqual: @escaping Equality) -> UInt {
        UInt(bitPattern: EqualityBox.shared(for: type, kind, isEqual).toOpaque()) | boxTag
    }

    /// The policy the plain initializers would have chosen, decided at run
    /// time: `==` for an `Equatable` type, `===` for a class, otherwise every
    /// assignment notifies.
    static func runtimePolicy<Value>(_ type: Value.Type) -> UInt {
        if let equatable = Value.self as? any Equatable.Type {
            return equatablePolicy(equatable, Value.self)
        }
        if Value.self is AnyObject.Type {
            return boxedPolicy(Value.self, .identity) {
                ($0.assumingMemoryBound(to: Value.self).pointee as AnyObject)
                    === ($1.assumingMemoryBound(to: Value.self).pointee as AnyObject)
            }
        }
        return notifiesEveryAssignment
    }

    private static func equatablePolicy<E: Equatable, Value>(_: E.Type, _: Value.Type) -> UInt {
        // E is Value, opened from the existential metatype.
        boxedPolicy(Value.self, .equatable) {
            $0.assumingMemoryBound(to: E.self).pointee == $1.assumingMemoryBound(to: E.self).pointee
        }
    }

    /// The word of the storage at `storage`, loaded atomically.
    @usableFromInline @_transparent
    static func load<Value>(_ storage: UnsafeMutablePointer<Tracked<Value>>) -> UInt {
        tracking_word_load(UnsafeMutableRawPointer(storage).assumingMemoryBound(to: UInt.self))
    }

    /// The node in `word`, if the property is observed.
    @usableFromInline @_transparent
    static func node(_ word: UInt) -> Unmanaged<TrackedPropertyNode>? {
        guard word & 0b11 == nodeTag else { return nil }
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: word & ~0b11).unsafelyUnwrapped)
    }

    /// Compares the values at `a` and `b` with the equality policy `word`
    /// (not ``notifiesEveryAssignment``).
    @inlinable @inline(__always)
    static func compare(_ word: UInt, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        if word & 0b11 == 0 {
            // A function that captures nothing: rebuilt with no context.
            return unsafeBitCast((word, UInt(0)), to: Equality.self)(a, b)
        }
        return compareBoxed(word, a, b)
    }

    @usableFromInline @inline(never)
    static func compareBoxed(_ word: UInt, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        Unmanaged<EqualityBox>.fromOpaque(UnsafeRawPointer(bitPattern: word & ~tagMask).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { $0.isEqual(a, b) }
    }

    /// Replaces an unobserved property's `expected` word with `node`'s.
    /// Returns false if another thread changed the word first.
    static func install(_ node: TrackedPropertyNode, in storage: UnsafeMutableRawPointer, replacing expected: UInt) -> Bool {
        let desired = UInt(bitPattern: Unmanaged.passUnretained(node).toOpaque()) | nodeTag
        return tracking_word_compare_exchange(storage.assumingMemoryBound(to: UInt.self), expected, desired)
    }
}

/// An equality function that needs a context, shared by every property of one
/// type with one policy.
@usableFromInline
final class EqualityBox: @unchecked Sendable {
    let isEqual: TrackedSlot.Equality
    private let key: Key

    private init(_ isEqual: @escaping TrackedSlot.Equality, key: Key) {
        self.isEqual = isEqual
        self.key = key
    }

    private struct Key: Hashable {
        let type: ObjectIdentifier
        let kind: TrackedSlot.Kind
    }

    /// Boxes by a hash of their key, for unoptimized builds to find one
    /// without the lock (boxes live for the life of the process, so any box
    /// address found here is valid; its key says whether it is the one).
    nonisolated(unsafe) private static let recent: UnsafeMutablePointer<UInt> = {
        let table = UnsafeMutablePointer<UInt>.allocate(capacity: 256)
        table.initialize(repeating: 0, count: 256)
        return table
    }()

    private static func recentSlot(_ key: Key) -> UnsafeMutablePointer<UInt> {
        let bits = UInt(bitPattern: key.type.hashValue) &+ UInt(key.kind.rawValue)
        return recent + Int(truncatingIfNeeded: (bits >> 4) & 255)
    }

    /// The slot word of the box for `type` and `kind`, if one was made.
    @usableFromInline
    static func cachedWord<Value>(for type: Value.Type, _ kind: TrackedSlot.Kind) -> UInt? {
        let key = Key(type: ObjectIdentifier(type), kind: kind)
        let word = tracking_word_load(recentSlot(key))
        guard word != 0,
              Unmanaged<EqualityBox>.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped)
                  ._withUnsafeGuaranteedRef({ $0.key == key }) else { return nil }
        return word | 0b10
    }

    private static let lock = SpinLock()
    nonisolated(unsafe) private static var boxes: [Key: Unmanaged<EqualityBox>] = [:]

    /// The box for `type` and `kind`, made from `isEqual` the first time.
    static func shared<Value>(for type: Value.Type, _ kind: TrackedSlot.Kind, _ isEqual: @escaping TrackedSlot.Equality) -> Unmanaged<EqualityBox> {
        let key = Key(type: ObjectIdentifier(type), kind: kind)
        let box = lock.withLock {
            if let box = boxes[key] { return box }
            let box = Unmanaged.passRetained(EqualityBox(isEqual, key: key))
            boxes[key] = box
            return box
        }
        let slot = recentSlot(key)
        _ = tracking_word_compare_exchange(slot, tracking_word_load(slot), UInt(bitPattern: box.toOpaque()))
        return box
    }
}
