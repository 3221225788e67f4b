#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

@Suite("CGColor")
struct CGColorTests {
    @Test func srgbColorsKeepTheirFourComponents() {
        let color = CGColor(srgbRed: 1, green: 0.5, blue: 0.25, alpha: 0.75)
        #expect(color.components == [1, 0.5, 0.25, 0.75])
        #expect(color.numberOfComponents == 4)
        #expect(color.alpha == 0.75)
    }

    @Test func genericRGBIsStoredAsTheSameComponents() {
        #expect(CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4) == CGColor(srgbRed: 0.1, green: 0.2, blue: 0.3, alpha: 0.4))
    }

    @Test func grayExpandsToEqualChannels() {
        #expect(CGColor(gray: 0.4, alpha: 0.5).components == [0.4, 0.4, 0.4, 0.5])
        #expect(CGColor(genericGrayGamma2_2Gray: 0.6, alpha: 1).components == [0.6, 0.6, 0.6, 1])
    }

    /// Core Graphics' Swift overlay (iOS 16.5 SDK, `CoreGraphics.swiftinterface`):
    /// `extension CGColor : _CGColorInitTrampoline, _ExpressibleByColorLiteral`, the trampoline
    /// providing `init(_colorLiteralRed:green:blue:alpha:)`. The literal's components are the
    /// red, green, blue and alpha written (each exact in `Float`).
    @Test func aColorLiteralMakesAColorOfItsComponents() {
        let color: CGColor = #colorLiteral(red: 1, green: 0.5, blue: 0.25, alpha: 0.75)
        #expect(color.components == [1, 0.5, 0.25, 0.75])
        #expect(color.alpha == 0.75)
    }

    @Test func namedColorsHaveTheirDocumentedValues() {
        #expect(CGColor.black.components == [0, 0, 0, 1])
        #expect(CGColor.white.components == [1, 1, 1, 1])
        #expect(CGColor.clear.components == [0, 0, 0, 0])
    }

    @Test func outOfRangeComponentsAreClamped() {
        #expect(CGColor(srgbRed: 1.5, green: -0.5, blue: 0.5, alpha: 2).components == [1, 0, 0.5, 1])
    }

    @Test func copyWithAlphaReplacesOnlyTheAlpha() {
        let shade = CGColor(srgbRed: 0.2, green: 0.4, blue: 0.6, alpha: 1).copy(alpha: 0.3)
        #expect(shade?.components == [0.2, 0.4, 0.6, 0.3])
        #expect(CGColor.black.copy(alpha: 7)?.alpha == 1)
        #expect(CGColor.white.copy() == CGColor.white)
    }

    @Test func equalityComparesValuesNotIdentity() {
        let a = CGColor(srgbRed: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        let b = CGColor(srgbRed: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        #expect(a == b)
        #expect(a !== b)
        #expect(a != CGColor(srgbRed: 0.1, green: 0.2, blue: 0.3, alpha: 0.9))
        #expect(Set([a, b, CGColor.black]).count == 2)
    }

    @Test func descriptionNamesTheSpaceAndComponents() {
        #expect(CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1).description == "<CGColor> [sRGB IEC61966-2.1] ( 1 0.5 0 1 )")
    }
}
#endif
