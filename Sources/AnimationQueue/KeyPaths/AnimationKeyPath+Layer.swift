import Foundation

// The animatable properties of CALayer and their Core Animation sub-paths ("Animatable
// Properties" and "Key-Value Coding Extensions" in Apple's Core Animation Programming
// Guide). Each member is a computed `static var` so that it can live in a constrained
// extension of a generic type; building one costs a String.

// MARK: Float

extension AnimationKeyPath where Value == Float {
    /// `opacity`: the layer's opacity, 0…1.
    ///
    /// ```swift
    /// BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)
    /// ```
    public static var opacity: Self { Self("opacity") }
    /// `shadowOpacity`: the opacity of the layer's shadow, 0…1.
    public static var shadowOpacity: Self { Self("shadowOpacity") }
    /// `minificationFilterBias`: the bias of the filter that reduces the contents' size.
    public static var minificationFilterBias: Self { Self("minificationFilterBias") }
}

// MARK: CGFloat — geometry

extension AnimationKeyPath where Value == CGFloat {
    /// `position.x`: the horizontal position of the layer's anchor point in its superlayer.
    ///
    /// ```swift
    /// KeyframeAnimation(.positionX, values: [0, 10, -10, 0], duration: 0.4, isAdditive: true)
    /// ```
    public static var positionX: Self { Self("position.x") }
    /// `position.y`: the vertical position of the layer's anchor point in its superlayer.
    public static var positionY: Self { Self("position.y") }
    /// `zPosition`: the layer's position on the z axis.
    public static var zPosition: Self { Self("zPosition") }
    /// `anchorPoint.x`: the horizontal anchor point, in unit coordinates of the bounds.
    public static var anchorPointX: Self { Self("anchorPoint.x") }
    /// `anchorPoint.y`: the vertical anchor point, in unit coordinates of the bounds.
    public static var anchorPointY: Self { Self("anchorPoint.y") }
    /// `anchorPointZ`: the anchor point on the z axis.
    public static var anchorPointZ: Self { Self("anchorPointZ") }
    /// `bounds.size.width`: the width of the layer's bounds.
    public static var boundsWidth: Self { Self("bounds.size.width") }
    /// `bounds.size.height`: the height of the layer's bounds.
    ///
    /// ```swift
    /// BasicAnimation(.boundsHeight, to: 180, duration: 0.4)   // stretch a bar
    /// ```
    public static var boundsHeight: Self { Self("bounds.size.height") }
    /// `bounds.origin.x`: the x origin of the bounds (scrolls the sublayers).
    public static var boundsOriginX: Self { Self("bounds.origin.x") }
    /// `bounds.origin.y`: the y origin of the bounds (scrolls the sublayers).
    public static var boundsOriginY: Self { Self("bounds.origin.y") }
}

// MARK: CGFloat — appearance

extension AnimationKeyPath where Value == CGFloat {
    /// `cornerRadius`: the radius of the rounded corners.
    public static var cornerRadius: Self { Self("cornerRadius") }
    /// `borderWidth`: the width of the border.
    public static var borderWidth: Self { Self("borderWidth") }
    /// `shadowRadius`: the blur radius of the shadow.
    public static var shadowRadius: Self { Self("shadowRadius") }
    /// `contentsScale`: the scale factor of the contents (points to pixels).
    public static var contentsScale: Self { Self("contentsScale") }
    /// `rasterizationScale`: the scale at which the layer is rasterized, relative to its
    /// coordinate space.
    public static var rasterizationScale: Self { Self("rasterizationScale") }
    /// `shadowOffset.width`: the horizontal offset of the shadow.
    public static var shadowOffsetWidth: Self { Self("shadowOffset.width") }
    /// `shadowOffset.height`: the vertical offset of the shadow.
    public static var shadowOffsetHeight: Self { Self("shadowOffset.height") }
}

// MARK: CGFloat — transform components

