import AnimationQueue
import Foundation
import Testing

/// `AnimationGroup.resolve(for:)`: children together in one `CAAnimationGroup`.
@Suite struct AnimationGroupTests {
    @Test func groupCombinesChildrenAndLastsAsLongestChild() throws {
        let layer = LayerFixtures.committed { layer in
            layer.opacity = 0.5
            layer.position = CGPoint(x: 0, y: 10)
        }
        let fadeIn = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3, timing: .easeOut)
        let drop = BasicAnimation(.positionY, to: 240, duration: 0.5).delayed(by: 0.1)
        let both = AnimationGroup([fadeIn, drop])
        #expect(abs(both.duration - 0.6) < 1e-12)
        let resolved = both.resolve(for: layer)
        let group = try #require(resolved.animation as? CAAnimationGroup)
        #expect(abs(group.duration - 0.6) < 1e-12)
        #expect(group.beginTime == 0 && group.fillMode == .backwards)
        let children = try #require(group.animations)
        #expect(children.count == 2)
        #expect(children[1].beginTime == 0.1, "a child's delay stays relative to the group")
        #expect(resolved.finalValues.map(\.keyPath) == ["opacity", "position.y"])
        #expect(number(entry(resolved.finalValues, "position.y")) == 240)
        // Where each child starts, for revert: the fade's from-value, the drop's current y.
        #expect(number(entry(resolved.initialValues, "opacity")) == 0)
        #expect(number(entry(resolved.initialValues, "position.y")) == 10)
        #expect(Set(resolved.keyPaths) == ["opacity", "position.y"])
    }

    @Test func anEmptyGroupAnimatesNothingWhateverItsDuration() {
        let layer = LayerFixtures.committed { $0.opacity = 0.5 }
        for group in [AnimationGroup([]), AnimationGroup([], duration: 1, delay: 0.5)] {
            let resolved = group.resolve(for: layer)
            #expect(resolved.animation == nil)
            #expect(resolved.finalValues.isEmpty && resolved.initialValues.isEmpty)
        }
        #expect(layer.opacity == 0.5)
    }

    @Test func autoreversingGroupCommitsValuesShownAtStart() {
        let layer = LayerFixtures.committed { $0.opacity = 0.5 }
        let fade = BasicAnimation(.opacity, to: 0, duration: 0.3)
        let radius = BasicAnimation(.cornerRadius, from: 2, to: 8, duration: 0.3)
        let resolved = AnimationGroup([fade, radius], autoreverses: true).resolve(for: layer)
        #expect(number(entry(resolved.finalValues, "opacity")) == 0.5)
        #expect(number(entry(resolved.finalValues, "cornerRadius")) == 2)
    }

    @Test func sharedKeyPathKeepsFirstInitialAndLastFinal() {
        let layer = LayerFixtures.committed { $0.opacity = 0.25 }
        let first = BasicAnimation(.opacity, to: 0.5, duration: 0.2)
        let second = BasicAnimation(.opacity, from: 0.5, to: 1, duration: 0.2).delayed(by: 0.2)
        let resolved = AnimationGroup([first, second]).resolve(for: layer)
        #expect(resolved.initialValues.count == 1)
        #expect(number(entry(resolved.initialValues, "opacity")) == 0.25)
        #expect(number(resolved.finalValues.last?.value) == 1)
    }

    @Test func groupOfInstantChildrenHasNoAnimation() {
        let layer = LayerFixtures.committed()
        let resolved = AnimationGroup([BasicAnimation(.opacity, to: 0, duration: 0)]).resolve(for: layer)
        #expect(resolved.animation == nil)
        #expect(number(entry(resolved.finalValues, "opacity")) == 0)
    }

    @Test func groupTimingAndRepeatsApplyToGroup() throws {
        let layer = LayerFixtures.committed()
        let group = AnimationGroup([BasicAnimation(.opacity, to: 0, duration: 0.2)], duration: 1,
                                   timing: .easeInOutSine, delay: 0.3, repeatCount: 2)
        let animation = try #require(group.resolve(for: layer).animation)
        #expect(animation.duration == 1 && animation.repeatCount == 2 && animation.beginTime == 0.3)
        var points = [Float](repeating: 0, count: 2)
        animation.timingFunction?.getControlPoint(at: 1, values: &points)
        #expect(abs(points[0] - 0.364) < 1e-6)
        #expect(abs(group.totalDuration - 2.3) < 1e-12)
    }
}
