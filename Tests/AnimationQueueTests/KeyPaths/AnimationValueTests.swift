import AnimationQueue
import Foundation
import Testing

/// Conversions from whatever Core Animation hands out (Swift numbers on Linux, NSNumber and
/// NSValue on Apple platforms) to the typed values.
@Suite struct AnimationValueTests {
    @Test func numbersReadFromEveryNumericBox() {
        let boxes: [Any] = [CGFloat(2.5), Double(2.5), Float(2.5), NSNumber(value: 2.5)]
        for box in boxes {
            #expect(CGFloat.fromCoreAnimationValue(box) == 2.5, "CGFloat from \(type(of: box))")
            #expect(Double.fromCoreAnimationValue(box) == 2.5, "Double from \(type(of: box))")
            #expect(Float.fromCoreAnimationValue(box) == 2.5, "Float from \(type(of: box))")
        }
        #expect(CGFloat.fromCoreAnimationValue(3) == 3)
        // Inside an optional inside the `Any`: read all the same.
        let wrapped: Any = Optional(CGFloat(2.5)) as Any
        #expect(Double.fromCoreAnimationValue(wrapped) == 2.5)
        #expect(CGFloat.fromCoreAnimationValue(Optional(Double(-1)) as Any) == -1)
        #expect(Float.fromCoreAnimationValue(nil) == nil)
        #expect(Float.fromCoreAnimationValue("3") == nil)
    }

    @Test func booleansReadFromBoolAndNumbers() {
        #expect(Bool.fromCoreAnimationValue(true) == true)
        #expect(Bool.fromCoreAnimationValue(NSNumber(value: 0)) == false)
        #expect(Bool.fromCoreAnimationValue(1) == true)
        #expect(Bool.fromCoreAnimationValue(CGPoint.zero) == nil)
    }

    @Test func structuresAndColorsRoundTrip() throws {
        let point = CGPoint(x: 1, y: 2), size = CGSize(width: 3, height: 4)
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4), color = CGColor(gray: 0.25, alpha: 1)
        #expect(CGPoint.fromCoreAnimationValue(point.coreAnimationValue) == point)
        #expect(CGSize.fromCoreAnimationValue(size.coreAnimationValue) == size)
        #expect(CGRect.fromCoreAnimationValue(rect.coreAnimationValue) == rect)
        let transform = try #require(CATransform3D.fromCoreAnimationValue(CATransform3DMakeTranslation(1, 2, 3).coreAnimationValue))
        #expect(transform.m41 == 1 && transform.m42 == 2 && transform.m43 == 3)
        #expect(CGColor.fromCoreAnimationValue(color.coreAnimationValue) === color)
        #expect(CGColor.fromCoreAnimationValue(point) == nil)
        #expect(CGPoint.fromCoreAnimationValue(size) == nil)
    }

    @Test func additiveIdentitiesAreZeroOffsets() {
        #expect(Float.additiveIdentity == 0)
        #expect(CGFloat.additiveIdentity == 0)
        #expect(CGPoint.additiveIdentity == .zero)
        #expect(CGSize.additiveIdentity == .zero)
        #expect(CATransform3DIsIdentity(CATransform3D.additiveIdentity!))
        #expect(Bool.additiveIdentity == nil)
        #expect(CGColor.additiveIdentity == nil)
    }
}
