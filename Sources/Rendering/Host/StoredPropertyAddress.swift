/// The address `pointer` is, for a stored property passed as `&property`:
/// where a class instance keeps the property, which stays valid for the
/// instance's life if the property has no accessors (an object does not
/// move). The engine takes a `@Tracked` property's storage the same way.
func address<T>(of pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
    pointer
}
