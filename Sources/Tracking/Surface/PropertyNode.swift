/// The graph node of one tracked property of one object, made when something
/// first tracks a read of it, and owned by the object's ``RegistrarStorage``.
@usableFromInline
class PropertyNode: SourceNode, @unchecked Sendable {
    /// The object whose property it is, unretained: valid while the node is
    /// not dead (the owner's death marks it), and only read under the
    /// component lock (``PropertyIdentity``, for ``TrackingEvent/matches(_:)``
    /// with a computed key path).
    final let owner: UnsafeMutableRawPointer

    init(owner: UnsafeMutableRawPointer) {
        self.owner = owner
        super.init()
    }

    /// How diagnostics name the property, e.g. `\Book.title`.
    override var displayName: String { "a tracked property" }
}

/// The node of a `@Tracked` property: it knows where the value lives in the
/// object and how to compare two values, for equal-value writes and for
/// transaction snapshots.
@usableFromInline
class TrackedPropertyNode: PropertyNode, @unchecked Sendable {
    /// The equality policy, as the property's slot held it before the node
    /// (see ``TrackedSlot``): 0 when every assignment notifies. Kept as the
    /// word, so that comparing calls the function without retaining anything.
    @usableFromInline
    final let equality: UInt

    /// The owner's type and the offset of the property's storage in it, to
    /// find the property's name when a diagnostic needs it, and to tell
    /// properties apart (``PropertyIdentity``).
    let ownerType: Any.Type
    let offset: Int

    /// Where the value lives, inside the owning object (which outlives every
    /// use: the node is told of the owner's death before its memory goes).
    final let valueAddress: UnsafeMutableRawPointer

    /// The value before the snapshotting transaction's first change: the
    /// value's own bytes when it is kept inline
    /// (``SourceNode/inlineSnapshotSize``), else the address of room for it,
    /// allocated at the first snapshot, with bit 0 set while it holds a value
    /// (the room comes from malloc, whose addresses are even). One word, so
    /// that the node fits a 160-byte malloc chunk (a separate flag took it to
    /// 176). Only that transaction's thread touches it.
    @exclusivity(unchecked)
    final var snapshotBits: UInt = 0

    /// Makes the node of the property whose value is at `value`. Required, so
    /// that ``RegistrarStorage/installNode(in:value:owner:ownerType:nodeType:)``
    /// makes the typed subclass from a metatype its specialized caller
    /// passes, without looking up generic metadata.
    required init(
        value: UnsafeMutableRawPointer, equality: UInt, owner: UnsafeMutableRawPointer, ownerType: Any.Type,
        offset: Int
    ) {
        self.equality = equality
        self.ownerType = ownerType
        self.offset = offset
        valueAddress = value
        super.init(owner: owner)
    }

    // MARK: Snapshots
    //
    // A trivial value of at most a word is kept in ``snapshotBits`` here,
    // without the typed subclass, whose methods run unspecialized: the copy
    // and the comparison then need no metadata.

    final override func takeSnapshot() -> Bool {
        let size = Int(inlineSnapshotSize)
        if size == 0 { return takeRoomSnapshot() }
        let source = UnsafeRawPointer(valueAddress)
        switch size {
        case 8: snapshotBits = UInt(source.loadUnaligned(as: UInt64.self))
        case 4: snapshotBits = UInt(source.loadUnaligned(as: UInt32.self))
        case 2: snapshotBits = UInt(source.loadUnaligned(as: UInt16.self))
        case 1: snapshotBits = UInt(source.load(as: UInt8.self))
        default:
            var word: UInt = 0
            withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(start: source, count: size)) }
            snapshotBits = word
        }
        return true
    }

    final override func snapshotIsUnchanged() -> Bool {
        if inlineSnapshotSize == 0 { return roomSnapshotIsUnchanged() }
        var word = snapshotBits
        // Compared under the lock, so that the owner cannot be freed
        // meanwhile: its death takes the same lock to mark the node dead. The
        // equality function is the property's own, made in specialized code.
        let component = Component.lock(self)
        let unchanged = !isDead && withUnsafeBytes(of: &word) {
            TrackedSlot.compare(equality, $0.baseAddress.unsafelyUnwrapped, UnsafeRawPointer(valueAddress))
        }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        return unchanged
    }

    final override func dropSnapshot() {
        if inlineSnapshotSize == 0 { dropRoomSnapshot() }
    }

    /// ``takeSnapshot()`` of a value kept in room of its own (the typed
    /// subclass).
    func takeRoomSnapshot() -> Bool { false }

    /// ``snapshotIsUnchanged()`` of a value kept in room of its own.
    func roomSnapshotIsUnchanged() -> Bool { false }

    /// ``dropSnapshot()`` of a value kept in room of its own.
    func dropRoomSnapshot() {}

    /// Whether assigning `newValue` would store a value equal to the one at
    /// `storage`, so that nobody needs to hear of it.
    @inlinable @inline(__always)
    final func isEqualToStored<Value>(_ newValue: Value, at storage: UnsafeMutablePointer<Tracked<Value>>) -> Bool {
        TrackedPropertyNode.isEqualToStored(newValue, at: storage, by: equality)
    }

    /// ``isEqualToStored(_:at:)`` by the equality word alone, so that the
    /// caller holds no node across the comparison.
    @inlinable @inline(__always)
    static func isEqualToStored<Value>(
        _ newValue: Value, at storage: UnsafeMutablePointer<Tracked<Value>>, by word: UInt
    ) -> Bool {
        if word == TrackedSlot.notifiesEveryAssignment { return false }
        let stored = withUnsafeMutablePointer(to: &storage.pointee.value) { UnsafeRawPointer($0) }
        return withUnsafePointer(to: newValue) { TrackedSlot.compare(word, stored, UnsafeRawPointer($0)) }
    }

    final override var displayName: String {
        PropertyNames.name(ofStorageAt: offset, in: ownerType)
    }
}

