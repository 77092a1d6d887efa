@_spi(Reflection) import Swift

/// Marks the storage of a `@Tracked` property for ``PropertyNames``.
protocol TrackedStorage {}

/// How diagnostics spell a property: `\Book.title`.
///
/// Key path descriptions on Linux print a property-wrapper property as
/// `\Book.<computed 0x… (String)>`, and forming a key path on the hot path
/// costs a runtime call. Instead, at a property's first link, the engine looks
/// up its owner's stored fields (once per type, from the reflection metadata,
/// without reading any value) and finds the `_title` field that holds this
/// property's cell.
enum PropertyNames {
    private struct Field {
        let offset: Int
        let name: String
    }

    /// Tracked fields per owner type. Guarded by ``GraphLock``.
    @exclusivity(unchecked)
    nonisolated(unsafe) private static var fieldsByType: [ObjectIdentifier: [Field]] = [:]

    /// The name of the `@Tracked` property of `owner` whose storage holds
    /// `cell`. Call with ``GraphLock`` held.
    static func name(ofCell cell: UnsafeMutableRawPointer, in owner: UnsafeMutableRawPointer, of ownerType: Any.Type) -> String {
        for field in trackedFields(of: ownerType) {
            // A `Tracked` is a single reference to its cell, set in the
            // owner's initializer and never written again.
            if owner.load(fromByteOffset: field.offset, as: UnsafeMutableRawPointer?.self) == cell {
                return field.name
            }
        }
        return "\\\(ownerType).<tracked property>"
    }

    private static func trackedFields(of ownerType: Any.Type) -> [Field] {
        let key = ObjectIdentifier(ownerType)
        if let fields = fieldsByType[key] { return fields }
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
        fieldsByType[key] = fields
        return fields
    }
}
