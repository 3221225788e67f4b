#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

@Suite("CGAffineTransform")
struct CGAffineTransformTests {
    typealias Ref = GeometryReference

    private func close(_ p: CGPoint, _ x: Double, _ y: Double) -> Bool {
        Ref.close(Double(p.x), x) && Ref.close(Double(p.y), y)
    }

    @Test func identityIsTheUnitMatrix() {
        #expect(CGAffineTransform.identity == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(!CGAffineTransform(translationX: 0, y: 1e-300).isIdentity)
        #expect(CGAffineTransform() == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
    }

    @Test func constructorsFillTheDocumentedEntries() {
        #expect(CGAffineTransform(translationX: 3, y: 4) == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 4))
        #expect(CGAffineTransform(scaleX: 2, y: 5) == CGAffineTransform(a: 2, b: 0, c: 0, d: 5, tx: 0, ty: 0))
        let r = CGAffineTransform(rotationAngle: 0.3)
        #expect(Ref.close(r.a, CGFloat(cos(0.3))) && Ref.close(r.b, CGFloat(sin(0.3))))
        #expect(Ref.close(r.c, CGFloat(-sin(0.3))) && Ref.close(r.d, CGFloat(cos(0.3))))
    }

    /// Core Graphics' Swift overlay (iOS 16.5 SDK, `CoreGraphics.swiftinterface`) declares
    /// `init(_ a:, _ b:, _ c:, _ d:, _ tx:, _ ty:)` as `CGAffineTransformMake`, which
    /// `CGAffineTransform.h` documents as "Return the transform [ a b c d tx ty ]."
    @Test func theUnlabeledInitializerTakesTheEntriesInOrderABCDTxTy() {
        let t = CGAffineTransform(1, 2, 3, 4, 5, 6)
        #expect(t.a == 1 && t.b == 2 && t.c == 3 && t.d == 4 && t.tx == 5 && t.ty == 6)
        // p' = [x y 1] · t: (1·10 + 3·100 + 5, 2·10 + 4·100 + 6).
        #expect(CGPoint(x: 10, y: 100).applying(t) == CGPoint(x: 315, y: 426))
    }

    @Test func quarterTurnMapsXOntoY() {
        #expect(close(CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2)), 0, 1))
    }

    @Test func translatedByTranslatesInTheTransformedSpace() {
        let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(t.tx == 20)
        #expect(close(CGPoint(x: 1, y: 1).applying(t), 22, 2))
    }

    @Test func scaledByScalesBeforeTheExistingTransform() {
        let t = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 3)
        #expect(t == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 0))
    }

    @Test func rotatedByRotatesBeforeTheExistingTransform() {
        let t = CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi / 2)
        #expect(close(CGPoint(x: 1, y: 0).applying(t), 5, 1))
    }

    @Test func concatenatingAppliesTheReceiverFirst() {
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        let move = CGAffineTransform(translationX: 10, y: 0)
        #expect(close(CGPoint(x: 1, y: 1).applying(scale.concatenating(move)), 12, 2))
        #expect(close(CGPoint(x: 1, y: 1).applying(move.concatenating(scale)), 22, 2))
    }

    @Test func invertedUndoesTheTransform() {
        let t = CGAffineTransform(rotationAngle: 0.9).scaledBy(x: 3, y: -0.5).translatedBy(x: 7, y: -2)
        let roundTrip = t.concatenating(t.inverted())
        #expect(Ref.close(roundTrip.a, 1) && Ref.close(roundTrip.b, 0) && Ref.close(roundTrip.c, 0))
        #expect(Ref.close(roundTrip.d, 1) && Ref.close(roundTrip.tx, 0) && Ref.close(roundTrip.ty, 0))
        #expect(CGAffineTransform(scaleX: 2, y: 4).inverted() == CGAffineTransform(scaleX: 0.5, y: 0.25))
    }

    @Test func invertedReturnsASingularTransformUnchanged() {
        let flat = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 3, ty: 3)
        #expect(flat.inverted() == flat)
    }

    @Test func pointsGetTheFullTransform() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(CGPoint(x: 10, y: 100).applying(t) == CGPoint(x: 1 * 10 + 3 * 100 + 5, y: 2 * 10 + 4 * 100 + 6))
    }

    @Test func sizesIgnoreTheTranslation() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(CGSize(width: 10, height: 100).applying(t) == CGSize(width: 310, height: 420))
    }

    @Test func rectanglesBecomeTheBoundingBoxOfTheirCorners() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 20)
        let turned = rect.applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(Ref.close(turned.origin.x, -20) && Ref.close(turned.origin.y, 0))
        #expect(Ref.close(turned.width, 20) && Ref.close(turned.height, 10))
        let eighth = CGRect(x: 0, y: 0, width: 1, height: 1).applying(CGAffineTransform(rotationAngle: .pi / 4))
        #expect(Ref.close(eighth.width, CGFloat(2.0.squareRoot())) && Ref.close(eighth.minX, CGFloat(-0.5.squareRoot())))
        let flipped = rect.applying(CGAffineTransform(scaleX: -1, y: 1).translatedBy(x: 0, y: 5))
        #expect(flipped == CGRect(x: -10, y: 5, width: 10, height: 20))
    }

    @Test func theNullRectangleStaysNull() {
        #expect(CGRect.null.applying(CGAffineTransform(translationX: 5, y: 5)).isNull)
    }

    @Test func encodesAsAnUnkeyedArrayOfSixNumbers() throws {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6.5)
        let data = try JSONEncoder().encode(t)
        #expect(String(decoding: data, as: UTF8.self) == "[1,2,3,4,5,6.5]")
        #expect(try JSONDecoder().decode(CGAffineTransform.self, from: data) == t)
    }

    @Test func equalTransformsHashEqually() {
        let a = CGAffineTransform(rotationAngle: 0.25)
        let b = CGAffineTransform(rotationAngle: 0.25)
        #expect(Set([a, b, .identity]).count == 2)
    }
}
#endif
