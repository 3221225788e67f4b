import AnimationQueue
import Foundation
import Testing

/// The typed keys: the right value types compile, and each key names a path the layer reads.
@Suite struct AnimationKeyPathTests {
    @Test func keysFixTheValueTypeOfTheirAnimations() {
        // These lines are the test: each compiles only with the value type written.
        let fade: BasicAnimation<Float> = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)
        let drop: BasicAnimation<CGFloat> = BasicAnimation(.positionY, to: 240, duration: 0.5)
        let move: BasicAnimation<CGPoint> = BasicAnimation(.position, to: CGPoint(x: 1, y: 2))
        let grow: BasicAnimation<CGSize> = BasicAnimation(.boundsSize, to: CGSize(width: 3, height: 4))
        let frame: BasicAnimation<CGRect> = BasicAnimation(.bounds, to: CGRect(x: 0, y: 0, width: 5, height: 6))
        let turn: BasicAnimation<CATransform3D> = BasicAnimation(.transform, to: CATransform3DMakeScale(2, 2, 1))
        let tint: BasicAnimation<CGColor> = BasicAnimation(.backgroundColor, to: CGColor(gray: 0.5, alpha: 1))
        let hide: BasicAnimation<Bool> = BasicAnimation(.isHidden, to: true)
        let pop: SpringAnimation<CGFloat> = SpringAnimation(.transformScale, from: 0.6, to: 1,
                                                            perceptualDuration: 0.4, bounce: 0.3)
        let shake: KeyframeAnimation<CGFloat> = KeyframeAnimation(.positionX, values: [0, 10, -10, 0],
                                                                  duration: 0.4, isAdditive: true)
        let both = AnimationGroup([fade, drop])
        #expect(fade.keyPath.rawValue == "opacity")
        #expect(drop.keyPath.rawValue == "position.y")
        #expect(move.keyPath.rawValue == "position")
        #expect(grow.keyPath.rawValue == "bounds.size")
        #expect(frame.keyPath.rawValue == "bounds")
        #expect(turn.keyPath.rawValue == "transform")
        #expect(tint.keyPath.rawValue == "backgroundColor")
        #expect(hide.keyPath.rawValue == "hidden")
        #expect(pop.keyPath.rawValue == "transform.scale")
        #expect(shake.keyPath.rawValue == "position.x")
        #expect(both.animations.count == 2)
        // Not compiled, by design (see the AnimationKeyPath documentation):
        // BasicAnimation(.opacity, from: "test", to: 1)   // String is not Float
        // BasicAnimation(.conerRadius, to: 8)              // no such key
        // BasicAnimation(.position, to: 5)                 // 5 is not a CGPoint
        // BasicAnimation(.frame, to: .zero)                // frame is not animatable
    }

    @Test func customKeysCarryTheirStringAndCompareByIt() {
        let progress = AnimationKeyPath<CGFloat>("progress")
        #expect(progress.rawValue == "progress")
        #expect(progress == AnimationKeyPath<CGFloat>("progress"))
        #expect(progress != AnimationKeyPath<CGFloat>.cornerRadius)
        #expect(Set([progress, .cornerRadius, progress]).count == 2)
        #expect("\(AnimationKeyPath<CGFloat>.boundsHeight)" == "bounds.size.height")
        let fill = BasicAnimation(progress, from: 0, to: 1, duration: 2)
        #expect(fill.to == 1)
    }

    @Test func subPathKeysUseCoreAnimationSpellings() {
        let cgFloatKeys: [(AnimationKeyPath<CGFloat>, String)] = [
            (.positionX, "position.x"), (.positionY, "position.y"), (.boundsWidth, "bounds.size.width"),
            (.boundsHeight, "bounds.size.height"), (.boundsOriginX, "bounds.origin.x"),
            (.boundsOriginY, "bounds.origin.y"), (.transformScale, "transform.scale"),
            (.transformRotation, "transform.rotation.z"), (.transformTranslationY, "transform.translation.y"),
            (.shadowOffsetHeight, "shadowOffset.height"), (.anchorPointZ, "anchorPointZ"),
        ]
        for (key, raw) in cgFloatKeys { #expect(key.rawValue == raw) }
        #expect(AnimationKeyPath<CGSize>.transformTranslation.rawValue == "transform.translation")
        #expect(AnimationKeyPath<Bool>.isDoubleSided.rawValue == "doubleSided")
        #expect(AnimationKeyPath<Float>.shadowOpacity.rawValue == "shadowOpacity")
    }

    @Test func everyLayerKeyReadsBackAsItsValueType() throws {
        let layer = LayerFixtures.committed { layer in
            layer.bounds = CGRect(x: 1, y: 2, width: 30, height: 40)
            layer.position = CGPoint(x: 5, y: 6)
            layer.backgroundColor = CGColor(gray: 0.5, alpha: 1)
            layer.transform = CATransform3DMakeScale(2, 2, 2)
        }
        func check<V: AnimationValue>(_ keys: [AnimationKeyPath<V>], sourceLocation: SourceLocation = #_sourceLocation) {
            for key in keys {
                #expect(V.fromCoreAnimationValue(layer.value(forKeyPath: key.rawValue)) != nil,
                        "\(key) does not read back as \(V.self)", sourceLocation: sourceLocation)
            }
        }
        check([AnimationKeyPath<Float>.opacity, .shadowOpacity, .minificationFilterBias])
        check([AnimationKeyPath<CGFloat>.positionX, .positionY, .zPosition, .anchorPointX, .anchorPointY,
               .anchorPointZ, .boundsWidth, .boundsHeight, .boundsOriginX, .boundsOriginY, .cornerRadius,
               .borderWidth, .shadowRadius, .contentsScale, .rasterizationScale, .shadowOffsetWidth, .shadowOffsetHeight, .transformScale,
               .transformScaleX, .transformScaleY, .transformScaleZ, .transformRotation, .transformRotationX,
               .transformRotationY, .transformRotationZ, .transformTranslationX, .transformTranslationY,
               .transformTranslationZ, .sublayerTransformScale, .sublayerTransformScaleX,
               .sublayerTransformScaleY, .sublayerTransformScaleZ, .sublayerTransformRotation,
               .sublayerTransformRotationX, .sublayerTransformRotationY, .sublayerTransformRotationZ,
               .sublayerTransformTranslationX, .sublayerTransformTranslationY, .sublayerTransformTranslationZ])
        check([AnimationKeyPath<CGPoint>.position, .anchorPoint, .boundsOrigin])
        check([AnimationKeyPath<CGSize>.boundsSize, .shadowOffset, .transformTranslation, .sublayerTransformTranslation])
        check([AnimationKeyPath<CGRect>.bounds, .contentsRect, .contentsCenter])
        check([AnimationKeyPath<CATransform3D>.transform, .sublayerTransform])
        check([AnimationKeyPath<CGColor>.backgroundColor, .borderColor, .shadowColor])
        check([AnimationKeyPath<Bool>.isHidden, .masksToBounds, .isDoubleSided, .shouldRasterize])
        #expect(CGFloat.fromCoreAnimationValue(layer.value(forKeyPath: "bounds.size.height")) == 40)
        #expect(CGFloat.fromCoreAnimationValue(layer.value(forKeyPath: "transform.scale")).map { abs($0 - 2) < 1e-9 } == true)
    }
}
