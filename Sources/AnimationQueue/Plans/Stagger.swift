import Foundation

/// When each part of a staggered ``Parallel`` group starts, in seconds after the group starts.
///
/// ```swift
/// Parallel(stagger: .from(.center, every: 0.04)) {
///     for cell in cells { Step(cell, fadeIn) }
/// }
/// // 5 cells start at 0.08, 0.04, 0, 0.04, 0.08
/// ```
public struct Stagger: Sendable {
    /// Which part of the group starts first; the others follow one interval apart, by their
    /// distance from it.
    ///
    /// ```swift
    /// Stagger.from(.end, every: 0.04).offsets(count: 3)   // [0.08, 0.04, 0]
    /// ```
    public enum Origin: Sendable, Hashable {
        /// The first part starts first, then the second, and so on: `0, 0.04, 0.08, …`.
        case start
        /// The middle part starts first, then its neighbours, outwards:
        /// `0.08, 0.04, 0, 0.04, 0.08`. With an even count the two middle parts start
        /// together: `0.04, 0, 0, 0.04`.
        case center
        /// The last part starts first, the first part last: `…, 0.08, 0.04, 0`.
        case end
    }

    private enum Rule: Sendable {
        case origin(Origin, interval: TimeInterval)
        case custom(@Sendable (_ index: Int, _ count: Int) -> TimeInterval)
    }

    private let rule: Rule

    private init(_ rule: Rule) {
        self.rule = rule
    }

    /// Parts that start `interval` seconds apart, beginning with the part at `origin`.
    ///
    /// ```swift
    /// Parallel(stagger: .from(.start, every: 0.04)) {
    ///     for row in rows { Step(row, slideIn) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - origin: The part that starts first; the others follow by their distance from it.
    ///   - interval: The time between the starts of two neighbouring parts, a finite
    ///     number of seconds ≥ 0.
    public static func from(_ origin: Origin, every interval: TimeInterval) -> Stagger {
        guard interval.isFinite, interval >= 0 else { APIViolationInvalidStagger(interval) }
        return Stagger(.origin(origin, interval: interval))
    }

    /// Parts that start at the offsets `offset` returns for each index.
    ///
    /// ```swift
    /// // Ease the starts in: the gaps shrink towards the end.
    /// Parallel(stagger: .custom { index, count in 0.3 * sqrt(Double(index) / Double(count)) }) {
    ///     for bar in bars { Step(bar, rise) }
    /// }
    /// ```
    ///
    /// - Parameter offset: Given a part's index (0 for the first) and the number of parts,
    ///   its start in seconds after the group starts: a finite number ≥ 0. It is called once
    ///   per part when the group is created.
    public static func custom(_ offset: @escaping @Sendable (_ index: Int, _ count: Int) -> TimeInterval) -> Stagger {
        Stagger(.custom(offset))
    }

    /// The start of each of `count` parts, in seconds after the group starts.
    ///
    /// ```swift
    /// Stagger.from(.center, every: 0.04).offsets(count: 5)   // [0.08, 0.04, 0, 0.04, 0.08]
    /// ```
    public func offsets(count: Int) -> [TimeInterval] {
        (0..<max(count, 0)).map { offset(ofPart: $0, count: count) }
    }

    private func offset(ofPart index: Int, count: Int) -> TimeInterval {
        switch rule {
        case .origin(.start, let interval):
            return Double(index) * interval
        case .origin(.end, let interval):
            return Double(count - 1 - index) * interval
        case .origin(.center, let interval):
            // In half-intervals, the distance from the middle is |2i − (n − 1)|: even for an
            // odd count, odd for an even one, where rounding it down to whole intervals makes
            // the two middle parts start at 0.
            let halfSteps = abs(2 * index - (count - 1))
            return Double(halfSteps / 2) * interval
        case .custom(let offset):
            let value = offset(index, count)
            guard value.isFinite, value >= 0 else { APIViolationInvalidStagger(value, part: index, of: count) }
            return value
        }
    }
}

extension Parallel {
    /// Parts that start one after another, `interval` seconds apart, in the order written;
    /// the group ends when the last of them ends.
    ///
    /// ```swift
    /// Parallel(stagger: 0.04) {
    ///     for cell in cells { Step(cell, fadeIn) }
    /// }
    /// ```
    ///
    /// The same as `Parallel(stagger: .from(.start, every: interval))`.
    public init(stagger interval: TimeInterval, @PlanBuilder _ content: () -> [any PlanComponent]) {
        self.init(stagger: .from(.start, every: interval), content)
    }

    /// Parts that start at the offsets of `stagger`; the group ends when the last of them ends.
    ///
    /// ```swift
    /// Parallel(stagger: .from(.end, every: 0.04)) {
    ///     for bar in bars { Step(bar, rise) }
    /// }
    /// ```
    ///
    /// Each ``Step`` keeps its own operation, outcome and events; its offset is a delay that
    /// Core Animation times, as with ``Step/delayed(by:)``: the operation starts with the
    /// group, and the layer shows the from-value until the offset has passed. Any other part
    /// (a ``Serial``, a nested ``Parallel``, a ``Wait`` or a ``Perform``) starts after a
    /// ``Wait`` of its offset, as with ``PlanComponent/delayed(by:)``, so it is offset as a
    /// whole.
    public init(stagger: Stagger, @PlanBuilder _ content: () -> [any PlanComponent]) {
        let components = content()
        let offsets = stagger.offsets(count: components.count)
        self.init(components: zip(components, offsets).map { component, offset in
            Self.offsetting(component, by: offset)
        })
    }

    /// `component`, starting `offset` seconds after the group starts.
    private static func offsetting(_ component: any PlanComponent, by offset: TimeInterval) -> any PlanComponent {
        guard offset > 0 else { return component }
        if let step = component as? Step { return step.delayed(by: offset) }
        return component.delayed(by: offset)
    }
}
