@_spi(Reflection) import Swift

/// Where the `@Published` properties of one class (its own and its
/// superclasses') are stored in an instance, found once per class from the
/// type's reflection metadata and cached for the life of the process.
///
/// This is how the default ``ObservableObject/objectWillChange`` reaches an
/// instance's publisher without reflecting over the instance: it reads the
/// storage of the first `@Published` property at a known offset.
///
/// The metadata walk uses the standard library's reflection SPI
/// (`_forEachField`, the same metadata `Mirror` reads). It lists stored
/// properties of the class and of its superclasses, with their offsets for
/// this exact class (so generic classes, whose offsets depend on their
/// arguments, get one entry per specialization). A class compiled without
/// reflection metadata would appear to have no `@Published` properties and
/// fall back to ``UnpublishedObjects``.
struct PublishedLayout: @unchecked Sendable {
    struct Field {
        let offset: Int
        let type: any PublishedField.Type

        /// The storage of this property in `object`.
        func storage(in object: AnyObject) -> PublishedStorageBase {
            let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
            return type.storage(at: base + offset)
        }
    }

    /// The `@Published` properties, superclasses' first, in declaration order.
    let fields: [Field]

    private static let cache = Locked<[ObjectIdentifier: PublishedLayout]>([:])

    /// The layout of `type`, computed on first use.
    static func of(_ type: AnyObject.Type) -> PublishedLayout {
        let key = ObjectIdentifier(type)
        if let known = cache.withLock({ $0[key] }) { return known }
        let layout = PublishedLayout(scanning: type)
        return cache.withLock { cache in
            if let raced = cache[key] { return raced }
            cache[key] = layout
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
            if let published = fieldType as? any PublishedField.Type {
                fields.append(Field(offset: offset, type: published))
            }
            return true
        }
        self.fields = fields
    }
}

/// Implemented by `Published<Value>` for every `Value`, so that a field found
/// in the metadata can be read without knowing `Value`.
protocol PublishedField {
    static func storage(at address: UnsafeRawPointer) -> PublishedStorageBase
}

extension Published: PublishedField {
    static func storage(at address: UnsafeRawPointer) -> PublishedStorageBase {
        address.assumingMemoryBound(to: Published<Value>.self).pointee.storage
    }
}
