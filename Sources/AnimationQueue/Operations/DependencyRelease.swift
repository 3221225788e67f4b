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
    /// go to ``DependencyRelease``, which drops them one at a time: a dependency freed there
    /// hands its own links back to the same loop from its `deinit`, so the stack stays as
    /// deep as one `deinit`, whatever the chain's length.
    ///
    /// Nothing here asks whether a dependency is referenced elsewhere (Apple platforms do not
    /// answer that for Objective-C objects such as `Operation`): a dependency that something
    /// else still holds is merely released once by the loop and keeps its own dependencies.
    func releaseDependenciesLinkByLink() {
        var links = removeAllDependencies()
        guard !links.isEmpty else { return }
        DependencyRelease.shared.release(&links)
    }
}

/// The loop that drops released dependency links one at a time (see
/// `Operation.releaseDependenciesLinkByLink()`).
///
/// One loop serves the process: a thread that releases links while another thread's loop
/// runs hands them to that loop and returns, so no thread ever nests one release inside
/// another. Only operations the package defines release their links this way; a chain of
/// Foundation's own operations (`BlockOperation`) is freed as Foundation frees it.
final class DependencyRelease: @unchecked Sendable {
    static let shared = DependencyRelease()

    // Thread safety: `lock` guards `pending` and `isDraining`. Links are dropped, and so
    // `deinit`s run, outside it.
    private let lock = NSLock()
    private var pending: [Operation] = []
    private var isDraining = false

    private init() {}

    /// Takes `links` (leaving it empty, so the caller holds none of them) and drops each,
    /// unless a loop is already running, which then drops them.
    func release(_ links: inout [Operation]) {
        let drains = lock.withLock { () -> Bool in
            pending.append(contentsOf: links)
            guard !isDraining else { return false }
            isDraining = true
            return true
        }
        links.removeAll()
        guard drains else { return }
        while dropOne() {}
    }

    /// Drops the last pending link, which runs its `deinit` if nothing else holds it; false
    /// once none is left, and the loop has ended.
    private func dropOne() -> Bool {
        let link = lock.withLock { () -> Operation? in
            if let link = pending.popLast() { return link }
            isDraining = false
            return nil
        }
        return link != nil
    }
}
