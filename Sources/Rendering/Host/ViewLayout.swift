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

    private enum Comparison {
        /// The view is `Equatable`: its `==` decides.
        case whole(Comparator)
        /// Field by field.
        case fields([(offset: Int, compare: Comparator)])
        /// Nothing is known: always changed.
        case never
    }

    let hostedFields: [HostedField]
    private let comparison: Comparison

    private init(hostedFields: [HostedField], comparison: Comparison) {
        self.hostedFields = hostedFields
        self.comparison = comparison
    }

    /// Connects the hosted properties of `view` to the storage of
    /// `context.node`.
    @MainActor func install<V>(_ view: inout V, _ context: inout InstallContext) {
        guard !hostedFields.isEmpty else { return }
        withUnsafeMutableBytes(of: &view) { raw in
            for (slot, field) in hostedFields.enumerated() {
                context.slot = slot
                field.install(raw.baseAddress! + field.offset, &context)
            }
        }
    }

    /// Drops what ``install(_:_:)`` connected.
    @MainActor func uninstall<V>(_ view: inout V) {
        guard !hostedFields.isEmpty else { return }
        withUnsafeMutableBytes(of: &view) { raw in
            for field in hostedFields { field.uninstall(raw.baseAddress! + field.offset) }
        }
    }

    /// Whether a child given `new` in place of `old` has the same inputs.
    /// Both are passed by address (`inout`, never written): a generic value
    /// passed by value would be copied to the heap to take its bytes.
    func isSameInput<V>(_ old: inout V, _ new: inout V) -> Bool {
        switch comparison {
        case .never:
            return false
        case .whole(let compare):
            return withUnsafeMutablePointer(to: &old) { a in
                withUnsafeMutablePointer(to: &new) { b in compare(UnsafeRawPointer(a), UnsafeRawPointer(b)) }
            }
        case .fields(let fields):
            return withUnsafeMutablePointer(to: &old) { a in
                withUnsafeMutablePointer(to: &new) { b in
                    let a = UnsafeRawPointer(a), b = UnsafeRawPointer(b)
                    for field in fields where !field.compare(a + field.offset, b + field.offset) {
                        return false
                    }
                    return true
                }
            }
        }
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
            return ViewLayout(hostedFields: [], comparison: wholeComparator.map { .whole($0) } ?? .never)
        }
        var hosted: [HostedField] = []
        var fields: [(offset: Int, compare: Comparator)] = []
        let complete = _forEachField(of: type, options: []) { _, offset, fieldType, kind in
            if let wrapper = fieldType as? any HostedProperty.Type {
                hosted.append(hostedField(wrapper, offset: offset))
            }
            fields.append((offset, comparator(for: fieldType, kind: kind)))
            return true
        }
        if let wholeComparator {
            return ViewLayout(hostedFields: hosted, comparison: .whole(wholeComparator))
        }
        return ViewLayout(hostedFields: hosted, comparison: complete ? .fields(fields) : .never)
    }

    private static func comparator(for type: Any.Type, kind: _MetadataKind) -> Comparator {
        if type is any ComparedByReference.Type, MemoryLayout<UnsafeRawPointer>.size == typeSize(type) {
            return referenceComparator
        }
        if let input = type as? any ViewInput.Type { return inputComparator(input) }
        if let equatable = type as? any Equatable.Type { return equatableComparator(equatable) }
        switch kind {
        case .class:
            // A class reference: the same instance is the same input.
            return referenceComparator
        case .function:
            // A closure cannot be compared: it may capture anything.
            return { _, _ in false }
        default:
            return reflectingComparator(type)
        }
    }

    /// The same instance is the same input.
    private static func referenceComparator(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        a.load(as: UnsafeRawPointer.self) == b.load(as: UnsafeRawPointer.self)
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
