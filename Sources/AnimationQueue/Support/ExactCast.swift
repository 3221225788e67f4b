/// `value` as a `T` if its dynamic type is exactly `T`, else nil. Comparing two type metadata
/// costs a fraction of a cast (`as? T`), which also looks through optionals, bridging and
/// subclasses; callers fall back to a cast for those. (OpenQuartzCore has the same helper for
/// its own reads: on Apple platforms the package links QuartzCore instead.)
func exactly<T>(_ value: Any, as type: T.Type) -> T? {
    func read<Boxed>(_ boxed: Boxed) -> T? {
        Boxed.self == T.self ? unsafeBitCast(boxed, to: T.self) : nil
    }
    return read(value)
}
