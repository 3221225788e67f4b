#if !canImport(QuartzCore)
import Foundation
import Testing
@testable import OpenQuartzCore

/// The ramp that timing tests sample: position.x from 0 to 10 over 1 s, linear, on a layer
/// whose model position.x is −1, so "nothing applies" is easy to see. At animation time τ
/// within a forward pass the value is `10 · τ`.
protocol PositionRampFixture {}

extension PositionRampFixture {
    /// position.x from 0 to 10 over 1 s, linear.
    func ramp() -> CABasicAnimation {
        let ramp = CABasicAnimation(keyPath: "position.x")
        ramp.fromValue = 0
        ramp.toValue = 10
        ramp.duration = 1
        return ramp
    }

    /// A layer on `h`'s clock whose model position.x is −1.
    func makeLayer(_ h: EngineHarness) -> CALayer {
        let layer = h.makeLayer()
        h.setModel { layer.position = CGPoint(x: -1, y: 0) }
        return layer
    }

    /// The position.x `layer` shows.
    func x(_ layer: CALayer) throws -> CGFloat { try #require(layer.presentation()).position.x }
}
#endif
