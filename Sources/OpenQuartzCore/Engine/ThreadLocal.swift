#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif

/// One reference per thread, released when its thread exits.
///
/// The engine reads per-thread state (the transaction stack, the running clock, the
/// presentation-copy flag) several times per layer per frame. A pthread key costs a few
/// nanoseconds; `Thread.current.threadDictionary` hashes an `NSString` key on each access
/// and cost about a microsecond per `presentation()` (Benchmarks/README.md).
final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    // Immutable after init (a `let`, so reading it makes no exclusivity check: every
    // transaction call reads it); pthread keys are thread-safe.
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            guard let pointer = pointer as UnsafeMutableRawPointer? else { return }
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "Internal inconsistency: pthread_key_create failed with \(status)")
        self.key = key
    }

    /// The current thread's value.
    var value: Value? {
        get {
            guard let pointer = pthread_getspecific(key) else { return nil }
            return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
        }
        set {
            let old = pthread_getspecific(key)
            pthread_setspecific(key, newValue.map { Unmanaged.passRetained($0).toOpaque() })
            if let old { Unmanaged<Value>.fromOpaque(old).release() }
        }
    }
}
