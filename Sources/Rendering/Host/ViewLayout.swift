@_spi(Reflection) import Swift
import Foundation

/// What the host knows about a view type from its metadata, computed once per
/// type: where its hosted property wrappers are (to connect their storage
/// before each render) and how to tell whether a new copy of the view has the
/// same inputs as the old one (to skip its render).
///
/// The stored fields are read from the type's reflection metadata, without
/// reading any value; installing and comparing then work on the view's bytes
/// at those offsets, with one comparator per field chosen by the field's
/// type. Only structs are supported this way: a view that is a class or an
/// enum has no hosted properties, and its inputs count as changed unless it
/// is `Equatable`.
final class ViewLayout: @unchecked Sendable {
    typealias Comparator = (UnsafeRawPointer, UnsafeRawPointer) -> Bool

    struct HostedField {
        let offset: Int
        let install: @MainActor (UnsafeMutableRawPointer, inout InstallContext) -> Void
        let uninstall: @MainActor (UnsafeMutableRawPointer) -> Void
    }

    /// How two views of the type are compared.
    private enum Comparison {
        /// The view is `Equatable`: its `==` decides (``whole``).
        case whole
        /// Field by field: first the fields that are the same input exactly
        /// when they hold the same reference (class instances,
        /// ``ComparedByReference``), compared as words
        /// (``referenceOffsets``), then the others, each with its comparator
        /// (``comparedFields``).
        case fields
        /// Nothing is known: always changed.
        case never
    }

    /// A field compared by its comparator.
    private struct FieldComparison {
        let offset: Int
        let compare: Comparator
    }

    let hostedFields: [HostedField]
    private let comparison: Comparison
    private let whole: Comparator?
    // In memory the layout owns, so that a comparison walks them without
    // retaining an array.
    private let referenceOffsets: UnsafeMutableBufferPointer<Int>
    private let comparedFields: UnsafeMutableBufferPointer<FieldComparison>
    /// Whether the words at ``offsetsComparedAsWords`` are all a view of
    /// the type holds, each a strong reference (see
    /// ``holdsOnlyStrongReferences(_:at:)``): destroying a view is
    /// releasing each word once.
    let wordsAreStrongReferences: Bool

    private init(
        hostedFields: [HostedField], comparison: Comparison, whole: Comparator? = nil, referenceOffsets: [Int] = [],
        comparedFields: [FieldComparison] = [], wordsAreStrongReferences: Bool = false
    ) {
        self.hostedFields = hostedFields
        self.comparison = comparison
        self.whole = whole
        self.wordsAreStrongReferences = wordsAreStrongReferences
        self.referenceOffsets = .allocate(capacity: referenceOffsets.count)
        _ = self.referenceOffsets.initialize(from: referenceOffsets)
        self.comparedFields = .allocate(capacity: comparedFields.count)
        _ = self.comparedFields.initialize(from: comparedFields)
    }

    deinit {
        referenceOffsets.deallocate()
        comparedFields.deinitialize()
        comparedFields.deallocate()
    }

    /// Connects the hosted properties of `view` to the storage of
    /// `context.node`.
    @MainActor func install<V>(_ view: inout V, _ context: inout InstallContext) {
        guard !hostedFields.isEmpty else { return }
        install(at: &view, &context)
    }

    @MainActor private func install<V>(at view: UnsafeMutablePointer<V>, _ context: inout InstallContext) {
        install(fieldsAt: UnsafeMutableRawPointer(view), &context)
    }

    // The view's address is taken by passing it to a pointer parameter, not
    // with a closure: a main-actor closure given to a function of the
    // standard library checks the executor each time it runs.
    @MainActor private func install(fieldsAt view: UnsafeMutableRawPointer, _ context: inout InstallContext) {
        for (slot, field) in hostedFields.enumerated() {
            context.slot = slot
            field.install(view + field.offset, &context)
        }
    }

    /// Drops what ``install(_:_:)`` connected.
    @MainActor func uninstall<V>(_ view: inout V) {
        guard !hostedFields.isEmpty else { return }
        uninstall(at: &view)
    }

    @MainActor private func uninstall<V>(at view: UnsafeMutablePointer<V>) {
        uninstall(fieldsAt: UnsafeMutableRawPointer(view))
    }

    @MainActor private func uninstall(fieldsAt view: UnsafeMutableRawPointer) {
        for field in hostedFields { field.uninstall(view + field.offset) }
    }

    /// Whether a child given the view at `new` in place of the view at `old`
    /// (both of this layout's type) has the same inputs. Views are passed by
    /// address: a generic value passed by value would be copied to take its
    /// bytes.
    func isSameInput<V>(_ old: UnsafePointer<V>, _ new: UnsafePointer<V>) -> Bool {
        isSameInput(raw: UnsafeRawPointer(old), UnsafeRawPointer(new))
    }

    /// The offsets of the view's fields, if comparing them as words is the
    /// whole comparison (every field is a reference, or compared as one):
    /// for a caller comparing many views of the type in a loop of its own.
    var offsetsComparedAsWords: UnsafeBufferPointer<Int>? {
        guard case .fields = comparison, comparedFields.isEmpty else { return nil }
        return UnsafeBufferPointer(referenceOffsets)
    }

