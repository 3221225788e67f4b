#if canImport(QuartzCore)
import Testing

/// The facts OpenQuartzCore assumes where Apple's documentation is silent, checked against
/// the real QuartzCore (Apple platforms only). Each test prints what it saw and fails when
/// QuartzCore differs from OpenQuartzCore's choice; the failure names the
/// `OPENQUARTZCORE_VARIANCE` mode that models what QuartzCore did. See the Testing with
/// virtual time guide, "Apple behaviour probes".
@MainActor
@Suite(.serialized, TimeLimits.suite(minutes: 1))
struct AppleBehaviourProbeTests {
    @Test func animationDidStopComesBeforeTheCompletionBlockInOneCallout() async {
        check(await AppleBehaviourProbes.completionAndStopOrder())
    }

    @Test func nestedCompletionWaitsOnlyForItsOwnAnimations() async {
        check([await AppleBehaviourProbes.nestedCompletionWaitsOnlyForItsOwnAnimations()])
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

    @Test func everyAnimationAddedTakesTheTransactionsTimingFunction() {
        check([AppleBehaviourProbes.transactionTimingFunctionOnAddedAnimations()])
    }

    @Test func aNilInAnInnerTransactionHidesTheOuterValue() {
        check([AppleBehaviourProbes.nilInAnInnerScopeHidesTheOuterValue()])
    }

    @Test func anAnimationAddedToAPausedLayerStarts() async {
        check([await AppleBehaviourProbes.animationAddedToAPausedLayerStarts()])
    }

    @Test func anAnimationAtANegativeSpeedEnds() async {
        check([await AppleBehaviourProbes.negativeSpeedEnds()])
    }

    @Test func aFillingAnimationAddedLaterOverridesAnActiveOne() {
        check([AppleBehaviourProbes.fillingAnimationOverridesAnEarlierActiveOne()])
    }

    @Test func anAnimationAddedAgainUnderItsKeyIsAppliedLast() {
        check([AppleBehaviourProbes.reAddingUnderAKeyMovesItLast()])
    }

    @Test func aKeptAnimationReportsItsEndOnce() async {
        check([await AppleBehaviourProbes.keptAnimationReportsItsEndOnce()])
    }

    @Test func positiveContinuityGivesSharpCorners() {
        check([AppleBehaviourProbes.positiveContinuityGivesSharpCorners()])
    }

    @Test func positiveBiasMovesTheCurveBeforeTheKeyframe() {
        check([AppleBehaviourProbes.positiveBiasMovesTheCurveBeforeTheKeyframe()])
    }

    @Test func aNeverCommittedLayerSearchesForActions() {
        check([AppleBehaviourProbes.neverCommittedLayerSearchesForActions()])
    }

    @Test func addingASublayerRunsTheSublayersAction() {
        check([AppleBehaviourProbes.addingASublayerRunsTheSublayersAction()])
    }

    @Test func theRasterizationPropertiesAnimateImplicitly() {
        check([AppleBehaviourProbes.rasterizationPropertiesAnimateImplicitly()])
    }

    @Test func theDefaultActionOfAnAnimatablePropertyIsItsImplicitAnimation() {
        check([AppleBehaviourProbes.defaultActionOfAnAnimatableProperty()])
    }

    @Test func theDefaultValueOfADeclaredPropertyIsANewLayersValue() {
        check([AppleBehaviourProbes.defaultValueOfDeclaredProperties()])
    }

    @Test func cumulativeRepeatsAddOnePassesChangePerCycle() {
        check([AppleBehaviourProbes.cumulativeRepeatsFromANonZeroStart()])
    }

    @Test func aValueFunctionWithoutAFromValueStartsFromItsIdentity() {
        check([AppleBehaviourProbes.valueFunctionWithoutFromValue()])
    }

    @Test func cumulativeAutoreversingRepeatsAccumulateNothing() {
        check([AppleBehaviourProbes.cumulativeAutoreversingRepeats()])
    }

    @Test func anEmitterCellKeyPathAnimatesThePresentationCopysCell() {
        check([AppleBehaviourProbes.emitterCellKeyPathInThePresentation()])
    }

    @Test func theDefaultFrameRateRangeIsZeros() {
        check([AppleBehaviourProbes.defaultFrameRateRange()])
    }

    @Test func aGroupChildWithoutADurationSpansTheGroup() {
        check([AppleBehaviourProbes.groupChildWithoutADuration()])
    }

    @Test func eachSegmentOfAKeyframePathIsOneKeyframeSegment() {
        check([AppleBehaviourProbes.keyframePathTiming()])
    }

    @Test func rotationModeLeavesThePresentationTransform() {
        check([AppleBehaviourProbes.rotationModeInThePresentationTransform()])
    }

    @Test func aRoundedRectangleStartsOnItsMinimumYEdge() {
        check([AppleBehaviourProbes.roundedRectStart()])
    }

    @Test func anAnimationOnALayerInNoWindowReportsItsEnd() async {
        check([await AppleBehaviourProbes.bareLayerCallsBack()])
    }

    @Test func aLayerDeallocatedMidAnimation() async {
        check([await AppleBehaviourProbes.deallocatedLayerCallbacks()])
    }

    @Test func aDelayedAnimationThatRepeatsForeverHoldsThenCycles() {
        check([AppleBehaviourProbes.delayedForeverAnimation()])
    }

    @Test func aCompletionBlockWithNothingToWaitForRunsAfterTheCommit() async {
        check([await AppleBehaviourProbes.completionWithNothingToWaitFor()])
    }

    @Test func aSpringsTimingFunctionBendsItsTime() {
        check([AppleBehaviourProbes.springTimingFunction()])
    }

    private func check(_ results: [ProbeResult]) {
        for result in results {
            print(result)
            #expect(result.matches, "\(result)")
        }
    }
}

#if canImport(UIKit) && !os(watchOS)
/// The background probe: someone must send the app to the background and back, so it runs
/// only in a test run hosted by an iOS app with `AQ_PROBE_BACKGROUND=1`, and waits up to
/// three minutes for the trip. AppleBehaviourProbes+Background.swift says how to run it.
@MainActor
@Suite(.serialized, .enabled(if: AppleBehaviourProbes.backgroundProbeRequested), TimeLimits.suite(minutes: 4))
struct AppleBackgroundProbeTests {
    @Test func aTripToTheBackgroundRemovesTheAnimationsNotKeptOnCompletion() async {
        for result in await AppleBehaviourProbes.backgroundTrip(.homeButton(timeout: 180)) {
            print(result)
            #expect(result.matches, "\(result)")
        }
    }
}
#endif
#endif
