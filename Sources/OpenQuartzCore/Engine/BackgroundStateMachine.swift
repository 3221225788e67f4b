import Foundation

/// The app's life cycle as one clock's layer trees see it, as a pure state machine: each
/// event returns the action to perform, and ``ClockBackgrounds`` calls it with the engine
/// lock held and performs the action after unlocking.
///
/// | State | `enterBackground` | `enterForeground` |
/// |---|---|---|
/// | foreground | remove the animations → background (delivering, dropping or holding their ends) | ignored |
/// | background | ignored | → foreground, delivering the held ends |
///
/// `Removed` is what a removal yields (the engine's attachments); it is generic so the
/// table can be tested without layers.
struct BackgroundStateMachine<Removed> {
    /// What becomes of the end callouts (`animationDidStop(_:finished: false)` and the
    /// completion blocks) of the animations that entering the background removes.
    enum Callouts: Equatable {
        /// Delivered as a removal's are, on the clock's next turn.
        case deliver
        /// Held, and delivered when the app enters the foreground.
        case holdUntilForeground
        /// Never delivered.
        case drop

        /// The policy a clock's variance selects; ``OQC/Variance/backgroundNoCallbacks``
        /// wins over ``OQC/Variance/backgroundCallbacksAtReturn``.
        init(_ variance: OQC.Variance) {
            if variance.contains(.backgroundNoCallbacks) {
                self = .drop
            } else if variance.contains(.backgroundCallbacksAtReturn) {
                self = .holdUntilForeground
            } else {
                self = .deliver
            }
        }
    }

    enum State {
        case foreground
        /// In the background, with the removed animations whose ends wait for the foreground.
        case background(held: [Removed])
    }

    private(set) var state = State.foreground

    var isInBackground: Bool {
        if case .background = state { return true }
        return false
    }

    enum EnterBackgroundAction {
        /// Already in the background: nothing happens.
        case none
        /// Report the end of these removed animations.
        case deliver([Removed])
        /// End these removed animations without a callout.
        case drop([Removed])
        /// The removed animations are held; nothing to do now.
        case hold
    }

    /// The app enters the background. From the foreground, `removeAnimations` takes the
    /// animations off the layers (a locked state change, not a callout), and `callouts` says
    /// what becomes of their ends.
    mutating func enterBackground(
        callouts: Callouts,
        removeAnimations: () -> [Removed]
    ) -> EnterBackgroundAction {
        switch state {
        case .background:
            return .none
        case .foreground:
            let removed = removeAnimations()
            switch callouts {
            case .deliver:
                state = .background(held: [])
                return .deliver(removed)
            case .drop:
                state = .background(held: [])
                return .drop(removed)
            case .holdUntilForeground:
                state = .background(held: removed)
                return .hold
            }
        }
    }

    enum EnterForegroundAction {
        /// Already in the foreground: nothing happens.
        case none
        /// Report the end of these held animations (possibly none).
        case deliver([Removed])
    }

    /// The app returns to the foreground.
    mutating func enterForeground() -> EnterForegroundAction {
        switch state {
        case .foreground:
            return .none
        case .background(let held):
            state = .foreground
            return .deliver(held)
        }
    }
}
