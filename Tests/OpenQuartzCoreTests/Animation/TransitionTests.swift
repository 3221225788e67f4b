#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself: compiled only where QuartzCore is absent; on Apple platforms
// the engine is not what the package uses.

import Foundation
import Testing
import OpenQuartzCore

/// `CATransition`'s properties against `CAAnimation.h`.
@Suite struct TransitionTests {
    /// `CAAnimation.h`: "An optional filter object implementing the transition. When set the
    /// `type' and `subtype' properties are ignored. ... Defaults to nil."
    @Test func filterDefaultsToNilAndIsKeyValueCoded() {
        let transition = CATransition()
        #expect(transition.filter == nil)
        #expect(transition.value(forKey: "filter") == nil)
        let filter = NSString(string: "a filter object")
        transition.setValue(filter, forKey: "filter")
        #expect(transition.filter as? NSString === filter)
        #expect(transition.value(forKey: "filter") as? NSString === filter)
    }

    /// A copy (as `add(_:forKey:)` stores) keeps every property of the header: `type`,
    /// `subtype`, `startProgress`, `endProgress` and `filter`.
    @Test func aCopyKeepsEveryTransitionProperty() throws {
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromLeft
        transition.startProgress = 0.25
        transition.endProgress = 0.75
        let filter = NSString(string: "a filter object")
        transition.filter = filter
        let copy = try #require(transition.copy() as? CATransition)
        #expect(copy.type == .push)
        #expect(copy.subtype == .fromLeft)
        #expect(copy.startProgress == 0.25)
        #expect(copy.endProgress == 0.75)
        #expect(copy.filter as? NSString === filter)
    }
}
#endif