extension AnimationKeyPath where Value == CGFloat {
    /// `transform.scale`: the average of the three scale factors; setting it scales uniformly.
    ///
    /// ```swift
    /// SpringAnimation(.transformScale, from: 0.6, to: 1, perceptualDuration: 0.4, bounce: 0.3)
    /// ```
    public static var transformScale: Self { Self("transform.scale") }
    /// `transform.scale.x`: the scale factor along x.
    public static var transformScaleX: Self { Self("transform.scale.x") }
    /// `transform.scale.y`: the scale factor along y.
    public static var transformScaleY: Self { Self("transform.scale.y") }
    /// `transform.scale.z`: the scale factor along z.
    public static var transformScaleZ: Self { Self("transform.scale.z") }
    /// `transform.rotation.z`: the rotation in the plane, in radians (same as `transform.rotation`).
    public static var transformRotation: Self { Self("transform.rotation.z") }
    /// `transform.rotation.x`: the rotation about the x axis, in radians.
    public static var transformRotationX: Self { Self("transform.rotation.x") }
    /// `transform.rotation.y`: the rotation about the y axis, in radians.
    public static var transformRotationY: Self { Self("transform.rotation.y") }
    /// `transform.rotation.z`: the rotation about the z axis, in radians.
    public static var transformRotationZ: Self { Self("transform.rotation.z") }
    /// `transform.translation.x`: the translation along x.
    public static var transformTranslationX: Self { Self("transform.translation.x") }
    /// `transform.translation.y`: the translation along y.
    public static var transformTranslationY: Self { Self("transform.translation.y") }
    /// `transform.translation.z`: the translation along z.
    public static var transformTranslationZ: Self { Self("transform.translation.z") }
}

// MARK: CGFloat — sublayer transform components

extension AnimationKeyPath where Value == CGFloat {
    /// `sublayerTransform.scale`: the average scale of the sublayer transform.
    public static var sublayerTransformScale: Self { Self("sublayerTransform.scale") }
    /// `sublayerTransform.scale.x`: the sublayer transform's scale along x.
    public static var sublayerTransformScaleX: Self { Self("sublayerTransform.scale.x") }
    /// `sublayerTransform.scale.y`: the sublayer transform's scale along y.
    public static var sublayerTransformScaleY: Self { Self("sublayerTransform.scale.y") }
    /// `sublayerTransform.scale.z`: the sublayer transform's scale along z.
    public static var sublayerTransformScaleZ: Self { Self("sublayerTransform.scale.z") }
    /// `sublayerTransform.rotation.z`: the sublayer transform's rotation in the plane.
    public static var sublayerTransformRotation: Self { Self("sublayerTransform.rotation.z") }
    /// `sublayerTransform.rotation.x`: the sublayer transform's rotation about x.
    public static var sublayerTransformRotationX: Self { Self("sublayerTransform.rotation.x") }
    /// `sublayerTransform.rotation.y`: the sublayer transform's rotation about y.
    public static var sublayerTransformRotationY: Self { Self("sublayerTransform.rotation.y") }
    /// `sublayerTransform.rotation.z`: the sublayer transform's rotation about z.
    public static var sublayerTransformRotationZ: Self { Self("sublayerTransform.rotation.z") }
    /// `sublayerTransform.translation.x`: the sublayer transform's translation along x.
    public static var sublayerTransformTranslationX: Self { Self("sublayerTransform.translation.x") }
    /// `sublayerTransform.translation.y`: the sublayer transform's translation along y.
    public static var sublayerTransformTranslationY: Self { Self("sublayerTransform.translation.y") }
    /// `sublayerTransform.translation.z`: the sublayer transform's translation along z.
    public static var sublayerTransformTranslationZ: Self { Self("sublayerTransform.translation.z") }
}

// MARK: CGPoint

