import AnimationQueue
import Foundation
import Testing

/// A 100,000-link chain that never ran (never added to a queue, so nothing unlinked it) is
/// freed without one nested `deinit` per link, on every platform: the links are animation
/// steps, `AsyncOperation`s, or Foundation's `BlockOperation`s between them. Uses only
/// Apple's API, so it runs against QuartzCore and Foundation's Objective-C `Operation` too.
/// A recursive release would overflow the stack and end the test process.
@Suite(TimeLimits.suite(minutes: 2))
struct LongChainReleaseTests {
    final class Fetch: AsyncOperation, @unchecked Sendable {
        override func execute() { finish() }
    }

    static let links = 100_000

    /// Builds a chain of `links` operations, each depending on the one before, from `make`
    /// in turn; returns weak references to its first and last links after the chain's last
    /// strong reference is dropped. Off the main thread: building and freeing 100,000
    /// operations takes seconds, which would hold up every other suite's main-thread work.
    static func releasedChain(_ make: [() -> Operation]) -> (first: Operation?, last: Operation?) {
        weak var first: Operation?
        weak var last: Operation?
        var tail: Operation?
        for index in 0..<links {
            let link = make[index % make.count]()
            if let tail { link.addDependency(tail) } else { first = link }
            tail = link
        }
        last = tail
        #expect(first != nil && last != nil)
        tail = nil
        return (first, last)
    }

    @Test func aChainOfAnimationStepsIsFreed() {
        let layer = CALayer()
        let fade = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)
        let released = Self.releasedChain([{ AnimationOperation(layer: layer, animation: fade) }])
        #expect(released.first == nil && released.last == nil)
    }

    @Test func aChainOfAsyncOperationsIsFreed() {
        let released = Self.releasedChain([{ Fetch() }])
        #expect(released.first == nil && released.last == nil)
    }

    @Test func aChainMixingEveryKindOfLinkIsFreed() {
        let layer = CALayer()
        let fade = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)
        let released = Self.releasedChain([
            { AnimationOperation(layer: layer, animation: fade) },
            { BlockOperation {} },
            { Fetch() },
        ])
        #expect(released.first == nil && released.last == nil)
    }

    /// A link that something else still holds keeps its own dependencies: releasing the chain
    /// after it does not cut the held part of the chain.
    @Test func aLinkHeldElsewhereKeepsItsDependencies() {
        var chain: [Fetch] = (0..<3).map { _ in Fetch() }
        chain[1].addDependency(chain[0])
        chain[2].addDependency(chain[1])
        let held = chain[1]
        weak let first = chain[0]
        weak let last = chain[2]
        chain = []
        #expect(last == nil)                          // released, and its link to `held` with it
        #expect(held.dependencies.count == 1)         // still waits for the first
        #expect(first != nil)
    }
}
