#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

@Suite("CGVector")
struct CGVectorTests {
    @Test func everyInitializerStoresItsComponents() {
        #expect(CGVector(dx: CGFloat(1.5), dy: CGFloat(-2)).dx == 1.5)
        #expect(CGVector(dx: 1.5, dy: -2) == CGVector(dx: CGFloat(1.5), dy: CGFloat(-2)))
        #expect(CGVector(dx: 3, dy: 4) == CGVector(dx: 3.0, dy: 4.0))
        #expect(CGVector() == CGVector(dx: 0, dy: 0))
        #expect(CGVector.zero == CGVector())
    }

    @Test func equalVectorsHashEqually() {
        #expect(Set([CGVector(dx: 1, dy: 2), CGVector(dx: 1.0, dy: 2.0), .zero]).count == 2)
    }

    @Test func debugDescriptionListsBothComponents() {
        #expect(CGVector(dx: 1.5, dy: -2).debugDescription == "(1.5, -2.0)")
    }

    @Test func encodesAsAnUnkeyedPair() throws {
        let data = try JSONEncoder().encode(CGVector(dx: 1.5, dy: -2))
        #expect(String(decoding: data, as: UTF8.self) == "[1.5,-2]")
        #expect(try JSONDecoder().decode(CGVector.self, from: data) == CGVector(dx: 1.5, dy: -2))
    }
}
#endif
