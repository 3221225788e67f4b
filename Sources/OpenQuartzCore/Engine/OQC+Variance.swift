import Foundation

extension OQC {
    /// Behaviours Apple leaves undocumented, each offered as a mode so code can be tested
    /// under every plausible variant of Core Animation.
    ///
    /// The empty set is the engine's default: Apple's documented rules, and where Apple is
    /// silent, the order OpenQuartzCore has always used (`animationDidStop(_:finished:)`,
    /// then the transaction's completion block, in one callout). Every mode is observable
    /// through Apple's API alone.
    ///
    /// A variance belongs to a ``Clock``, and every layer tree running on that clock behaves
    /// accordingly, so a test can use a mode without affecting tests running in parallel:
    ///
    /// ```swift
    /// let clock = OQC.ManualClock(variance: [.completionFirst])
    /// let layer = OQC.withClock(clock) { CALayer() }   // this tree runs completion-first
    /// ```
    ///
    /// Clocks created without a variance use ``processDefault``, read from the environment
    /// variable `OPENQUARTZCORE_VARIANCE`, a comma-separated list of mode names, so a whole
    /// suite can run under a mode: `OPENQUARTZCORE_VARIANCE=completion-first swift test`.
    public struct Variance: OptionSet, Sendable, Hashable, CustomStringConvertible {
        /// The bits of the set.
        public let rawValue: UInt

        /// Creates a set from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// `completion-first`: a transaction's completion block runs before the
        /// `animationDidStop(_:finished:)` of the animation that completed it.
        public static let completionFirst = Variance(rawValue: 1 << 0)

        /// `delegate-late`: `animationDidStop(_:finished:)` arrives in a later main-queue
        /// turn than the completion block, after work the block dispatched to the main queue.
        ///
        /// The delegate call is `DispatchQueue.main.async`ed when the animation ends, so with
        /// a ``ManualClock`` it arrives when the main queue next runs, not inside `advance`.
        public static let delegateLate = Variance(rawValue: 1 << 1)

        /// `detach-removes`: `removeFromSuperlayer()` removes the animations of the layer
        /// and of its sublayers, and their delegates get `finished == false`, as when a
        /// view's layer leaves its window on iOS.
        public static let detachRemoves = Variance(rawValue: 1 << 2)

        /// `nested-commits-immediately`: an explicit transaction takes effect at its own
        /// outermost `commit()`, even while the thread's implicit transaction is pending; the
        /// commit also commits the implicit transaction's changes to the same layers.
        ///
        /// Without the mode, Apple's documented rule applies: the explicit transaction is
        /// nested in the implicit one and takes effect when that one commits.
        public static let nestedCommitsImmediately = Variance(rawValue: 1 << 3)

        /// `paused-completes`: an animation whose layer time is frozen (an ancestor or the
        /// layer has `speed = 0`) at or past the animation's active end ends, with
        /// `finished == true`, at the commit that froze it there, as when scrubbing
        /// `timeOffset` past the end of an animation.
        ///
        /// Without the mode, an animation in a paused tree never ends on its own; it ends
        /// once time moves again.
        public static let pausedCompletes = Variance(rawValue: 1 << 4)

        /// `background-callbacks-at-return`: the animations a clock's
        /// ``Clock/enterBackground()`` removes report their end when the app returns:
        /// their delegates' `animationDidStop(_:finished: false)` and the completion blocks
        /// they complete are held, and delivered on the clock's next turn after
        /// ``Clock/enterForeground()``, in the usual callout order.
        ///
        /// Without the mode they are delivered as a removal's are: on the clock's next turn
        /// after ``Clock/enterBackground()``.
        public static let backgroundCallbacksAtReturn = Variance(rawValue: 1 << 5)

        /// `background-no-callbacks`: the animations a clock's ``Clock/enterBackground()``
        /// removes never report their end. Their delegates are released without an
        /// `animationDidStop(_:finished:)`, and a completion block that waited for one of them
        /// never runs; it is released once nothing else it waited for is attached.
        ///
        /// It takes precedence over ``backgroundCallbacksAtReturn`` when both are set.
        public static let backgroundNoCallbacks = Variance(rawValue: 1 << 6)

