import Foundation

extension OQC {
    /// Evaluates `function` at input progress `x`, as the engine does once per animation per
    /// frame. Engine machinery exposed to the `Benchmarks/` package only; not API.
    ///
    /// ```swift
    /// @_spi(Benchmarks) import OpenQuartzCore
    /// let y = OQC.evaluate(CAMediaTimingFunction(name: .easeInEaseOut), at: 0.25)
    /// ```
    @_spi(Benchmarks)
    public static func evaluate(_ function: CAMediaTimingFunction, at x: Double) -> Double {
        function.evaluate(x)
    }
}
