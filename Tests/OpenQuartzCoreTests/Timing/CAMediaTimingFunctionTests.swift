#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// Checks `CAMediaTimingFunction` and its Bézier evaluation against brute-force references.
@Suite struct CAMediaTimingFunctionTests {
    /// Apple's table (the constants' documentation).
    static let namedCurves: [(CAMediaTimingFunctionName, String, [Float])] = [
        (.linear, "linear", [0, 0, 1, 1]),
        (.easeIn, "easeIn", [0.42, 0, 1, 1]),
        (.easeOut, "easeOut", [0, 0, 0.58, 1]),
        (.easeInEaseOut, "easeInEaseOut", [0.42, 0, 0.58, 1]),
        (.default, "default", [0.25, 0.1, 0.25, 1]),
    ]

    /// Arbitrary curves, including overshoot, vertical end tangents and degenerate points.
    static let customCurves: [[Float]] = [
        [0.5, -1, 0.5, 2],
        [0.68, -0.55, 0.265, 1.55],
        [0.34, 1.56, 0.64, 1],
        [0, 1, 1, 0],
        [1, 0, 0, 1],
        [0.1, 0.9, 0.9, 0.1],
        [0, 0, 0, 0],
        [1, 1, 1, 1],
        [0.05, 0, 0.95, 1],
        [0.9, 0.1, 1, 0.2],
    ]

    /// A dense grid over [0, 1]: 4,001 points plus some just inside the ends.
    static let denseGrid: [Double] = {
        let uniform: [Double] = (0...4000).map { Double($0) / 4000 }
        let nearEnds: [Double] = [1e-9, 1e-6, 1e-4, 1 - 1e-4, 1 - 1e-6, 1 - 1e-9]
        return uniform + nearEnds
    }()

    /// The largest distance, over the grid, between the engine's y and the reference's.
    static func maxError(of function: CAMediaTimingFunction, against reference: TimingReference.Bezier) -> Double {
        denseGrid.map { x in
            let y = function.evaluate(x)
            let range = reference.valueRange(atX: x)
            return range.contains(y) ? 0 : min(abs(y - range.lowerBound), abs(y - range.upperBound))
        }.max() ?? .nan
    }

    @Test(arguments: namedCurves.map(\.0))
    func namedCurveMatchesBruteForceBisection(name: CAMediaTimingFunctionName) throws {
        let points = try #require(Self.namedCurves.first { $0.0 == name }?.2)
        let reference = TimingReference.Bezier(points[0], points[1], points[2], points[3])
        let error = Self.maxError(of: CAMediaTimingFunction(name: name), against: reference)
        #expect(error < 1e-9, "max error \(error) for \(name.rawValue)")
    }

    @Test(arguments: customCurves)
    func customCurveMatchesBruteForceBisection(points: [Float]) {
        let function = CAMediaTimingFunction(controlPoints: points[0], points[1], points[2], points[3])
        let reference = TimingReference.Bezier(points[0], points[1], points[2], points[3])
        let error = Self.maxError(of: function, against: reference)
        #expect(error < 1e-6, "max error \(error) for \(reference)")
    }

    @Test func overshootingCurveLeavesTheUnitInterval() {
        let function = CAMediaTimingFunction(controlPoints: 0.5, -1, 0.5, 2)
        let reference = TimingReference.Bezier(0.5, -1, 0.5, 2)
        let samples = Self.denseGrid.map(function.evaluate)
        #expect(samples.min()! < -0.2)
        #expect(samples.max()! > 1.2)
        #expect(abs(function.evaluate(0.25) - reference.value(atX: 0.25)) < 1e-9)
    }

    @Test(arguments: namedCurves.map { $0.2 } + customCurves)
    func endpointsMapExactly(points: [Float]) {
        let function = CAMediaTimingFunction(controlPoints: points[0], points[1], points[2], points[3])
        #expect(function.evaluate(0) == 0)
        #expect(function.evaluate(1) == 1)
    }

    @Test(arguments: [
        [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.25, 0.1, 0.25, 1], [0.5, -1, 0.5, 2],
        [0.68, -0.55, 0.265, 1.55], [0, 0, 0, 0], [1, 1, 1, 1], [0.05, 0, 0.95, 1],
    ] as [[Float]])
    func curveExtendsAlongItsEndTangentsOutsideTheUnitInterval(points: [Float]) {
        let function = CAMediaTimingFunction(controlPoints: points[0], points[1], points[2], points[3])
        let reference = TimingReference.Bezier(points[0], points[1], points[2], points[3])
        let startSlope = reference.endSlope(atStart: true)
        let endSlope = reference.endSlope(atStart: false)
        for distance in [1e-3, 0.25, 1, 10] {
            #expect(abs(function.evaluate(-distance) - startSlope * -distance) < 1e-6 * max(1, distance))
            #expect(abs(function.evaluate(1 + distance) - (1 + endSlope * distance)) < 1e-6 * max(1, distance))
        }
    }