        /// Every single mode, in declaration order; iterate it to run a test under each.
        public static let allModes: [Variance] = [
            .completionFirst, .delegateLate, .detachRemoves, .nestedCommitsImmediately, .pausedCompletes,
            .backgroundCallbacksAtReturn, .backgroundNoCallbacks,
        ]

        private static let modeNames: [(mode: Variance, name: String)] = [
            (.completionFirst, "completion-first"),
            (.delegateLate, "delegate-late"),
            (.detachRemoves, "detach-removes"),
            (.nestedCommitsImmediately, "nested-commits-immediately"),
            (.pausedCompletes, "paused-completes"),
            (.backgroundCallbacksAtReturn, "background-callbacks-at-return"),
            (.backgroundNoCallbacks, "background-no-callbacks"),
        ]

        /// The names of every mode: what `OPENQUARTZCORE_VARIANCE` accepts.
        public static var validNames: [String] { modeNames.map(\.name) }

        /// The names of the modes in the set, in declaration order.
        public var names: [String] {
            Self.modeNames.filter { contains($0.mode) }.map(\.name)
        }

        /// The names joined by commas, as the environment variable spells the set; `"default"`
        /// for the empty set.
        public var description: String {
            isEmpty ? "default" : names.joined(separator: ",")
        }

        /// Parses a comma-separated list of mode names, such as
        /// `"completion-first,delegate-late"`. Spaces around names and empty items are ignored.
        ///
        /// ```swift
        /// let variance = try OQC.Variance(parsing: "completion-first, detach-removes")
        /// ```
        ///
        /// - Throws: ``VarianceError`` naming the unknown mode and the valid ones.
        public init(parsing list: String) throws(VarianceError) {
            var variance: Variance = []
            for item in list.split(separator: ",") {
                let name = item.trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { continue }
                guard let mode = Self.modeNames.first(where: { $0.name == name })?.mode else {
                    throw VarianceError(unknownMode: name, validNames: Self.validNames)
                }
                variance.insert(mode)
            }
            self = variance
        }

        /// The environment variable that sets ``processDefault``: `OPENQUARTZCORE_VARIANCE`.
        public static let environmentVariable = "OPENQUARTZCORE_VARIANCE"

        /// The variance of ``RealClock/shared`` and of every ``ManualClock`` created without
        /// one.
        ///
        /// Read once, at first use, from `OPENQUARTZCORE_VARIANCE`; an unknown mode name
        /// there stops the process with a message naming the valid modes. Setting it affects
        /// every clock that uses the default, so tests scope a mode with
        /// `ManualClock(variance:)` instead.
        public static var processDefault: Variance {
            get { VarianceDefault.shared.value }
            set { VarianceDefault.shared.value = newValue }
        }

        /// Parses the environment variable's value; nil or empty means no mode.
        static func fromEnvironment(_ value: String?) -> Variance {
            guard let value else { return [] }
            do {
                return try Variance(parsing: value)
            } catch {
                preconditionFailure("\(environmentVariable)=\(value): \(error)")
            }
        }
    }

    /// A variance list names a mode that does not exist.
    public struct VarianceError: Error, Equatable, CustomStringConvertible {
        /// The name that matched no mode.
        public let unknownMode: String
        /// The names that are valid.
        public let validNames: [String]

        /// A sentence naming the problem and the fix.
        public var description: String {
            "unknown OpenQuartzCore variance mode \"\(unknownMode)\"; valid modes are "
                + validNames.joined(separator: ", ") + " (comma-separated)."
        }
    }
}

extension OQC.Clock {
    /// The variance the layer trees on this clock follow: ``OQC/Variance/processDefault``
    /// unless the clock carries its own.
    public var variance: OQC.Variance { OQC.Variance.processDefault }
}

/// The process-wide default variance.
final class VarianceDefault: @unchecked Sendable {
    static let shared = VarianceDefault()

    // `lock` guards `stored`, which is nil until first read or set.
    private let lock = NSLock()
    private var stored: OQC.Variance?

    var value: OQC.Variance {
        get {
            lock.withLock {
                if let stored { return stored }
                let parsed = OQC.Variance.fromEnvironment(
                    ProcessInfo.processInfo.environment[OQC.Variance.environmentVariable])
                stored = parsed
                return parsed
            }
        }
        set { lock.withLock { stored = newValue } }
    }
}
