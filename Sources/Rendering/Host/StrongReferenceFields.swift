@_spi(Reflection) import Swift

/// Whether a view type holds nothing but strong references, one word each,
/// at the offsets given: then destroying a view of the type is releasing
/// each of those words once, and nothing else, which a caller that drops
/// many such views may do itself (see ``KeptRows``).
///
/// A field counts if it is held strongly and is a class instance,
/// `AnyObject`, or a struct whose one field is such a reference (``Bindable``,
/// ``ObservedObject``). Reflection reports a `weak`, `unowned` or
/// `unowned(unsafe)` field with the type it refers to, as if it were
/// strong: which fields are strong is read from the key paths the runtime
/// makes for them (it makes none for the others).
///
/// Always false where Swift objects may be Objective-C objects, which the
/// runtime's native release does not handle.
func holdsOnlyStrongReferences<V>(_ type: V.Type, at offsets: [Int]) -> Bool {
    #if canImport(ObjectiveC)
    return false
    #else
    let strong = strongFieldOffsets(of: type)
    var fieldCount = 0
    let complete = _forEachField(of: type, options: []) { _, offset, fieldType, kind in
        fieldCount += 1
        return offsets.contains(offset) && strong.contains(offset) && isOneStrongReference(fieldType, kind: kind)
    }
    return complete && fieldCount == offsets.count
    #endif
}

/// Whether a value of `type` (of metadata kind `kind`), held strongly, is
/// one strong reference and nothing else.
private func isOneStrongReference(_ type: Any.Type, kind: _MetadataKind) -> Bool {
    guard size(of: type) == MemoryLayout<UnsafeRawPointer>.size else { return false }
    switch kind {
    case .class:
        return true
    case .existential:
        // Of the one-word existentials, `AnyObject` only (`any Error` is
        // one word too, a box released another way).
        return type == AnyObject.self
    case .struct:
        let strong = _openExistential(type, do: strongFieldOffsets)
        var fields: [(offset: Int, type: Any.Type, kind: _MetadataKind)] = []
        let complete = _forEachField(of: type, options: []) { _, offset, fieldType, fieldKind in
            fields.append((offset, fieldType, fieldKind))
            return true
        }
        guard complete, fields.count == 1, fields[0].offset == 0, strong.contains(0) else { return false }
        return isOneStrongReference(fields[0].type, kind: fields[0].kind)
    default:
        return false
    }
}

/// The offsets of the stored fields of `type` that are held strongly.
private func strongFieldOffsets<T>(of type: T.Type) -> [Int] {
    var offsets: [Int] = []
    // `.ignoreUnknown` (skip the fields it makes no key path for, instead of
    // stopping), by its raw value: the standard library declares the option
    // as a static `var`, which strict concurrency does not let code read.
    let ignoreUnknown = _EachFieldOptions(rawValue: 1 << 1)
    _ = _forEachFieldWithKeyPath(of: type, options: ignoreUnknown) { _, path in
        if let offset = MemoryLayout<T>.offset(of: path) { offsets.append(offset) }
        return true
    }
    return offsets
}

private func size(of type: Any.Type) -> Int {
    func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    return _openExistential(type, do: size)
}
