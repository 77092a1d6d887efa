@_spi(Reflection) import Swift
import Synchronization

/// Where the `@Published` properties of one class (its own and its
/// superclasses') are stored in an instance, found once per class from the
/// type's reflection metadata and kept for the life of the process.
///
/// This is how the default ``ObservableObject/objectWillChange`` reaches an
/// instance's publisher without reflecting over the instance: it reads the
/// storage of the first `@Published` property at a known offset.
///
/// The metadata walk uses the standard library's reflection SPI
/// (`_forEachField`, the same metadata `Mirror` reads). It lists stored
/// properties of the class and of its superclasses, with their offsets for
/// this exact class (so generic classes, whose offsets depend on their
/// arguments, get one layout per specialization). A class compiled without
/// reflection metadata would appear to have no `@Published` properties and
/// fall back to ``UnpublishedObjects``.
///
/// Layouts are immortal (one per class, never freed), which lets
/// ``LayoutCache`` hand them out without reference counting.
final class PublishedLayout: @unchecked Sendable {
    /// One `@Published` property: the offset of its `Published<Value>` in the
    /// instance.
    struct Field {
        let offset: Int

        /// Calls `body` with the storage of this property in `object`,
        /// without retaining it (`object` keeps it alive).
        ///
        /// `Published<Value>` has exactly one stored property, the reference
        /// to its storage, so the field is that reference whatever `Value` is
        /// (checked by a test).
        @inline(__always)
        func withStorage<Result>(in object: AnyObject, _ body: (PublishedStorageBase) -> Result) -> Result {
            let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
            let storage = base.load(fromByteOffset: offset, as: Unmanaged<PublishedStorageBase>.self)
            return storage._withUnsafeGuaranteedRef(body)
        }
    }

    /// The class this layout describes.
    let type: ObjectIdentifier
    /// The `@Published` properties, superclasses' first, in declaration order.
    let fields: [Field]
    /// `fields.first`, kept apart so that the hot path touches no array.
    let first: Field?

    private static let all = Locked<[ObjectIdentifier: PublishedLayout]>([:])

    /// The layout of `type`, computed on first use; unretained (layouts are
    /// immortal).
    static func of(_ type: AnyObject.Type) -> Unmanaged<PublishedLayout> {
        let key = ObjectIdentifier(type)
        if let cached = LayoutCache.shared.layout(for: key) { return cached }
        let layout = all.withLock { $0[key] } ?? register(PublishedLayout(scanning: type))
        LayoutCache.shared.remember(layout)
        return Unmanaged.passUnretained(layout)
    }

    private static func register(_ layout: PublishedLayout) -> PublishedLayout {
        all.withLock { all in
            if let raced = all[layout.type] { return raced }
            all[layout.type] = layout
            return layout
        }
    }

    /// `[.classType, .ignoreUnknown]`, spelled by raw value because the
    /// standard library declares those options as mutable statics, which
    /// Swift 6 rejects.
    private static var scanOptions: _EachFieldOptions { _EachFieldOptions(rawValue: 1 << 0 | 1 << 1) }

    private init(scanning type: AnyObject.Type) {
        var fields: [Field] = []
        _ = _forEachField(of: type, options: Self.scanOptions) { _, offset, fieldType, _ in
            if fieldType is any PublishedField.Type {
                fields.append(Field(offset: offset))
            }
            return true
        }
        self.type = ObjectIdentifier(type)
        self.fields = fields
        first = fields.first
    }
}

/// A lock-free, direct-mapped cache in front of the table of layouts: 64
/// slots, each holding an (unretained, immortal) layout, indexed by bits of
/// the class's metadata address. A hit is one atomic load and a compare; a
/// miss (first use, or another class in the same slot) takes the table's
/// lock and refills the slot.
final class LayoutCache: @unchecked Sendable {
    static let shared = LayoutCache()
    private static let slotCount = 64

    private let slots: UnsafeMutablePointer<Atomic<UInt>>

    private init() {
        slots = .allocate(capacity: Self.slotCount)
        for index in 0..<Self.slotCount {
            (slots + index).initialize(to: Atomic(0))
        }
    }

    /// Metadata addresses are aligned, so the low bits carry no information.
    @inline(__always)
    private func slot(for type: ObjectIdentifier) -> Int {
        Int(bitPattern: (UInt(bitPattern: type) >> 4) % UInt(Self.slotCount))
    }

    /// The cached layout of `type`, if its slot holds it; unretained (layouts
    /// are immortal).
    @inline(__always)
    func layout(for type: ObjectIdentifier) -> Unmanaged<PublishedLayout>? {
        let bits = slots[slot(for: type)].load(ordering: .acquiring)
        guard bits != 0 else { return nil }
        let layout = Unmanaged<PublishedLayout>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
        return layout._withUnsafeGuaranteedRef { $0.type == type } ? layout : nil
    }

    func remember(_ layout: PublishedLayout) {
        let bits = UInt(bitPattern: Unmanaged.passUnretained(layout).toOpaque())
        slots[slot(for: layout.type)].store(bits, ordering: .releasing)
    }
}

/// Marks `Published<Value>` for every `Value`, so that the metadata walk can
/// recognize its fields.
protocol PublishedField {}

extension Published: PublishedField {}
