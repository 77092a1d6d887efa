@_spi(Reflection) import Swift

/// Marks the storage of a `@Tracked` property for ``PropertyNames``.
protocol TrackedStorage {}

/// How diagnostics spell a property: `\Book.title`.
///
/// Key path descriptions on Linux print a property-wrapper property as
/// `\Book.<computed 0x… (String)>`, and forming a key path on the hot path
/// costs a runtime call. Instead, when a diagnostic needs the name, the
/// engine looks up its owner's stored fields (once per type, from the
/// reflection metadata, without reading any value) and finds the `_title`
/// field at the offset of this property's storage.
enum PropertyNames {
    private struct Field {
        let offset: Int
        let name: String
    }

    private static let lock = SpinLock()
    /// Tracked fields per owner type. Guarded by `lock`.
    nonisolated(unsafe) private static var fieldsByType: [ObjectIdentifier: [Field]] = [:]

    /// The name of the `@Tracked` property of `ownerType` whose storage is at
    /// `offset` in the object.
    static func name(ofStorageAt offset: Int, in ownerType: Any.Type) -> String {
        for field in trackedFields(of: ownerType) where field.offset == offset {
            return field.name
        }
        return "\\\(ownerType).<tracked property>"
    }

    private static func trackedFields(of ownerType: Any.Type) -> [Field] {
        let key = ObjectIdentifier(ownerType)
        if let fields = lock.withLock({ fieldsByType[key] }) { return fields }
        var fields: [Field] = []
        // `.classType`, spelled by value: the static is not concurrency-safe.
        let options = _EachFieldOptions(rawValue: 1 << 0)
        _ = _forEachField(of: ownerType, options: options) { name, offset, type, _ in
            if type is any TrackedStorage.Type {
                var property = String(cString: name)
                if property.hasPrefix("_") { property.removeFirst() }
                fields.append(Field(offset: offset, name: "\\\(ownerType).\(property)"))
            }
            return true
        }
        lock.withLock { fieldsByType[key] = fields }
        return fields
    }
}
