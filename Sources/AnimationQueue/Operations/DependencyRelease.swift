import Foundation

extension Operation {
    /// Removes every dependency of the operation; returns the ones removed.
    @discardableResult
    func removeAllDependencies() -> [Operation] {
        let links = dependencies
        for link in links { removeDependency(link) }
        return links
    }

    /// Releases an operation's dependencies one link at a time; called from `deinit`.
    ///
    /// An operation holds its dependencies strongly, so dropping the last reference to the
    /// end of a long chain that never ran (nothing unlinked it) would free the chain in one
    /// recursive deinit per link, and 50,000 links overflow the stack. Instead the
    /// dependencies are taken out here, and so are those of each dependency that only this
    /// release keeps alive, before it is freed: every operation is then freed with no
    /// dependency left, at a constant stack depth. A dependency that anything else still
    /// holds keeps its own dependencies.
    func releaseDependenciesLinkByLink() {
        var pending = removeAllDependencies()
        while var dependency = pending.popLast() {
            guard isKnownUniquelyReferenced(&dependency) else { continue }
            pending += dependency.removeAllDependencies()
        }
    }
}
