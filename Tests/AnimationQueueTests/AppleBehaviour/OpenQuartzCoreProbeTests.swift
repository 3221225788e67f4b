#if !canImport(QuartzCore)
import Testing

/// The Apple behaviour probes run against OpenQuartzCore: each must see the choice the
/// engine states, so a probe that disagrees on a Mac shows a real difference, not a
/// broken probe.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct OpenQuartzCoreProbeTests {
    @Test func animationDidStopComesBeforeTheCompletionBlockInOneCallout() async {
        check(await AppleBehaviourProbes.completionAndStopOrder())
    }

    @Test func pausedLayerDoesNotCompleteWhenItsTimeOffsetPassesTheEnd() async {
        check([await AppleBehaviourProbes.pausedLayerCompletion()])
    }

    @Test func standaloneLayerKeepsItsAnimationsAfterRemoveFromSuperlayer() async {
        check([await AppleBehaviourProbes.detachedLayerKeepsAnimations()])
    }

    @Test func presentationIsNilBeforeTheFirstCommit() {
        check([AppleBehaviourProbes.presentationBeforeFirstCommit()])
    }

    @Test func beginTimeResolvesWhenThePendingImplicitTransactionCommits() {
        check([AppleBehaviourProbes.beginTimeInsidePendingImplicitTransaction()])
    }

    @Test func beginTimeResolvesAtAnOutermostExplicitCommit() {
        check([AppleBehaviourProbes.beginTimeInOutermostExplicitTransaction()])
    }

    @Test func convertTimeUnderAPausedAncestorIsItsFrozenTime() {
        check([AppleBehaviourProbes.convertTimeUnderPausedAncestor()])
    }

    @Test func pausedHostShowsAnimationsAtTheChosenTime() {
        check([AppleBehaviourProbes.pausedHostShowsExactTime()])
    }

    private func check(_ results: [ProbeResult]) {
        for result in results {
            #expect(result.matches, "\(result)")
        }
    }
}
#endif
