import Foundation
#if !canImport(QuartzCore)
#if canImport(Testing)
import Testing
#endif

/// Work that did not settle: what a test clock found still in flight when it gave up waiting
/// for work that needs no virtual time to pass.
///
/// ``AnimationTestClock`` records it as a test failure at the call that was settling (an
/// `advance`, `runUntilIdle` or `settle`), so a test whose work never settles fails, naming
/// what was in flight, instead of passing with time stopped:
/// - under Swift Testing it is an `Issue`; wrap the call in `withKnownIssue` to expect it;
/// - under XCTest, Swift Testing's interoperability with XCTest reports that issue as a
///   failure of the running test, on toolchains that provide it (Swift 6.3 and later);
/// - it is also written to standard error, so it is never silent.
///
/// ```
/// AnimationTestClock: work did not settle at t = 0.3 (settle timeout 5.0 s): 'upload' is running on 'test'
/// ```
public struct UnsettledWork: Error, CustomStringConvertible, Sendable {
    /// The clock's ``AnimationTestClock/settleTimeout``: how long it waited without progress.
    public let timeout: TimeInterval
    /// The virtual time at which the work was in flight.
    public let virtualTime: TimeInterval
    /// One line per piece of work in flight: the operation, what it was doing, its queue.
    public let workInFlight: [String]

    /// The one-line report.
    public var description: String {
        let work = workInFlight.isEmpty ? "nothing is listed" : workInFlight.joined(separator: "; ")
        return "AnimationTestClock: work did not settle at t = \(virtualTime) (settle timeout \(timeout) s): \(work)"
    }

    /// Reports this as a failure of the running test at `location`.
    func record(at location: CallSite) {
        FileHandle.standardError.write(Data("\(description)\n".utf8))
        #if canImport(Testing)
        Issue.record(
            Comment(rawValue: description),
            sourceLocation: SourceLocation(fileID: location.fileID, filePath: location.filePath,
                                           line: location.line, column: location.column)
        )
        #endif
    }
}

/// Where a test called the clock, for the failure it may record.
struct CallSite {
    let fileID: String
    let filePath: String
    let line: Int
    let column: Int
}
#endif
