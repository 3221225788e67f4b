#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

@Suite("Transform decomposition")
struct DecomposedTransformTests {
    typealias Ref = GeometryReference

    /// Builds S · K · R · T · P with the public functions, independently of the decomposition.
    private func compose(
        scale s: (Double, Double, Double), skewXY: Double = 0, rotation: (angle: Double, x: Double, y: Double, z: Double),
        translation t: (Double, Double, Double), m34: Double = 0
    ) -> CATransform3D {
        var skew = Ref.identity
        skew.m21 = CGFloat(skewXY)
        var perspective = Ref.identity
        perspective.m34 = CGFloat(m34)
        var m = CATransform3DMakeScale(CGFloat(s.0), CGFloat(s.1), CGFloat(s.2))
        m = CATransform3DConcat(m, skew)
        m = CATransform3DConcat(m, CATransform3DMakeRotation(
            CGFloat(rotation.angle), CGFloat(rotation.x), CGFloat(rotation.y), CGFloat(rotation.z)))
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(CGFloat(t.0), CGFloat(t.1), CGFloat(t.2)))
        return CATransform3DConcat(m, perspective)
    }

    private func close(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ tolerance: Double = 1e-12) -> Bool {
        ((a - b) * (a - b)).sum().squareRoot() <= tolerance
    }

    @Test func identityDecomposesIntoNeutralParts() throws {
        let parts = try #require(DecomposedTransform(Ref.identity))
        #expect(parts == DecomposedTransform.identity)
    }

    @Test func knownPartsAreRecovered() throws {
        let angle = 0.8
        let m = compose(scale: (2, 3, 0.5), skewXY: 0.25, rotation: (angle, 0, 0, 1), translation: (10, -20, 0), m34: -0.002)
        let parts = try #require(DecomposedTransform(m))
        #expect(close(parts.scale, SIMD3(2, 3, 0.5)))
        #expect(close(parts.skew, SIMD3(0.25, 0, 0)))
        #expect(close(parts.translation, SIMD3(10, -20, 0)))
        #expect(Ref.close(parts.perspective.z, -0.002) && Ref.close(parts.perspective.w, 1))
        let expectedQuaternion = SIMD4(0, 0, sin(angle / 2), cos(angle / 2))
        #expect(((parts.quaternion - expectedQuaternion) * (parts.quaternion - expectedQuaternion)).sum() < 1e-24)
    }

    @Test func decomposingThenRecomposingReproducesTheMatrix() throws {
        var generator = GeometrySeededGenerator(seed: 42)
        for _ in 0..<300 {
            let m = compose(
                scale: (generator.uniform(0.2...3), generator.uniform(-3 ... -0.2), generator.uniform(0.2...3)),
                skewXY: generator.uniform(-1...1),
                rotation: (generator.uniform(-6...6), generator.uniform(-1...1), generator.uniform(-1...1), generator.uniform(-1...1)),
                translation: (generator.uniform(-100...100), generator.uniform(-100...100), generator.uniform(-100...100)),
                m34: generator.uniform(-0.01...0))
            let parts = try #require(DecomposedTransform(m))
            // A decomposition describes the matrix up to its homogeneous factor m44.
            let normalized = CATransform3D(entries: m.entries.map { $0 / m.m44 })
            #expect(Ref.close(parts.transform, normalized, 1e-9))
            #expect(parts.quaternion.w >= 0)
            #expect(abs((parts.quaternion * parts.quaternion).sum() - 1) < 1e-12)
        }
    }

    @Test func aMirrorFlipsASingleAxis() throws {
        let parts = try #require(DecomposedTransform(CATransform3DMakeScale(-1, 1, 1)))
        #expect(parts.scale == SIMD3(-1, 1, 1))
        #expect(parts.quaternion == SIMD4(0, 0, 0, 1))
    }

    @Test func aZeroScaleFactorIsRepresentable() throws {
        // Scale first, then rotate: the order in which the model can represent a zero factor.
        let flat = CATransform3DConcat(CATransform3DMakeScale(0, 1, 1), CATransform3DMakeRotation(0.5, 0, 0, 1))
        let parts = try #require(DecomposedTransform(flat))
        #expect(Ref.close(parts.scale.x, 0) && Ref.close(parts.scale.y, 1) && Ref.close(parts.scale.z, 1))
        #expect(Ref.close(parts.transform, flat))
        var restored = parts
        restored.scale.x = 1
        #expect(Ref.close(restored.transform, CATransform3DMakeRotation(0.5, 0, 0, 1)))
        let point = try #require(DecomposedTransform(CATransform3DMakeScale(0, 0, 0)))
        #expect(point.scale == .zero && Ref.close(point.transform, CATransform3DMakeScale(0, 0, 0)))
    }

    @Test func homogeneousScaleIsNormalizedAway() throws {
        let doubled = CATransform3D(entries: CATransform3DMakeTranslation(1, 2, 3).entries.map { $0 * 2 })
        let parts = try #require(DecomposedTransform(doubled))
        #expect(close(parts.translation, SIMD3(1, 2, 3)) && close(parts.scale, SIMD3(1, 1, 1)))
    }

    @Test func matricesOutsideTheModelHaveNoDecomposition() {
        var noW = Ref.identity
        noW.m44 = 0
        #expect(DecomposedTransform(noW) == nil)
        let dependentRows = CATransform3D(
            m11: 1, m12: 0, m13: 0, m14: 0, m21: 2, m22: 0, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
        #expect(DecomposedTransform(dependentRows) == nil)
        let rotatedThenFlattened = CATransform3DRotate(CATransform3DMakeScale(0, 1, 1), 0.5, 0, 0, 1)
        #expect(DecomposedTransform(rotatedThenFlattened) == nil)
        var singularPerspective = CATransform3DMakeScale(0, 1, 1)
        singularPerspective.m14 = 0.5
        #expect(DecomposedTransform(singularPerspective) == nil)
        var infinite = Ref.identity
        infinite.m42 = .infinity
        #expect(DecomposedTransform(infinite) == nil)
    }
}
#endif