extension AnimationKeyPath where Value == CGPoint {
    /// `position`: the position of the layer's anchor point in its superlayer.
    ///
    /// ```swift
    /// BasicAnimation(.position, to: CGPoint(x: 160, y: 240), duration: 0.5)
    /// ```
    public static var position: Self { Self("position") }
    /// `anchorPoint`: the anchor point, in unit coordinates of the bounds.
    public static var anchorPoint: Self { Self("anchorPoint") }
    /// `bounds.origin`: the origin of the bounds.
    public static var boundsOrigin: Self { Self("bounds.origin") }
}

// MARK: CGSize

extension AnimationKeyPath where Value == CGSize {
    /// `bounds.size`: the size of the bounds.
    public static var boundsSize: Self { Self("bounds.size") }
    /// `shadowOffset`: the offset of the shadow.
    public static var shadowOffset: Self { Self("shadowOffset") }
    /// `transform.translation`: the x and y translation of the transform, as a size.
    public static var transformTranslation: Self { Self("transform.translation") }
    /// `sublayerTransform.translation`: the x and y translation of the sublayer transform.
    public static var sublayerTransformTranslation: Self { Self("sublayerTransform.translation") }
}

// MARK: CGRect

extension AnimationKeyPath where Value == CGRect {
    /// `bounds`: the layer's bounds rectangle. (There is no `.frame`: Core Animation
    /// cannot animate it; animate `.bounds` and `.position`.)
    public static var bounds: Self { Self("bounds") }
    /// `contentsRect`: the portion of the contents image shown, in unit coordinates.
    public static var contentsRect: Self { Self("contentsRect") }
    /// `contentsCenter`: the stretchable centre of the contents image, in unit coordinates.
    public static var contentsCenter: Self { Self("contentsCenter") }
}

// MARK: CATransform3D

extension AnimationKeyPath where Value == CATransform3D {
    /// `transform`: the layer's transform, interpolated by Core Animation in decomposed form.
    ///
    /// ```swift
    /// BasicAnimation(.transform, to: CATransform3DMakeScale(2, 2, 1), duration: 0.3)
    /// ```
    public static var transform: Self { Self("transform") }
    /// `sublayerTransform`: the transform applied to the sublayers.
    public static var sublayerTransform: Self { Self("sublayerTransform") }
}

// MARK: CGColor

extension AnimationKeyPath where Value == CGColor {
    /// `backgroundColor`: the layer's fill color.
    ///
    /// ```swift
    /// BasicAnimation(.backgroundColor, to: CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), duration: 0.3)
    /// ```
    public static var backgroundColor: Self { Self("backgroundColor") }
    /// `borderColor`: the color of the border.
    public static var borderColor: Self { Self("borderColor") }
    /// `shadowColor`: the color of the shadow.
    public static var shadowColor: Self { Self("shadowColor") }
}

// MARK: CGPath

extension AnimationKeyPath where Value == CGPath {
    /// `shadowPath`: the outline of the layer's shadow, animated point by point into a path
    /// with the same elements.
    ///
    /// ```swift
    /// BasicAnimation(.shadowPath, to: CGPath(roundedRect: card.bounds, cornerWidth: 12, cornerHeight: 12, transform: nil),
    ///                duration: 0.3)
    /// ```
    public static var shadowPath: Self { Self("shadowPath") }
}

// MARK: Bool

extension AnimationKeyPath where Value == Bool {
    /// `hidden`: whether the layer is hidden (switches discretely).
    public static var isHidden: Self { Self("hidden") }
    /// `masksToBounds`: whether sublayers are clipped to the bounds (switches discretely).
    public static var masksToBounds: Self { Self("masksToBounds") }
    /// `doubleSided`: whether the layer's back side is drawn (switches discretely).
    public static var isDoubleSided: Self { Self("doubleSided") }
    /// `shouldRasterize`: whether the layer is rendered as a bitmap before compositing
    /// (switches discretely).
    public static var shouldRasterize: Self { Self("shouldRasterize") }
}
