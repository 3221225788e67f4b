import Foundation

/// A weak reference to `object`, in an object of its own, so that it can be stored where a
/// weak variable cannot (in an array, a dictionary, a tuple, an enum's payload) and shared
/// by reference.
///
/// `object` reads nil once the object is deallocated. The runtime loads and clears a weak
/// reference atomically, so the box is `Sendable` when its object is.
final class WeakReference<Object: AnyObject> {
    weak let object: Object?

    init(_ object: Object?) { self.object = object }
}

extension WeakReference: Sendable where Object: Sendable {}