    /// ``isSameInput(_:_:)`` on raw addresses. Inlined where rows are
    /// compared: the usual view, whose fields are references, is compared
    /// with a few loads and no call.
    @inline(__always)
    func isSameInput(raw old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
        switch comparison {
        case .never: return false
        case .whole: return isSameWhole(old, new)
        case .fields: break
        }
        for index in 0..<referenceOffsets.count {
            let offset = referenceOffsets[index]
            if old.load(fromByteOffset: offset, as: UnsafeRawPointer.self)
                != new.load(fromByteOffset: offset, as: UnsafeRawPointer.self)
            {
                return false
            }
        }
        return comparedFields.isEmpty || areComparedFieldsSame(old, new)
    }

    // `releasenone`, here and below: a comparison releases nothing its
    // caller holds (at most what `==` makes for itself, never the last
    // reference to a view or a node), which lets a caller reading the fields
    // of a row it borrows from the tree compare its view without retaining
    // the row around the call.
    @inline(never) @_effects(releasenone)
    private func isSameWhole(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
        whole!(old, new)
    }

    @inline(never) @_effects(releasenone)
    private func areComparedFieldsSame(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
        for index in 0..<comparedFields.count {
            let offset = comparedFields[index].offset
            if !comparedFields[index].compare(old + offset, new + offset) { return false }
        }
        return true
    }

    // MARK: Building

    private static let cache = LayoutCache()

    /// The layout of `type`, computed on first use and cached for the life of
    /// the process. Thread-safe.
    static func of<V>(_ type: V.Type) -> ViewLayout {
        let key = ObjectIdentifier(type)
        cache.lock.lock()
        if let layout = cache.layouts[key] {
            cache.lock.unlock()
            return layout
        }
        cache.lock.unlock()
        let layout = make(type)
        cache.lock.lock()
        defer { cache.lock.unlock() }
        if let existing = cache.layouts[key] { return existing }
        cache.layouts[key] = layout
        return layout
    }

    private static func make<V>(_ type: V.Type) -> ViewLayout {
        let wholeComparator = (type as? any Equatable.Type).map { equatableComparator($0) }
        guard metadataKind(of: type) == .struct else {
            return ViewLayout(hostedFields: [], comparison: wholeComparator == nil ? .never : .whole, whole: wholeComparator)
        }
        var hosted: [HostedField] = []
        var references: [Int] = []
        var others: [FieldComparison] = []
        let complete = _forEachField(of: type, options: []) { _, offset, fieldType, kind in
            if let wrapper = fieldType as? any HostedProperty.Type {
                hosted.append(hostedField(wrapper, offset: offset))
            }
            if let compare = comparator(for: fieldType, kind: kind) {
                others.append(FieldComparison(offset: offset, compare: compare))
            } else {
                references.append(offset)
            }
            return true
        }
        if let wholeComparator {
            return ViewLayout(hostedFields: hosted, comparison: .whole, whole: wholeComparator)
        }
        guard complete else { return ViewLayout(hostedFields: hosted, comparison: .never) }
        // Every field is compared (the view is the same input only if all
        // are), so comparing the cheap ones first changes no result.
        return ViewLayout(
            hostedFields: hosted, comparison: .fields, referenceOffsets: references, comparedFields: others,
            wordsAreStrongReferences: others.isEmpty && holdsOnlyStrongReferences(type, at: references))
    }

    /// How a field of type `type` is compared; nil for "the same reference".
    private static func comparator(for type: Any.Type, kind: _MetadataKind) -> Comparator? {
        if type is any ComparedByReference.Type, MemoryLayout<UnsafeRawPointer>.size == typeSize(type) {
            return nil
        }
        if let input = type as? any ViewInput.Type { return inputComparator(input) }
        if let equatable = type as? any Equatable.Type { return equatableComparator(equatable) }
        switch kind {
        case .class:
            // A class reference: the same instance is the same input.
            return nil
        case .function:
            // A closure cannot be compared: it may capture anything.
            return { _, _ in false }
        default:
            return reflectingComparator(type)
        }
    }

    private static func typeSize(_ type: Any.Type) -> Int {
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return _openExistential(type, do: size)
    }

    private static func hostedField<P: HostedProperty>(_: P.Type, offset: Int) -> HostedField {
        HostedField(
            offset: offset,
            install: { pointer, context in
                pointer.assumingMemoryBound(to: P.self).pointee.install(&context)
            },
            uninstall: { pointer in
                pointer.assumingMemoryBound(to: P.self).pointee.uninstall()
            })
    }

    private static func inputComparator<T: ViewInput>(_: T.Type) -> Comparator {
        { T.isSameInput($0.assumingMemoryBound(to: T.self).pointee, $1.assumingMemoryBound(to: T.self).pointee) }
    }

    private static func equatableComparator<T: Equatable>(_: T.Type) -> Comparator {
        { $0.assumingMemoryBound(to: T.self).pointee == $1.assumingMemoryBound(to: T.self).pointee }
    }

    private static func reflectingComparator<T>(_: T.Type) -> Comparator {
        { inputsAreEqual($0.assumingMemoryBound(to: T.self).pointee, $1.assumingMemoryBound(to: T.self).pointee) }
    }
}

/// The metadata kind of `type`, read as the kind of the one field of a
/// struct that wraps it (the runtime offers no direct query).
private func metadataKind<T>(of type: T.Type) -> _MetadataKind? {
    var kind: _MetadataKind?
    _forEachField(of: KindProbe<T>.self, options: []) { _, _, _, fieldKind in
        kind = fieldKind
        return false
    }
    return kind
}

private struct KindProbe<T> {
    let value: T
}

private final class LayoutCache: @unchecked Sendable {
    let lock = NSLock()
    var layouts: [ObjectIdentifier: ViewLayout] = [:]
}
