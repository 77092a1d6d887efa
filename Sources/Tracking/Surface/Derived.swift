import CTrackingSupport

/// A value computed from tracked properties and other derived values,
/// memoized and glitch-free.
///
/// ```swift
/// let label = Derived { "\(book.title) by \(book.author)" }
/// label.value        // computes now
/// label.value        // cached: nothing it read has changed
/// book.title = "A"   // marks it stale; nothing is computed yet
/// label.value        // computes again
/// ```
///
/// - **Lazy and cached**: computed on the first read of ``value``, then only
///   after a dependency changed, and only when read (or when an observer that
///   read it must decide whether to run).
/// - **Glitch-free**: in a diamond (`a → b, c → d`), `d` computes once per
///   transaction and never sees a mix of old and new values (for a write on
///   another thread while it is read, see thread-safety below).
/// - **Equality cut-off**: when it recomputes to a value equal to the previous
///   one (`==` by default for `Equatable` values, or `isEqual`), what depends
///   on it does not run again.
/// - **Dynamic dependencies**: each computation tracks its reads anew.
/// - **Freed when unused**: its sources' links to it do not keep it alive;
///   when your last reference goes, it leaves their subscriber lists. Until
///   then, observed or not, it is in them: a write marks it stale, and the
///   next read computes it again.
/// - **Cycles**: a derived value that reads itself while computing, directly
///   or through others, reports a ``DerivedCycleError`` as a
///   ``TrackingDiagnostic`` and returns its previous value; without one, it
///   stops the program with a message naming the values in the cycle. Use
///   ``ThrowingDerived`` to receive the error instead.
///
/// Reading ``value`` inside a tracking scope (`observe`, `withTracking`,
/// another derived value) makes the scope depend on it.
///
/// Thread-safety: `value` may be read from any thread. The closure runs on
/// the reading thread, outside every internal lock; if two threads need a new
/// value at once, one computes and caches it while the other computes its own
/// copy without caching. A read that begins after a write on another thread
/// ended sees that write in everything the value depends on. A read that
/// overlaps such a write may get a result computed while the write was
/// halfway through the graph (as reading the properties one by one would);
/// the cache never keeps it: a computation that a write on another thread
/// marked while it ran is validated again, at once (a few times at most) and
/// at the next read.
public final class Derived<Value> {
    @usableFromInline
    let node: TypedDerivedNode<Value>

    @usableFromInline
    init(node: TypedDerivedNode<Value>) {
        self.node = node
    }

    /// Creates a derived value that treats every result as a change.
    ///
    /// - Parameters:
    ///   - name: How diagnostics and cycle errors name it; by default its type
    ///     and where it was created.
    ///   - fileID: Where it is created, for its default name.
    ///   - line: Where it is created, for its default name.
    ///   - isEqual: When given, a result equal to the previous one does not
    ///     count as a change.
    ///   - compute: Computes the value from tracked properties and other
    ///     derived values. It must not have side effects that it depends on.
    @inlinable
    public convenience init(
        _ name: String? = nil,
        fileID: StaticString = #fileID, line: UInt = #line,
        isEqual: (@Sendable (Value, Value) -> Bool)? = nil,
        _ compute: @escaping @Sendable () -> Value
    ) {
        self.init(node: TypedDerivedNode(
            name: name ?? derivedName("Derived", Value.self, fileID, line),
            compute: compute, isEqual: isEqual))
    }

    /// The current value, computed now if it is stale. A tracked read.
    @inlinable
    public var value: Value {
        if node.isHeldForCurrentScope {
            // A validation on this thread holds the value for the closure now
            // running: its result is current and this thread's alone.
            node.recordHeldRead(in: tracking_current_scope().unsafelyUnwrapped)
            return node.currentValue.unsafelyUnwrapped
        }
        switch node.fastRead() {
        case .current(let component):
            // Copied in the critical section that found it current, inline.
            let value = node.currentValue
            component._withUnsafeGuaranteedRef { $0.unlock() }
            return value.unsafelyUnwrapped
        case .stale(let component, let link):
            return staleValue(component, link)
        case .slow:
            return lockedValue()
        }
    }