/// The typed half: the transaction's snapshot of a value that is not kept
/// inline.
///
/// Its methods run unspecialized (they are reached through the class's
/// table), so it keeps the snapshot behind a typed pointer rather than in an
/// optional, whose metadata each use would look up, and compares with the
/// property's specialized equality function.
@usableFromInline
final class TypedTrackedNode<Value>: TrackedPropertyNode, @unchecked Sendable {
    /// Where the value lives.
    private var value: UnsafeMutablePointer<Value> { valueAddress.assumingMemoryBound(to: Value.self) }

    private static var holdsValue: UInt { 1 }

    /// The room, if a snapshot was ever taken.
    private var snapshotRoom: UnsafeMutablePointer<Value>? {
        UnsafeMutablePointer(bitPattern: snapshotBits & ~TypedTrackedNode.holdsValue)
    }

    private var hasSnapshot: Bool { snapshotBits & TypedTrackedNode.holdsValue != 0 }

    required init(
        value: UnsafeMutableRawPointer, equality: UInt, owner: UnsafeMutableRawPointer, ownerType: Any.Type,
        offset: Int
    ) {
        super.init(value: value, equality: equality, owner: owner, ownerType: ownerType, offset: offset)
        // A trivial value that fits a word is kept in ``snapshotBits`` itself:
        // no room to allocate, and a copy that needs no metadata.
        if equality != TrackedSlot.notifiesEveryAssignment, _isPOD(Value.self),
           MemoryLayout<Value>.size <= MemoryLayout<UInt>.size, MemoryLayout<Value>.alignment <= MemoryLayout<UInt>.alignment {
            inlineSnapshotSize = UInt8(MemoryLayout<Value>.size)
        }
    }

    deinit {
        if inlineSnapshotSize != 0 { return }
        if let room = snapshotRoom {
            if hasSnapshot { room.deinitialize(count: 1) }
            room.deallocate()
        }
    }

    override func takeRoomSnapshot() -> Bool {
        guard equality != TrackedSlot.notifiesEveryAssignment else { return false }
        let room: UnsafeMutablePointer<Value>
        if let existing = snapshotRoom {
            room = existing
        } else {
            room = .allocate(capacity: 1)
            precondition(
                UInt(bitPattern: room) & TypedTrackedNode.holdsValue == 0,
                "TypedTrackedNode: the allocator returned a snapshot's room at an odd address")
        }
        if _isPOD(Value.self) {
            // Unspecialized, a typed copy goes through the value's witness
            // twice (into a temporary, then into the room).
            UnsafeMutableRawPointer(room).copyMemory(from: value, byteCount: MemoryLayout<Value>.size)
        } else {
            room.initialize(to: value.pointee)
        }
        snapshotBits = UInt(bitPattern: room) | TypedTrackedNode.holdsValue
        return true
    }

    override func roomSnapshotIsUnchanged() -> Bool {
        guard hasSnapshot, let room = snapshotRoom else { return false }
        // Under the lock, as ``snapshotIsUnchanged()``.
        let component = Component.lock(self)
        let unchanged = !isDead && TrackedSlot.compare(equality, UnsafeRawPointer(room), UnsafeRawPointer(value))
        component._withUnsafeGuaranteedRef { $0.unlock() }
        return unchanged
    }

    override func dropRoomSnapshot() {
        if hasSnapshot {
            // Unspecialized: a trivial value would still go through the
            // runtime's generic destroy.
            if !_isPOD(Value.self) { snapshotRoom?.deinitialize(count: 1) }
            snapshotBits &= ~TypedTrackedNode.holdsValue
        }
    }
}

/// A property whose changes are announced by hand, through
/// ``TrackingRegistrar/access(_:keyPath:)`` and friends; found by key path.
final class KeyPathPropertyNode: PropertyNode, @unchecked Sendable {
    let keyPath: AnyKeyPath

    init(keyPath: AnyKeyPath, owner: UnsafeMutableRawPointer) {
        self.keyPath = keyPath
        super.init(owner: owner)
    }

    override var displayName: String { String(describing: keyPath) }
}
