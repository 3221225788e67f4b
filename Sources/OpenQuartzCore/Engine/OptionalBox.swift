/// An `Optional` boxed in an `Any`, read without `Mirror`: what it wraps, nil for none.
protocol OptionalBox {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalBox {
    var wrappedAny: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }
}