    /// ``value`` when ``DerivedNode/fastRead()`` found the value stale
    /// (`component` locked, the reader's `link`): brought up to date and
    /// copied under the lock. Out of line, so that the held read and the
    /// current one save no registers.
    @inlinable @inline(never)
    func staleValue(_ component: Unmanaged<Component>, _ link: LinkPointer?) -> Value {
        var component = component
        let refresh = ThreadState.withCurrent { node.refreshStaleLocked($0, &component, link) }
        if refresh == .busy { return lockedValue() }
        let value = node.currentValue
        node.endRefreshedRead(component, refresh)
        return value.unsafelyUnwrapped
    }

    /// ``value`` when ``DerivedNode/fastRead()`` could not tell without a
    /// call, or found another thread computing the value (or this one: a
    /// cycle): read under the lock. Out of line, so that the held read and
    /// the current one save no registers.
    @inlinable @inline(never)
    func lockedValue() -> Value {
        let access: ReadAccess
        do throws(DerivedValueCycle) {
            access = try node.beginRead()
        } catch {
            return valueAfterCycle(DerivedCycleError(cycle: error.names))
        }
        // Busy on another thread: compute here, uncached (the closure cannot throw).
        if access.isBusy { return try! node.computeUncached(node.compute) }
        let value = node.currentValue
        node.endRead(access)
        guard let value else { preconditionFailure("Tracking: a non-throwing derived value has no value") }
        return value
    }

    @usableFromInline
    func valueAfterCycle(_ error: DerivedCycleError) -> Value {
        if let value = node.previousValue {
            TrackingDiagnostics.report(TrackingDiagnostic(
                kind: .derivedCycle,
                message: "\(error); \(node.name) returns its previous value",
                properties: error.cycle))
            return value
        }
        let message = "\(error); \(node.name) has no previous value to return, so the program stops "
            + "(a ThrowingDerived would throw the error instead)"
        TrackingDiagnostics.report(TrackingDiagnostic(kind: .derivedCycle, message: message, properties: error.cycle))
        fatalError("Tracking: \(message)")
    }

    /// The derived value's name, as diagnostics show it.
    public var name: String { node.name }

    /// What the last computation read, as `\Type.property` or derived-value
    /// names, in order of first read.
    public var dependencies: [String] { node.dependencyNames }
}

extension Derived where Value: Equatable {
    /// Creates a derived value whose equal results (`==`) do not count as
    /// changes.
    ///
    /// - Parameters:
    ///   - name: How diagnostics and cycle errors name it.
    ///   - fileID: Where it is created, for its default name.
    ///   - line: Where it is created, for its default name.
    ///   - compute: Computes the value from tracked properties and other
    ///     derived values.
    @inlinable
    public convenience init(
        _ name: String? = nil,
        fileID: StaticString = #fileID, line: UInt = #line,
        _ compute: @escaping @Sendable () -> Value
    ) {
        self.init(node: TypedDerivedNode(
            name: name ?? derivedName("Derived", Value.self, fileID, line),
            compute: compute))
    }
}

extension Derived: @unchecked Sendable where Value: Sendable {}

/// A derived value whose computation can throw: the error is cached and
/// rethrown by every read of ``value`` until a dependency changes.
///
/// ```swift
/// let total = ThrowingDerived { try parse(cart.quantityText) * cart.unitPrice }
/// do { print(try total.value) } catch { print("invalid quantity: \(error)") }
/// ```
///
/// It behaves like ``Derived`` in every other way, except that a cycle is
/// thrown as a ``DerivedCycleError`` naming the values in it.
public final class ThrowingDerived<Value> {
    @usableFromInline
    let node: TypedDerivedNode<Value>

    @usableFromInline
    init(node: TypedDerivedNode<Value>) {
        self.node = node
    }

