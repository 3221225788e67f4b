import Foundation

extension OQC.Clock {
    /// Sends the app to the background, as iOS does to Core Animation when the user leaves the
    /// app: every layer tree running on this clock loses the animations whose
    /// `isRemovedOnCompletion` is true.
    ///
    /// - The removed animations end unfinished: their delegates get
    ///   `animationDidStop(_:finished: false)`, and a transaction whose animations have all
    ///   ended or been removed runs its completion block. By default these arrive as a
    ///   removal's do, on the clock's next turn (`advance(by: 0)` on a ``OQC/ManualClock``,
    ///   the main queue's next turn on ``OQC/RealClock``), in the usual callout order.
    ///   Apple does not document when they arrive, and apps see three orders; the variance
    ///   modes ``OQC/Variance/backgroundCallbacksAtReturn`` (when the app returns, after
    ///   ``enterForeground()``) and ``OQC/Variance/backgroundNoCallbacks`` (never) model the
    ///   other two.
    /// - Animations with `isRemovedOnCompletion == false` stay, and their time keeps running:
    ///   media time does not stop in the background, so on return they show what their
    ///   timing gives at the new time, and they report their end when it comes.
    /// - Animations added while in the background are kept: the removal happens once, when
    ///   the app enters the background, and ``enterForeground()`` removes nothing.
    ///
    /// The thread's pending implicit transaction is committed first, as the app hears of the
    /// move in a run-loop turn of its own. Call it on the main thread, or for a manual clock
    /// on the thread that advances it. A second call before ``enterForeground()`` does
    /// nothing.
    ///
    /// ```swift
    /// let clock = OQC.ManualClock()
    /// let layer = OQC.withClock(clock) { CALayer() }
    /// layer.add(fade, forKey: "fade")      // isRemovedOnCompletion == true
    /// clock.advance(by: 0.5)
    /// clock.enterBackground()              // "fade" is gone; the layer shows its model
    /// clock.advance(by: 0)                 // animationDidStop(_:finished: false)
    /// clock.enterForeground()
    /// ```
    public func enterBackground() {
        ClockBackgrounds.enterBackground(self)
    }

    /// Brings the app back to the foreground after ``enterBackground()``.
    ///
    /// Under ``OQC/Variance/backgroundCallbacksAtReturn`` the end callouts of the animations
    /// removed on entering the background arrive now, on the clock's next turn; otherwise
    /// nothing is delivered or removed. A call while in the foreground does nothing.
    ///
    /// ```swift
    /// let clock = OQC.ManualClock(variance: .backgroundCallbacksAtReturn)
    /// clock.enterBackground()               // the removed animations' ends are held
    /// clock.advance(by: 30)
    /// clock.enterForeground()
    /// clock.advance(by: 0)                  // animationDidStop(_:finished: false) now
    /// ```
    public func enterForeground() {
        ClockBackgrounds.enterForeground(self)
    }

    /// Whether the app is in the background for the layer trees on this clock: true between
    /// ``enterBackground()`` and ``enterForeground()``.
    ///
    /// ```swift
    /// clock.enterBackground()
    /// assert(clock.isInBackground)
    /// ```
    public var isInBackground: Bool {
        ClockBackgrounds.isInBackground(self)
    }
}
