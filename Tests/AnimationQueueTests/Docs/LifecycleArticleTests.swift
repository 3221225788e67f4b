// Reads the package's own files, which only a checkout has: not on a device or simulator.
#if os(macOS) || os(Linux) || os(Windows)
@testable import AnimationQueue
import Foundation
import Testing

/// The article "The operation lifecycle" (AnimationQueue.docc/OperationLifecycle.md) and the
/// code name the same states and events, and its table has a row for every event and a
/// column for every state.
@Suite struct LifecycleArticleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every state's name, by an exhaustive switch: a new state does not compile until it is
    /// named here.
    static func name(of state: OperationLifecycle.State) -> String {
        switch state {
        case .initialized: "initialized"
        case .waitingForMain: "waitingForMain"
        case .parked: "parked"
        case .animating: "animating"
        case .onTimeline: "onTimeline"
        case .finished: "finished"
        }
    }

    /// One value of each state.
    static var everyState: [OperationLifecycle.State] {
        let resolved = ResolvedAnimation(animation: CABasicAnimation(keyPath: "opacity"), finalValues: [],
                                         initialValues: [])
        return [
            .initialized(.init()), .waitingForMain(.init()), .parked(.init(), batch: 1),
            .animating(.init(key: "op", resolved: resolved, activeDuration: 1, hasTransition: false, batch: 1)),
            .onTimeline(.init(batch: 1, startAnnounced: true)),
            .finished(.init(outcome: .finished, plannedEnd: nil, batch: 1)),
        ]
    }

    /// The event methods of the lifecycle, read from its source: the `mutating func`s between
    /// `// MARK: Events` and `// MARK: Helpers`.
    static func eventsInCode() throws -> [String] {
        let source = try read("Sources/AnimationQueue/Operation/Lifecycle/OperationLifecycle.swift")
        let events = try #require(source.range(of: "// MARK: Events"))
        let helpers = try #require(source.range(of: "// MARK: Helpers"))
        return source[events.upperBound..<helpers.lowerBound].split(separator: "\n").compactMap { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("mutating func ") else { return nil }
            return String(text.dropFirst("mutating func ".count).prefix { $0 != "(" })
        }
    }

    /// The article's table: its header's states and its rows' events.
    static func table() throws -> (states: [String], events: [String]) {
        let article = try read("Sources/AnimationQueue/AnimationQueue.docc/OperationLifecycle.md")
        let rows = article.split(separator: "\n").filter { $0.hasPrefix("| ") }
        let cells = rows.map { row in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let header = try #require(cells.first)
        return (Array(header.dropFirst()), cells.dropFirst(2).map { $0[0] })
    }

    @Test func theTableHasAColumnForEveryStateInTheirOrder() throws {
        #expect(try Self.table().states == Self.everyState.map(Self.name))
        #expect(Self.everyState.map(\.name) == Self.everyState.map(Self.name), "the states' own names")
    }

    @Test func theTableHasARowForEveryEventInTheCodesOrder() throws {
        let events = try Self.eventsInCode()
        #expect(events.count == 19)
        #expect(try Self.table().events == events)
    }

    @Test func theArticleDefinesEveryStateAndEvent() throws {
        let article = try Self.read("Sources/AnimationQueue/AnimationQueue.docc/OperationLifecycle.md")
        for name in Self.everyState.map(Self.name) + (try Self.eventsInCode()) {
            #expect(article.contains("- term `\(name)`:"), "\(name) is defined in the article")
        }
    }
}
#endif
