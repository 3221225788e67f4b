import Foundation

// Robert Penner's easing equations ("Robert Penner's Easing Functions", 2001; the formulas
// as published on easings.net) approximated by one cubic Bézier each, so Core Animation
// times them in the render server like any other curve.
//
// Cubic-in, cubic-out, quad-in, quad-out, back-in and back-out are cubic polynomials in t,
// which a Bézier with x1 = 1/3, x2 = 2/3 represents exactly. The other control points were
// fitted to minimise the largest vertical error over 1,001 evenly spaced times (In and Out
// are mirror images, InOut curves are point-symmetric), then rounded to three decimals.
// `PennerTimingTests` re-measures every curve against the closed forms with an independent
// Bézier solver; the largest errors are about 0.03 (easeInOutExpo, easeInOutQuint), under
// 0.01 for every In and Out curve.

private let third: Float = 1.0 / 3.0
private let twoThirds: Float = 2.0 / 3.0
/// Penner's back overshoot s = 1.70158; back-in is (s + 1)t³ − s·t², whose Bézier y2 is
/// 1 − ((s + 1) − 2s/3) = −0.5671933.
private let backY2: Float = 1 - (2.70158 - 2 * 1.70158 / 3)

extension AnimationTiming {
    private static func penner(_ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) -> AnimationTiming {
        AnimationTiming(.controlPoints(c1x, c1y, c2x, c2y))
    }

    // MARK: Sine

    /// Penner's sine-in, 1 − cos(πt/2): a gentle start.
    public static let easeInSine = penner(0.131, 0, 0.391, 0)
    /// Penner's sine-out, sin(πt/2): a gentle stop.
    public static let easeOutSine = penner(0.609, 1, 0.869, 1)
    /// Penner's sine-in-out, (1 − cos πt)/2.
    public static let easeInOutSine = penner(0.364, 0, 0.636, 1)

    // MARK: Quad

    /// Penner's quad-in, t² (exact).
    public static let easeInQuad = penner(third, 0, twoThirds, third)
    /// Penner's quad-out, 1 − (1 − t)² (exact).
    public static let easeOutQuad = penner(third, twoThirds, twoThirds, 1)
    /// Penner's quad-in-out: 2t² then its mirror image.
    public static let easeInOutQuad = penner(0.484, 0.042, 0.516, 0.958)

    // MARK: Cubic

    /// Penner's cubic-in, t³ (exact).
    public static let easeInCubic = penner(third, 0, twoThirds, 0)
    /// Penner's cubic-out, 1 − (1 − t)³ (exact).
    public static let easeOutCubic = penner(third, 1, twoThirds, 1)
    /// Penner's cubic-in-out: 4t³ then its mirror image.
    public static let easeInOutCubic = penner(0.66, 0, 0.34, 1)

    // MARK: Quart

    /// Penner's quart-in, t⁴.
    public static let easeInQuart = penner(0.512, 0, 0.742, 0)
    /// Penner's quart-out, 1 − (1 − t)⁴.
    public static let easeOutQuart = penner(0.258, 1, 0.488, 1)
    /// Penner's quart-in-out: 8t⁴ then its mirror image.
    public static let easeInOutQuart = penner(0.775, 0, 0.225, 1)

    // MARK: Quint

    /// Penner's quint-in, t⁵.
    public static let easeInQuint = penner(0.641, 0, 0.785, 0)
    /// Penner's quint-out, 1 − (1 − t)⁵.
    public static let easeOutQuint = penner(0.215, 1, 0.359, 1)
    /// Penner's quint-in-out: 16t⁵ then its mirror image.
    public static let easeInOutQuint = penner(0.843, 0, 0.157, 1)

    // MARK: Expo

    /// Penner's expo-in, 2^(10t − 10).
    public static let easeInExpo = penner(0.67, 0, 0.854, 0)
    /// Penner's expo-out, 1 − 2^(−10t).
    public static let easeOutExpo = penner(0.146, 1, 0.33, 1)
    /// Penner's expo-in-out: 2^(20t − 10)/2 then its mirror image.
    public static let easeInOutExpo = penner(0.895, 0, 0.105, 1)

    // MARK: Circ

    /// Penner's circ-in, 1 − √(1 − t²).
    public static let easeInCirc = penner(0.554, 0, 1, 0.449)
    /// Penner's circ-out, √(1 − (t − 1)²).
    public static let easeOutCirc = penner(0, 0.551, 0.446, 1)
    /// Penner's circ-in-out: two quarter circles.
    public static let easeInOutCirc = penner(0.94, 0.211, 0.06, 0.789)

    // MARK: Back

    /// Penner's back-in, 2.70158t³ − 1.70158t²: pulls back below 0 first (exact).
    public static let easeInBack = penner(third, 0, twoThirds, backY2)
    /// Penner's back-out: overshoots 1, then settles (exact).
    ///
    /// ```swift
    /// BasicAnimation(.transformScale, from: 0.5, to: 1, duration: 0.4, timing: .easeOutBack)
    /// ```
    public static let easeOutBack = penner(third, 1 - backY2, twoThirds, 1)
    /// Penner's back-in-out: pulls back, then overshoots (s = 1.70158 · 1.525).
    public static let easeInOutBack = penner(0.744, -0.513, 0.256, 1.513)
}
