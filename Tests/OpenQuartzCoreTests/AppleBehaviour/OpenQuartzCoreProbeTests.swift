#if !canImport(QuartzCore)
import Foundation
import OpenQuartzCore
import Testing

/// The Apple behaviour probes run against OpenQuartzCore. With no variance mode, each must
/// see the choice the engine states, so a probe that disagrees on a Mac shows a real
/// difference, not a broken probe. Under `OPENQUARTZCORE_VARIANCE`, each probe must see
/// the difference the selected modes make: every mode is observable through Apple's API.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct OpenQuartzCoreProbeTests {
    /// The modes named in `OPENQUARTZCORE_VARIANCE` for this run.
    private static let modes: Set<String> = Set(
        (ProcessInfo.processInfo.environment["OPENQUARTZCORE_VARIANCE"] ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    )

    @Test func animationDidStopComesBeforeTheCompletionBlockInOneCallout() async {
        let results = await AppleBehaviourProbes.completionAndStopOrder()
        // delegate-late delivers the stop after the completion too, in a later turn.
        check(results[0], differsUnder: ["completion-first", "delegate-late"])
        check(results[1], differsUnder: ["delegate-late"])
    }

    @Test func nestedCompletionWaitsOnlyForItsOwnAnimations() async {
        check(await AppleBehaviourProbes.nestedCompletionWaitsOnlyForItsOwnAnimations(), differsUnder: [])
    }

    @Test func pausedLayerDoesNotCompleteWhenItsTimeOffsetPassesTheEnd() async {
        check(await AppleBehaviourProbes.pausedLayerCompletion(), differsUnder: ["paused-completes"])
    }

    @Test func standaloneLayerKeepsItsAnimationsAfterRemoveFromSuperlayer() async {
        check(await AppleBehaviourProbes.detachedLayerKeepsAnimations(), differsUnder: ["detach-removes"])
    }

    @Test func anAnimationOnALayerInNoWindowReportsItsEnd() async {
        check(await AppleBehaviourProbes.bareLayerCallsBack(), differsUnder: [])
    }

    @Test func aLayerDeallocatedMidAnimation() async {
        check(await AppleBehaviourProbes.deallocatedLayerCallbacks(), differsUnder: [])
    }

    @Test func aDelayedAnimationThatRepeatsForeverHoldsThenCycles() {
        check(AppleBehaviourProbes.delayedForeverAnimation(), differsUnder: [])
    }

    @Test func presentationIsNilBeforeTheFirstCommit() {
        check(AppleBehaviourProbes.presentationBeforeFirstCommit(), differsUnder: [])
    }

    @Test func beginTimeResolvesWhenThePendingImplicitTransactionCommits() {
        check(AppleBehaviourProbes.beginTimeInsidePendingImplicitTransaction(), differsUnder: ["nested-commits-immediately"])
    }

    @Test func beginTimeResolvesAtAnOutermostExplicitCommit() {
        check(AppleBehaviourProbes.beginTimeInOutermostExplicitTransaction(), differsUnder: [])
    }

    @Test func convertTimeUnderAPausedAncestorIsItsFrozenTime() {
        check(AppleBehaviourProbes.convertTimeUnderPausedAncestor(), differsUnder: [])
    }

    @Test func pausedHostShowsAnimationsAtTheChosenTime() {
        check(AppleBehaviourProbes.pausedHostShowsExactTime(), differsUnder: [])
    }

    @Test func everyAnimationAddedTakesTheTransactionsTimingFunction() {
        check(AppleBehaviourProbes.transactionTimingFunctionOnAddedAnimations(), differsUnder: [])
    }

    @Test func aNilInAnInnerTransactionHidesTheOuterValue() {
        check(AppleBehaviourProbes.nilInAnInnerScopeHidesTheOuterValue(), differsUnder: [])
    }

    @Test func anAnimationAddedToAPausedLayerStarts() async {
        check(await AppleBehaviourProbes.animationAddedToAPausedLayerStarts(), differsUnder: [])
    }

    @Test func aFillingAnimationAddedLaterOverridesAnActiveOne() {
        check(AppleBehaviourProbes.fillingAnimationOverridesAnEarlierActiveOne(), differsUnder: [])
    }

    @Test func anAnimationAddedAgainUnderItsKeyIsAppliedLast() {
        check(AppleBehaviourProbes.reAddingUnderAKeyMovesItLast(), differsUnder: [])
    }

    @Test func aKeptAnimationReportsItsEndOnce() async {
        check(await AppleBehaviourProbes.keptAnimationReportsItsEndOnce(), differsUnder: [])
    }

    @Test func anAnimationAtANegativeSpeedEnds() async {
        check(await AppleBehaviourProbes.negativeSpeedEnds(), differsUnder: [])
    }

    @Test func positiveContinuityGivesSharpCorners() {
        check(AppleBehaviourProbes.positiveContinuityGivesSharpCorners(), differsUnder: [])
    }

    @Test func positiveBiasMovesTheCurveBeforeTheKeyframe() {
        check(AppleBehaviourProbes.positiveBiasMovesTheCurveBeforeTheKeyframe(), differsUnder: [])
    }

    @Test func aNeverCommittedLayerSearchesForActions() {
        check(AppleBehaviourProbes.neverCommittedLayerSearchesForActions(), differsUnder: [])
    }

    @Test func addingASublayerRunsTheSublayersAction() {
        check(AppleBehaviourProbes.addingASublayerRunsTheSublayersAction(), differsUnder: [])
    }

    @Test func theRasterizationPropertiesAnimateImplicitly() {
        check(AppleBehaviourProbes.rasterizationPropertiesAnimateImplicitly(), differsUnder: [])
    }

    @Test func theDefaultActionOfAnAnimatablePropertyIsItsImplicitAnimation() {
        check(AppleBehaviourProbes.defaultActionOfAnAnimatableProperty(), differsUnder: [])
    }

    @Test func theDefaultValueOfADeclaredPropertyIsANewLayersValue() {
        check(AppleBehaviourProbes.defaultValueOfDeclaredProperties(), differsUnder: [])
    }

    @Test func cumulativeRepeatsAddOnePassesChangePerCycle() {
        check(AppleBehaviourProbes.cumulativeRepeatsFromANonZeroStart(), differsUnder: [])
    }

    @Test func aValueFunctionWithoutAFromValueStartsFromItsIdentity() {
        check(AppleBehaviourProbes.valueFunctionWithoutFromValue(), differsUnder: [])
    }

    @Test func cumulativeAutoreversingRepeatsAccumulateNothing() {
        check(AppleBehaviourProbes.cumulativeAutoreversingRepeats(), differsUnder: [])
    }

    @Test func anEmitterCellKeyPathAnimatesThePresentationCopysCell() {
        check(AppleBehaviourProbes.emitterCellKeyPathInThePresentation(), differsUnder: [])
    }

    @Test func theDefaultFrameRateRangeIsZeros() {
        check(AppleBehaviourProbes.defaultFrameRateRange(), differsUnder: [])
    }

    @Test func aGroupChildWithoutADurationSpansTheGroup() {
        check(AppleBehaviourProbes.groupChildWithoutADuration(), differsUnder: [])
    }

    @Test func eachSegmentOfAKeyframePathIsOneKeyframeSegment() {
        check(AppleBehaviourProbes.keyframePathTiming(), differsUnder: [])
    }

    @Test func rotationModeLeavesThePresentationTransform() {
        check(AppleBehaviourProbes.rotationModeInThePresentationTransform(), differsUnder: [])
    }

    @Test func aRoundedRectangleStartsOnItsMinimumYEdge() {
        check(AppleBehaviourProbes.roundedRectStart(), differsUnder: [])
    }

    /// The background probe on a manual clock's simulated trip (30 s away): the removed
    /// animation reports its end before the return, and the kept one shows its value at
    /// the new time.
    @Test func aTripToTheBackgroundRemovesTheAnimationsNotKeptOnCompletion() async {
        // Only the background modes speak to this question; the others (a completion before its
        // stop, a late delegate) move the stop relative to the return and are left out.
        let clock = OQC.ManualClock(now: 100, variance: OQC.Variance.processDefault.intersection(
            [.backgroundCallbacksAtReturn, .backgroundNoCallbacks]))
        let results = await OQC.withClock(clock) {
            await AppleBehaviourProbes.backgroundTrip(.simulated(on: clock, away: 30))
        }
        check(results[0], differsUnder: ["background-callbacks-at-return", "background-no-callbacks"])
        check(results[1], differsUnder: [])
    }

    @Test func aCompletionBlockWithNothingToWaitForRunsAfterTheCommit() async {
        check(await AppleBehaviourProbes.completionWithNothingToWaitFor(), differsUnder: [])
    }

    @Test func aSpringsTimingFunctionBendsItsTime() {
        check(AppleBehaviourProbes.springTimingFunction(), differsUnder: [])
    }

    /// Expects `result` to match OpenQuartzCore's stated choice unless one of `modes` is
    /// selected for this run, and then to differ.
    private func check(_ result: ProbeResult, differsUnder modes: Set<String>) {
        let selected = modes.intersection(Self.modes)
        if selected.isEmpty {
            #expect(result.matches, "\(result)")
        } else {
            #expect(!result.matches, "under \(selected.sorted().joined(separator: ",")) the probe saw no difference: \(result)")
        }
    }
}
#endif
