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

extension OQC {
    /// Evaluates the presentation values of every layer at the current time the way a render
    /// server evaluates its tree: into each layer's value state, without making presentation
    /// layer objects, and returns the sum of every opacity and position component (so the
    /// work cannot be dropped). Engine machinery exposed to the `Benchmarks/` package only;
    /// not API.
    ///
    /// ```swift
    /// @_spi(Benchmarks) import OpenQuartzCore
    /// let checksum = OQC.evaluatePresentationValues(of: layers)
    /// ```
    @_spi(Benchmarks)
    public static func evaluatePresentationValues(of layers: [CALayer]) -> Double {
        var sum = 0.0
        for layer in layers {
            guard let state = layer.presentationState() else { continue }
            sum += Double(state.opacity) + Double(state.position.x) + Double(state.position.y)
        }
        return sum
    }
}
