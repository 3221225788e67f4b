// `NSValue(cgPoint:)` and its siblings are UIKit's (iOS, tvOS, visionOS) and QuartzCore's;
// OpenQuartzCore supplies them on Linux. macOS spells the first three `NSValue(point:)`,
// so these tests compile where Apple's iOS spellings exist.
#if canImport(UIKit) || !canImport(QuartzCore)
#if canImport(QuartzCore)
import QuartzCore
import UIKit
#else
@testable import OpenQuartzCore
#endif
import Foundation
import Testing

@Suite struct NSValueCoreAnimationTests {
    @Test func pointSizeAndRectRoundTripWithApplesTypeEncodings() {
        let point = NSValue(cgPoint: CGPoint(x: 3, y: -4))
        let size = NSValue(cgSize: CGSize(width: 30, height: 40))
        let rect = NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(point.cgPointValue == CGPoint(x: 3, y: -4))
        #expect(size.cgSizeValue == CGSize(width: 30, height: 40))
        #expect(rect.cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
        // @encode of the structs on 64-bit Apple platforms, where CGFloat is a double.
        #expect(String(cString: point.objCType) == "{CGPoint=dd}")
        #expect(String(cString: size.objCType) == "{CGSize=dd}")
        #expect(String(cString: rect.objCType) == "{CGRect={CGPoint=dd}{CGSize=dd}}")
    }

    @Test func transformsAndVectorsRoundTrip() {
        let rotation = CATransform3DMakeRotation(.pi / 3, 0, 0, 1)
        let tilted = CATransform3DTranslate(rotation, 10, 20, 30)
        #expect(CATransform3DEqualToTransform(NSValue(caTransform3D: tilted).caTransform3DValue, tilted))
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSValue(cgAffineTransform: affine).cgAffineTransformValue == affine)
        let vector = NSValue(cgVector: CGVector(dx: 7, dy: -8)).cgVectorValue
        #expect(vector.dx == 7 && vector.dy == -8)
    }

    /// QuartzCore's Swift overlay (iOS 16.5 SDK, `QuartzCore.swiftinterface`):
    /// `extension CATransform3D : _ObjectiveCBridgeable` with
    /// `typealias _ObjectiveCType = NSValue`: a transform converts to an `NSValue` with `as`,
    /// and an `NSValue` holding a transform casts back with `as?`.
    @Test func aTransformBridgesToAndFromNSValue() {
        let t = CATransform3DTranslate(CATransform3DMakeScale(2, 3, 4), 5, 6, 7)
        let boxed = t as NSValue
        #expect(CATransform3DEqualToTransform(boxed.caTransform3DValue, t))
        let fromBox: Any = NSValue(caTransform3D: t)
        let unboxed = fromBox as? CATransform3D
        #expect(unboxed.map { CATransform3DEqualToTransform($0, t) } == true)
        // An NSValue boxing a point is no transform.
        let point: Any = NSValue(cgPoint: CGPoint(x: 1, y: 2))
        #expect(point as? CATransform3D == nil)
    }

    @Test func equalContentsMakeEqualValues() {
        let t = CATransform3DMakeScale(2, 3, 4)
        #expect(NSValue(caTransform3D: t).isEqual(NSValue(caTransform3D: t)))
        #expect(!NSValue(caTransform3D: t).isEqual(NSValue(caTransform3D: CATransform3DIdentity)))
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).isEqual(NSValue(cgPoint: CGPoint(x: 1, y: 2))))
    }
}

#if !canImport(QuartzCore)
/// The engine animates NSValue-boxed geometry as it animates the plain structs; sampled on
/// the manual clock.
@Suite struct NSValueAnimationTests {
    @Test func boxedPointsAnimatePosition() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 100))
        move.toValue = NSValue(cgPoint: CGPoint(x: 40, y: 20))
        move.duration = 1
        h.commit { layer.add(move, forKey: "move") }
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).position, CGPoint(x: 10, y: 80))
    }

    @Test func boxedRectsAndSizesAnimateBounds() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let grow = CABasicAnimation(keyPath: "bounds")
        grow.fromValue = NSValue(cgRect: CGRect(x: 0, y: 0, width: 10, height: 20))
        grow.toValue = NSValue(cgRect: CGRect(x: 0, y: 0, width: 50, height: 60))
        grow.duration = 1
        let stretch = CABasicAnimation(keyPath: "shadowOffset")
        stretch.fromValue = NSValue(cgSize: CGSize(width: 0, height: 0))
        stretch.toValue = NSValue(cgSize: CGSize(width: 8, height: -4))
        stretch.duration = 1
        h.commit {
            layer.add(grow, forKey: "grow")
            layer.add(stretch, forKey: "stretch")
        }
        h.advance(by: 0.5)
        let shown = try #require(layer.presentation())
        expectClose(shown.bounds, CGRect(x: 0, y: 0, width: 30, height: 40))
        expectClose(shown.shadowOffset, CGSize(width: 4, height: -2))
    }

    @Test func boxedTransformsAnimateTransform() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let slide = CABasicAnimation(keyPath: "transform")
        slide.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        slide.toValue = NSValue(caTransform3D: CATransform3DMakeTranslation(100, -40, 0))
        slide.duration = 1
        h.commit { layer.add(slide, forKey: "slide") }
        h.advance(by: 0.25)
        let shown = try #require(layer.presentation()).transform
        #expect(abs(shown.m41 - 25) < 1e-9 && abs(shown.m42 + 10) < 1e-9)
        #expect(CATransform3DIsAffine(shown))
    }
}
#endif
#endif