    @Test func easeInEaseOutExtendsFlatAndLinearExtendsWithSlopeOne() {
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)
        #expect(ease.evaluate(-0.5) == 0)
        #expect(ease.evaluate(1.5) == 1)
        let linear = CAMediaTimingFunction(name: .linear)
        #expect(linear.evaluate(-0.5) == -0.5)
        #expect(linear.evaluate(1.75) == 1.75)
    }

    @Test func verticalEndTangentsExtendFlat() {
        // c1 = (0, 1) and c2 = (1, 0) make both end tangents vertical; there is no finite slope.
        let function = CAMediaTimingFunction(controlPoints: 0, 1, 1, 0)
        #expect(function.evaluate(-2) == 0)
        #expect(function.evaluate(3) == 1)
    }

    @Test(arguments: namedCurves.map(\.0))
    func getControlPointReturnsEndsAndControlPoints(name: CAMediaTimingFunctionName) throws {
        let points = try #require(Self.namedCurves.first { $0.0 == name }?.2)
        let function = CAMediaTimingFunction(name: name)
        var value: [Float] = [-7, -7]
        let expected: [[Float]] = [[0, 0], [points[0], points[1]], [points[2], points[3]], [1, 1]]
        for index in 0...3 {
            function.getControlPoint(at: index, values: &value)
            #expect(value == expected[index], "index \(index) of \(name.rawValue)")
        }
    }

    @Test func getControlPointStoresFloatValuesOfCustomPoints() {
        let function = CAMediaTimingFunction(controlPoints: 0.1, -0.3, 0.7, 1.9)
        var value: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &value)
        #expect(value == [0.1, -0.3])
        function.getControlPoint(at: 2, values: &value)
        #expect(value == [0.7, 1.9])
    }

    @Test(arguments: [4, 5, -1, Int.max, Int.min])
    func getControlPointLeavesValuesUntouchedOutOfRange(index: Int) {
        let function = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        var value: [Float] = [-7, 42]
        function.getControlPoint(at: index, values: &value)
        #expect(value == [-7, 42])
    }

    @Test func namesHaveApplesRawValues() {
        for (name, rawValue, _) in Self.namedCurves {
            #expect(name.rawValue == rawValue)
            #expect(CAMediaTimingFunctionName(rawValue: rawValue) == name)
        }
        #expect(Set(Self.namedCurves.map(\.0)).count == 5)
    }

    @Test func descriptionShowsTheNameOrTheControlPoints() {
        #expect(CAMediaTimingFunction(name: .easeIn).description == "easeIn")
        #expect(CAMediaTimingFunction(name: .default).description == "default")
        let custom = CAMediaTimingFunction(controlPoints: 0.5, -1, 0.5, 2)
        #expect(custom.description == "CAMediaTimingFunction(controlPoints: 0.5, -1.0, 0.5, 2.0)")
    }

    /// A subclass as iOS code may write one: it overrides NSObject-style members.
    final class LabeledTimingFunction: CAMediaTimingFunction, @unchecked Sendable {
        override var description: String { "labeled" }
    }

    @Test func subclassInheritsNamedInitializerAndOverridesDescription() {
        let function = LabeledTimingFunction(name: .easeOut)
        #expect(function.description == "labeled")
        var value: [Float] = [0, 0]
        function.getControlPoint(at: 2, values: &value)
        #expect(value == [0.58, 1])
        #expect(function.evaluate(0.5) == CAMediaTimingFunction(name: .easeOut).evaluate(0.5))
    }

    @Test func equalityComparesControlPoints() {
        #expect(CAMediaTimingFunction(name: .easeIn) == CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1))
        #expect(CAMediaTimingFunction(name: .easeIn) != CAMediaTimingFunction(name: .easeOut))
        let set: Set = [CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(controlPoints: 0, 0, 1, 1)]
        #expect(set.count == 1)
    }

    @Test func unknownNameFallsBackToLinear() {
        let function = CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: "bogus"))
        var value: [Float] = [0, 0]
        function.getControlPoint(at: 2, values: &value)
        #expect(value == [1, 1])
        #expect(function.evaluate(0.3) == 0.3)
    }

    @Test func nanInputGivesNaN() {
        #expect(CAMediaTimingFunction(name: .easeIn).evaluate(.nan).isNaN)
        #expect(CAMediaTimingFunction(name: .linear).evaluate(.nan).isNaN)
    }

    @Test func infiniteInputsFollowTheTangents() {
        let function = CAMediaTimingFunction(name: .default)  // start slope 0.4, end slope 0
        #expect(function.evaluate(-.infinity) == -.infinity)
        #expect(function.evaluate(.infinity) == 1)
    }

    @Test func nonFiniteControlPointsNeitherHangNorCrash() {
        let nanX = CAMediaTimingFunction(controlPoints: .nan, 0, .nan, 1)
        let nanY = CAMediaTimingFunction(controlPoints: 0.3, .nan, 0.6, 1)
        let infinite = CAMediaTimingFunction(controlPoints: .infinity, 0, -.infinity, 1)
        for x in Self.denseGrid.dropFirst().dropLast(7) {
            #expect(nanX.evaluate(x).isFinite)
            #expect(nanY.evaluate(x).isNaN)
            #expect(infinite.evaluate(x).isFinite)
        }
    }

    @Test func outOfRangeXControlPointsAreClampedIntoTheUnitInterval() {
        // x outside 0…1 would make x(t) non-monotonic; it is clamped to (1, 0.2) and (0, 0.8).
        let function = CAMediaTimingFunction(controlPoints: 1.5, 0.2, -0.5, 0.8)
        let clamped = TimingReference.Bezier(1, 0.2, 0, 0.8)
        #expect(Self.maxError(of: function, against: clamped) < 1e-9)
        var value: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &value)
        #expect(value == [1.5, 0.2])  // the stored points are what the caller gave
    }
}
#endif
