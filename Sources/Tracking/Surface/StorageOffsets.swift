import CTrackingSupport
import Foundation

/// The offsets of `@Tracked` storages in their objects, by storage key path,
/// for builds without the optimizer (see ``Tracked/storage(_:_:)``).
///
/// Optimized code never needs it: there the key path is a literal the
/// optimizer turns into a field address. Unoptimized code receives the key
/// path as an object, the same one at every access from one place in the
/// source, and applying it projects through the runtime. The offset depends
/// only on the key path, so it is found once and kept in a small table of
/// words, each holding a key path's address and its offset, read and written
/// atomically; a collision only costs a lookup, under a lock, in the
/// table of every offset measured. The table keeps the key
/// paths it holds alive, so that an address it holds is never reused by
/// another key path (a generic class's key paths may be made and freed at
/// every access).
@usableFromInline
enum StorageOffsets {
    private static let slotCount = 512

    @usableFromInline
    nonisolated(unsafe) static let table: UnsafeMutablePointer<UInt> = {
        let table = UnsafeMutablePointer<UInt>.allocate(capacity: slotCount)
        table.initialize(repeating: 0, count: slotCount)
        return table
    }()

    /// Offsets up to 64 KiB fit next to the key path's address.
    private static let offsetBits: UInt = 16

    @usableFromInline @_transparent
    static func slot(of keyPath: AnyKeyPath) -> UnsafeMutablePointer<UInt> {
        let address = UInt(bitPattern: Unmanaged.passUnretained(keyPath).toOpaque())
        return table + Int(truncatingIfNeeded: (address >> 4) & 511)
    }

    /// The offset remembered for `keyPath`, if any.
    @usableFromInline @_transparent
    static func offset(of keyPath: AnyKeyPath) -> Int? {
        let word = tracking_word_load(slot(of: keyPath))
        let address = UInt(bitPattern: Unmanaged.passUnretained(keyPath).toOpaque())
        guard word != 0, word >> 16 == address else { return nil }
        return Int(truncatingIfNeeded: word & 0xFFFF)
    }

    /// Remembers `offset` for `keyPath` (unless it does not fit).
    @usableFromInline
    static func remember(_ offset: Int, of keyPath: AnyKeyPath) {
        let address = UInt(bitPattern: Unmanaged.passUnretained(keyPath).toOpaque())
        guard offset >= 0, offset < 1 << offsetBits, address >> (64 - offsetBits) == 0 else { return }
        let slot = slot(of: keyPath)
        let old = tracking_word_load(slot)
        let kept = Unmanaged.passRetained(keyPath)
        if tracking_word_compare_exchange(slot, old, (address << offsetBits) | UInt(offset)) {
            if old != 0, let replaced = UnsafeRawPointer(bitPattern: old >> offsetBits) {
                Unmanaged<AnyKeyPath>.fromOpaque(replaced).release()
            }
        } else {
            kept.release()
        }
    }

    /// Serializes ``measure(_:in:)``. A pthread mutex, whose ordering the
    /// thread sanitizer sees.
    private static let measuring = NSLock()

    /// Every offset measured, by key path, guarded by `measuring`: the table
    /// above forgets a key path whose slot another one took, and this one
    /// does not, so that a key path is applied to an instance once. The key
    /// paths are kept alive (their addresses are the keys). Emptied when it
    /// grows past `measuredLimit`, which only a generic class's key paths,
    /// made afresh at each access, can make it do.
    nonisolated(unsafe) private static var measured: [UInt: (keyPath: AnyKeyPath, offset: Int)] = [:]
    private static let measuredLimit = 4_096

    /// The address of `keyPath`'s storage in `instance`, found by applying
    /// the key path, and remembered. Applying it is a formal modifying access
    /// to the storage: two threads reading a property for the first time
    /// would make two at once, and one made while another thread, which took
    /// the address by the offset, installs the property's node, is a race to
    /// the thread sanitizer. So the measures take turns, and a key path is
    /// applied once: later measures take the offset found first, before any
    /// thread reached the storage by that offset.
    @usableFromInline
    static func measure<Owner: AnyObject, Storage>(
        _ keyPath: ReferenceWritableKeyPath<Owner, Storage>, in instance: Owner
    ) -> UnsafeMutablePointer<Storage> {
        let object = Unmanaged.passUnretained(instance).toOpaque()
        let address = UInt(bitPattern: Unmanaged.passUnretained(keyPath).toOpaque())
        let offset = measuring.withLock {
            if let known = measured[address] {
                remember(known.offset, of: keyPath)
                return known.offset
            }
            let storage = withUnsafeMutablePointer(to: &instance[keyPath: keyPath]) { $0 }
            let offset = UnsafeMutableRawPointer(storage) - object
            if measured.count >= measuredLimit { measured.removeAll() }
            measured[address] = (keyPath, offset)
            remember(offset, of: keyPath)
            return offset
        }
        return (object + offset).assumingMemoryBound(to: Storage.self)
    }
}