    /// Creates a throwing derived value.
    ///
    /// - Parameters:
    ///   - name: How diagnostics and cycle errors name it.
    ///   - fileID: Where it is created, for its default name.
    ///   - line: Where it is created, for its default name.
    ///   - isEqual: When given, a result equal to the previous one does not
    ///     count as a change. Errors always count as changes.
    ///   - compute: Computes the value, or throws.
    @inlinable
    public convenience init(
        _ name: String? = nil,
        fileID: StaticString = #fileID, line: UInt = #line,
        isEqual: (@Sendable (Value, Value) -> Bool)? = nil,
        _ compute: @escaping @Sendable () throws -> Value
    ) {
        self.init(node: TypedDerivedNode(
            name: name ?? derivedName("ThrowingDerived", Value.self, fileID, line),
            compute: compute, isEqual: isEqual))
    }

    /// The current value, computed now if it is stale. A tracked read.
    ///
    /// - Throws: The error of the last computation, until a dependency
    ///   changes; or a ``DerivedCycleError`` if this value reads itself.
    @inlinable
    public var value: Value {
        get throws {
            if node.isHeldForCurrentScope {
                node.recordHeldRead(in: tracking_current_scope().unsafelyUnwrapped)
                if let error = node.currentError { throw error }
                return node.currentValue.unsafelyUnwrapped
            }
            switch node.fastRead() {
            case .current(let component):
                let value = node.currentValue
                let error = node.currentError
                component._withUnsafeGuaranteedRef { $0.unlock() }
                if let error { throw error }
                return value.unsafelyUnwrapped
            case .stale(let component, let link):
                return try staleValue(component, link)
            case .slow:
                return try lockedValue()
            }
        }
    }

    /// ``value`` when the fast read found the value stale (see ``Derived``).
    @inlinable @inline(never)
    func staleValue(_ component: Unmanaged<Component>, _ link: LinkPointer?) throws -> Value {
        var component = component
        let refresh = ThreadState.withCurrent { node.refreshStaleLocked($0, &component, link) }
        if refresh == .busy { return try lockedValue() }
        let value = node.currentValue
        let error = node.currentError
        node.endRefreshedRead(component, refresh)
        if let error { throw error }
        return value.unsafelyUnwrapped
    }

    /// ``value`` when the fast read could not tell without a call, or found
    /// the value busy (see ``Derived``).
    @inlinable @inline(never)
    func lockedValue() throws -> Value {
        let access: ReadAccess
        do throws(DerivedValueCycle) {
            access = try node.beginRead()
        } catch {
            throw DerivedCycleError(cycle: error.names)
        }
        if access.isBusy { return try node.computeUncached(node.compute) }
        let value = node.currentValue
        let error = node.currentError
        node.endRead(access)
        if let error { throw error }
        guard let value else { preconditionFailure("Tracking: a derived value has no result") }
        return value
    }

    /// The derived value's name, as diagnostics show it.
    public var name: String { node.name }

    /// What the last computation read, in order of first read.
    public var dependencies: [String] { node.dependencyNames }
}

extension ThrowingDerived where Value: Equatable {
    /// Creates a throwing derived value whose equal results (`==`) do not
    /// count as changes.
    ///
    /// - Parameters:
    ///   - name: How diagnostics and cycle errors name it.
    ///   - fileID: Where it is created, for its default name.
    ///   - line: Where it is created, for its default name.
    ///   - compute: Computes the value, or throws.
    @inlinable
    public convenience init(
        _ name: String? = nil,
        fileID: StaticString = #fileID, line: UInt = #line,
        _ compute: @escaping @Sendable () throws -> Value
    ) {
        self.init(node: TypedDerivedNode(
            name: name ?? derivedName("ThrowingDerived", Value.self, fileID, line),
            compute: compute))
    }
}

extension ThrowingDerived: @unchecked Sendable where Value: Sendable {}

/// The default name of a derived value: its type and where it was created.
@usableFromInline
func derivedName(_ kind: String, _ type: Any.Type, _ fileID: StaticString, _ line: UInt) -> String {
    "\(kind)<\(type)> at \(fileID):\(line)"
}
