import Foundation

extension Operation {
    /// Removes every dependency of the operation; returns the ones removed.
    @discardableResult
    func removeAllDependencies() -> [Operation] {
        let links = dependencies
        for link in links { removeDependency(link) }
        return links
    }

    /// Releases an operation's dependencies from a loop instead of from nested `deinit`s;
    /// called from `deinit`.
    ///
    /// An operation holds its dependencies strongly, so dropping the last reference to the
    /// end of a long chain that never ran (nothing unlinked it) would free the chain in one
    /// recursive `deinit` per link, and 50,000 links overflow the stack. Instead the links
    /// go to this thread's ``DependencyRelease`` loop, which drops them one at a time: a
    /// dependency freed there hands its own links back to the same loop from its `deinit`,
    /// so the stack stays as deep as one `deinit`, whatever the chain's length.
    ///
    /// Nothing here asks whether a dependency is referenced elsewhere (Apple platforms do not
    /// answer that for Objective-C objects such as `Operation`): a dependency that something
    /// else still holds is merely released once by the loop and keeps its own dependencies.
    func releaseDependenciesLinkByLink() {
        var links = removeAllDependencies()
        guard !links.isEmpty else { return }
        DependencyRelease.release(&links)
    }
}

/// The loop that drops released dependency links one at a time, one loop per thread (see
/// `Operation.releaseDependenciesLinkByLink()`).
///
/// A release made while the same thread's loop runs (a link the loop frees releasing links
/// of its own) hands them to that loop and returns; a release on another thread runs a loop
/// of its own, so every thread frees only what it released, and does so before its release
/// returns. Each thread's loop lives in its `threadDictionary`, so it needs no lock. Only
/// operations the package defines release their links this way; a chain of Foundation's own
/// operations (`BlockOperation`) is freed as Foundation frees it.
final class DependencyRelease {
    private var pending: [Operation] = []
    private var isDraining = false

    private static let key = "AnimationQueue.DependencyRelease"

    /// Takes `links` (leaving it empty, so the caller holds none of them) and drops each,
    /// unless this thread's loop is already running, which then drops them.
    static func release(_ links: inout [Operation]) {
        let loop = current
        loop.pending.append(contentsOf: links)
        links.removeAll()
        guard !loop.isDraining else { return }
        loop.isDraining = true
        // Each link is dropped at the end of its iteration, after `popLast()` returned: if
        // nothing else holds it, its `deinit` runs then and appends its own links.
        while let link = loop.pending.popLast() { _ = link }
        loop.isDraining = false
    }

    /// This thread's loop.
    private static var current: DependencyRelease {
        let storage = Thread.current.threadDictionary
        if let loop = storage[key] as? DependencyRelease { return loop }
        let loop = DependencyRelease()
        storage[key] = loop
        return loop
    }
}
