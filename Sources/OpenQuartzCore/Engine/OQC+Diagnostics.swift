import Foundation

extension OQC {
    /// A report of input that Core Animation accepts silently but that is almost surely a bug.
    ///
    /// Apple's engine accepts an animation of a misspelled key path (it animates that key, as
    /// any custom key, and nothing the layer shows) and ignores a value of the wrong type.
    /// OpenQuartzCore does the same, never crashing, and also reports it here.
    public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
        /// What kind of problem this is.
        public enum Kind: String, Sendable {
            /// An animation's key path names no property of its layer.
            case unknownKeyPath
            /// A value cannot be used for a key: wrong type, or not interpolatable with its peers.
            case invalidValue
            /// Timing input that Core Animation replaces by its default (invalid keyTimes, spring parameters).
            case ignoredInput
        }

        /// The kind of problem.
        public let kind: Kind
        /// The key or key path involved.
        public let key: String
        /// A sentence naming the problem and the fix.
        public let message: String

        /// The message, prefixed with the engine's name.
        public var description: String { "OpenQuartzCore: \(message)" }
    }

    /// Observes every diagnostic the engine reports, on the thread that found it.
    ///
    /// - Returns: A token; diagnostics stop reaching `observer` when it is deallocated.
    public static func observeDiagnostics(
        _ observer: @escaping @Sendable (Diagnostic) -> Void
    ) -> AnyObject {
        DiagnosticCenter.shared.add(observer)
    }

    /// Whether diagnostics are also printed to standard error (true by default).
    public static var printsDiagnostics: Bool {
        get { DiagnosticCenter.shared.printsDiagnostics }
        set { DiagnosticCenter.shared.printsDiagnostics = newValue }
    }

    static func report(_ kind: Diagnostic.Kind, key: String, _ message: String) {
        DiagnosticCenter.shared.post(Diagnostic(kind: kind, key: key, message: message))
    }
}

/// Fans diagnostics out to observers.
final class DiagnosticCenter: @unchecked Sendable {
    static let shared = DiagnosticCenter()

    // `lock` guards `observers`, `printed` and `prints`; observers are called after unlocking.
    private let lock = NSLock()
    private var observers: [ObjectIdentifier: Observer] = [:]
    private var printed: Set<String> = []
    private var prints = true

    private final class Token {}
    private struct Observer {
        weak var token: Token?
        let call: @Sendable (OQC.Diagnostic) -> Void
    }

    var printsDiagnostics: Bool {
        get { lock.withLock { prints } }
        set { lock.withLock { prints = newValue } }
    }

    func add(_ observer: @escaping @Sendable (OQC.Diagnostic) -> Void) -> AnyObject {
        let token = Token()
        lock.withLock { observers[ObjectIdentifier(token)] = Observer(token: token, call: observer) }
        return token
    }

    func post(_ diagnostic: OQC.Diagnostic) {
        let (calls, shouldPrint) = lock.withLock { () -> ([@Sendable (OQC.Diagnostic) -> Void], Bool) in
            observers = observers.filter { $0.value.token != nil }
            let first = printed.insert(diagnostic.message).inserted
            return (observers.values.map(\.call), prints && first)
        }
        if shouldPrint {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
        for call in calls { call(diagnostic) }
    }
}
