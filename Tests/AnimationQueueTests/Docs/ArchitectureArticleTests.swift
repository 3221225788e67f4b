// Reads the package's own files, which only a checkout has: not on a device or simulator.
#if os(macOS) || os(Linux) || os(Windows)
import Foundation
import Testing

/// The article "Architecture: one animation out and back"
/// (AnimationQueue.docc/Architecture.md) names files that exist, and the counts it states
/// are the counts of its own walks.
@Suite struct ArchitectureArticleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func article() throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("Sources/AnimationQueue/AnimationQueue.docc/Architecture.md"),
                   encoding: .utf8)
    }

    /// The backticked `.swift` paths of `text`, in order.
    static func paths(in text: Substring) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, piece in
            index.isMultiple(of: 2) || !piece.hasSuffix(".swift") || piece.contains(" ") ? nil : String(piece)
        }
    }

    /// The walk under the heading `heading`: the file of each numbered stop (the first path
    /// the stop names), and the file count the walk states in bold.
    static func walk(_ heading: String) throws -> (stops: [String], statedFiles: Int) {
        let article = try article()
        let start = try #require(article.range(of: heading))
        let rest = article[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        let section = rest[..<end]
        let stops = section.split(separator: "\n").filter { line in
            line.first?.isNumber == true && line.contains(". `")
        }.compactMap { paths(in: $0).first }
        let counted = try #require(section.range(of: #"crosses \*\*(\d+) files\*\*"#, options: .regularExpression))
        let number = section[counted].filter(\.isNumber)
        return (stops, try #require(Int(number)))
    }

    @Test func everyFileTheArticleNamesExists() throws {
        let named = Self.paths(in: try Self.article()[...])
        #expect(named.count > 20)
        for path in Set(named) {
            let full = path.hasPrefix("Sources/") ? path : "Sources/AnimationQueue/" + path
            #expect(FileManager.default.fileExists(atPath: Self.packageRoot.appendingPathComponent(full).path), "\(path) exists")
        }
    }

    @Test(arguments: ["## Out: from the plan to Core Animation", "## Back: from Core Animation to the outcome"])
    func eachWalkCrossesTheFilesItCounts(heading: String) throws {
        let (stops, stated) = try Self.walk(heading)
        #expect(stops.count >= 10)
        #expect(Set(stops).count == stated)
    }
}
#endif
