#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import OpenQuartzCore
import Testing

/// A trip to the background under each ``BackgroundPolicy``, against each order Core Animation
/// is reported to follow: the removal's callbacks at backgrounding, only at the return, or
/// never; and Core Animation removing the animations before or after the app hears it leave.
/// Every step ends exactly once, nothing stays attached, and no outcome waits for a callback.
@Suite(.hangGuard)
@MainActor
struct BackgroundPolicyTests {
    /// How Core Animation behaves on the trip: its variance, and whether it removes the
    /// animations before the queue hears the app leave.
    struct Trip: CustomStringConvertible, Sendable {
        let variance: OQC.Variance
        let removesFirst: Bool
        var description: String { "\(variance), Core Animation removes \(removesFirst ? "first" : "second")" }

        static let all: [Trip] = [OQC.Variance(), .backgroundCallbacksAtReturn, .backgroundNoCallbacks, .delegateLate]
            .flatMap { variance in [Trip(variance: variance, removesFirst: true), Trip(variance: variance, removesFirst: false)] }
    }

    /// A queue, a clock in the trip's variance, and a two-step plan: "slide" moves `card`'s x
    /// from 0 to 100 linearly in 1 s, then "drop" moves `badge`'s y from 0 to 50 in 0.5 s.
    struct Scene {
        let clock: AnimationTestClock
        let queue: AnimationQueue
        let card: CALayer, badge: CALayer
        let trip: Trip

        init(_ trip: Trip, policy: BackgroundPolicy?, name: String = #function) {
            self.trip = trip
            clock = AnimationTestClock(variance: trip.variance)
            queue = AnimationQueue(name: name)
            card = clock.makeLayer()
            badge = clock.makeLayer()
            if let policy { queue.backgroundPolicy = policy }
        }

        func run(background: BackgroundPolicy? = nil) -> AnimationRun {
            queue.run(AnimationPlan {
                Step(card, BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear)).named("slide")
                Step(badge, BasicAnimation(.positionY, from: 0, to: 50, duration: 0.5, timing: .linear)).named("drop")
            }, motion: .full, background: background)
        }

        /// The app leaves: Core Animation removes the animations and the queue hears it, in the
        /// trip's order.
        func leave() async {
            if trip.removesFirst { clock.engineClock.enterBackground() }
            queue.applicationDidEnterBackground()
            if !trip.removesFirst { clock.engineClock.enterBackground() }
            await clock.settle()
        }

        func comeBack() async {
            clock.engineClock.enterForeground()
            queue.applicationWillEnterForeground()
            await clock.settle()
        }

        /// Leaves now, and comes back at `time`.
        func trip(returningAt time: TimeInterval) async {
            await leave()
            await clock.advance(to: time)
            await comeBack()
        }

        func x() -> Double { Double((card.presentation() ?? card).position.x) }
        func y() -> Double { Double((badge.presentation() ?? badge).position.y) }

        /// Each step's finish events in the trace: (step, outcome, time).
        func finishes(_ run: AnimationRun) -> [String] {
            run.recordedEvents.compactMap { event in
                guard case .finished(let outcome) = event.kind else { return nil }
                return "\(event.step) \(outcome) \(String(format: "%.3f", event.time))"
            }
        }

        func expectClean(sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(card.animationKeys() ?? [] == [], sourceLocation: sourceLocation)
            #expect(badge.animationKeys() ?? [] == [], sourceLocation: sourceLocation)
            #expect(clock.pendingWork.isEmpty, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: Trip.all)
    func interruptEndsTheRunningStepAsTheAppLeaves(trip: Trip) async {
        let scene = Scene(trip, policy: .interrupt)
        let run = scene.run()
        await scene.clock.advance(to: 0.4)
        await scene.leave()
        #expect(run.outcome(ofStep: "slide") == .interrupted)
        #expect(scene.x() == 100, "the model's final value")
        await scene.clock.advance(to: 10.4)
        await scene.comeBack()
        await scene.clock.advance(by: 2)
        #expect(await run.outcome == .interrupted)
        #expect(scene.finishes(run) == ["slide interrupted 0.400", "drop finished 10.900"])
        scene.expectClean()
    }

    @Test(arguments: Trip.all)
    func completeFinishesTheRunningStepAsTheAppLeaves(trip: Trip) async {
        let scene = Scene(trip, policy: .complete)
        let run = scene.run()
        await scene.clock.advance(to: 0.4)
        await scene.leave()
        #expect(run.outcome(ofStep: "slide") == .finished)
        #expect(scene.x() == 100)
        await scene.clock.advance(to: 10.4)
        #expect(scene.y() == 0, "the dependent waits for the return")
        await scene.comeBack()
        await scene.clock.advance(by: 0.25)
        #expect(abs(scene.y() - 25) < 1e-9)
        await scene.clock.advance(by: 2)
        #expect(await run.outcome == .finished)
        #expect(scene.finishes(run) == ["slide finished 0.400", "drop finished 10.900"])
        scene.expectClean()
    }

    /// The default: the step stops where it was and goes on from there on the return.
    @Test(arguments: Trip.all)
    func pauseGoesOnFromWhereTheStepWasWhenTheAppReturns(trip: Trip) async {
        let scene = Scene(trip, policy: nil)
        #expect(scene.queue.backgroundPolicy == .pause)
        let run = scene.run()
        await scene.clock.advance(to: 0.4)
        await scene.leave()
        #expect(run.outcome(ofStep: "slide") == nil)
        await scene.clock.advance(to: 10.4)
        await scene.comeBack()
        #expect(abs(scene.x() - 40) < 1e-9, "where it was")
        await scene.clock.advance(to: 10.6)
        #expect(abs(scene.x() - 60) < 1e-9, "at the speed it had")
        await scene.clock.advance(to: 11.25)
        #expect(abs(scene.y() - 25) < 1e-9, "the dependent follows the rest of the motion")
        await scene.clock.advance(by: 2)
        #expect(await run.outcome == .finished)
        #expect(scene.finishes(run) == ["slide finished 11.000", "drop finished 11.500"])
        #expect(scene.card.position.x == 100 && scene.badge.position.y == 50)
        scene.expectClean()
    }

    /// Keeping wall-clock time: a step whose end passed while away finishes on the return; one
    /// still in motion shows where it would be had the app never left.
    @Test(arguments: Trip.all)
    func keepWallClockTimeCatchesUpOnTheReturn(trip: Trip) async {
        let scene = Scene(trip, policy: .keepWallClockTime)
        let run = scene.run()
        await scene.clock.advance(to: 0.4)
        await scene.trip(returningAt: 0.7)
        #expect(abs(scene.x() - 70) < 1e-9, "where it would be")
        await scene.clock.advance(to: 1.25)
        #expect(abs(scene.y() - 25) < 1e-9)
        await scene.clock.advance(to: 2)
        await scene.leave()
        let second = scene.run()
        await scene.clock.advance(to: 2.2)
        await scene.comeBack()
        await scene.clock.advance(to: 2.4)
        await scene.trip(returningAt: 9)
        #expect(second.outcome(ofStep: "slide") == .finished, "its end passed while away")
        await scene.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(await second.outcome == .finished)
        #expect(scene.finishes(run) == ["slide finished 1.000", "drop finished 1.500"])
        #expect(scene.finishes(second) == ["slide finished 9.000", "drop finished 9.500"])
        scene.expectClean()
    }

    /// A second trip picks up where the first left the step, not further: the time away
    /// counts neither time.
    @Test(arguments: Trip.all)
    func pauseKeepsItsPlaceOverTwoTrips(trip: Trip) async {
        let scene = Scene(trip, policy: .pause)
        let run = scene.run()
        await scene.clock.advance(to: 0.2)
        await scene.trip(returningAt: 1.2)
        await scene.clock.advance(to: 1.4)
        #expect(abs(scene.x() - 40) < 1e-9)
        await scene.trip(returningAt: 2.4)
        #expect(abs(scene.x() - 40) < 1e-9, "where the second trip left it")
        await scene.clock.advance(to: 2.6)
        #expect(abs(scene.x() - 60) < 1e-9)
        await scene.clock.advance(by: 2)
        #expect(await run.outcome == .finished)
        #expect(scene.finishes(run) == ["slide finished 3.000", "drop finished 3.500"])
        scene.expectClean()
    }

    /// A trip while the step's run is paused changes nothing the run's resume shows: the step
    /// goes on from where the run holds it, with no jump at the resume.
    @Test(arguments: [BackgroundPolicy.pause, .keepWallClockTime])
    func aTripWhileTheRunIsPausedResumesWithTheRun(policy: BackgroundPolicy) async {
        let scene = Scene(Trip(variance: [], removesFirst: false), policy: policy)
        let run = scene.run()
        await scene.clock.advance(to: 0.2)
        run.pause()
        await scene.clock.advance(to: 0.4)
        await scene.trip(returningAt: 0.6)
        #expect(abs(scene.x() - 20) < 1e-9)
        await scene.clock.advance(to: 0.8)
        run.resume()
        await scene.clock.settle()
        #expect(abs(scene.x() - 20) < 1e-9, "no jump at the resume")
        await scene.clock.advance(to: 0.9)
        #expect(abs(scene.x() - 30) < 1e-9)
        await scene.clock.advance(by: 3)
        #expect(await run.outcome == .finished)
        scene.expectClean()
    }

    /// A retargeted step taken through a trip comes back turning as it was.
    @Test func aTurnedStepComesBackTurning() async throws {
        let scene = Scene(Trip(variance: [], removesFirst: false), policy: .pause)
        let run = scene.run()
        let slide = try #require(run.operation(ofStep: "slide"))
        await scene.clock.advance(to: 0.3)
        slide.retarget(.positionX, to: 200)
        var samples: [Double] = []
        for time in [0.499, 0.5, 0.501] {
            await scene.clock.advance(to: time)
            samples.append(scene.x())
        }
        await scene.trip(returningAt: 5)
        let atReturn = scene.x()
        await scene.clock.advance(to: 5.001)
        // Where it was, and the millisecond it would have played next, at the acceleration it
        // had: as if the trip had not happened.
        MotionSample(twoBefore: samples[0], before: samples[1], atBefore: samples[2], atAfter: atReturn,
                     after: scene.x()).expectSmooth("across the trip")
        await scene.clock.advance(by: 6)
        #expect(await run.outcome == .finished)
        #expect(abs(scene.x() - 200) < 1e-9)
        scene.expectClean()
    }

    /// A step put back after a trip turns from where it is: away from 0.3 s to 5 s, "slide"
    /// shows 50 at 5.2 s, and a retarget there does not jump.
    @Test func aStepPutBackTurnsFromWhereItIs() async throws {
        let scene = Scene(Trip(variance: [], removesFirst: false), policy: .pause)
        let run = scene.run()
        let slide = try #require(run.operation(ofStep: "slide"))
        await scene.clock.advance(to: 0.3)
        await scene.trip(returningAt: 5)
        let turn = await MotionSample.around(5.2, on: scene.card, clock: scene.clock) { slide.retarget(.positionX, to: 200) }
        #expect(abs(turn.atBefore - 50) < 1e-9)
        turn.expectSmooth()
        await scene.clock.advance(by: 6)
        #expect(await run.outcome == .finished)
        #expect(abs(scene.x() - 200) < 1e-9)
        scene.expectClean()
    }

    /// A run's policy overrides its queue's, and an operation's own overrides both.
    @Test func theMostSpecificPolicyApplies() async throws {
        let scene = Scene(Trip(variance: [], removesFirst: true), policy: .interrupt)
        let run = scene.run(background: .complete)
        let own = try #require(run.operation(ofStep: "slide"))
        own.backgroundPolicy = .pause
        let other = scene.clock.makeLayer()
        let alone = AnimationOperation(layer: other, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 1))
        scene.queue.addOperation(alone)
        await scene.clock.advance(to: 0.4)
        await scene.leave()
        #expect(alone.outcome == .interrupted, "the queue's policy")
        #expect(own.outcome == nil, "its own policy: paused")
        await scene.comeBack()
        await scene.clock.advance(to: 1)
        #expect(abs(scene.x() - 100) < 1e-9)
        await scene.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        withExtendedLifetime(other) {}
    }

    /// A step cancelled while away ends at once, with its policy; nothing comes back.
    @Test(arguments: Trip.all)
    func aStepCancelledWhileAwayEndsAtOnce(trip: Trip) async {
        let scene = Scene(trip, policy: .pause)
        let run = scene.run()
        await scene.clock.advance(to: 0.4)
        await scene.leave()
        run.cancel()
        await scene.clock.settle()
        #expect(await run.outcome == .cancelled)
        await scene.comeBack()
        await scene.clock.advance(by: 2)
        #expect(scene.finishes(run).sorted() == ["drop cancelled 0.400", "slide cancelled 0.400"])
        scene.expectClean()
    }

    /// A layer released while away ends its step `.interrupted`, without waiting for the return.
    @Test(arguments: Trip.all)
    func aLayerReleasedWhileAwayEndsItsStep(trip: Trip) async throws {
        let clock = AnimationTestClock(variance: trip.variance)
        let queue = AnimationQueue(name: #function)
        var layer: CALayer? = clock.makeLayer()
        let run = queue.run(AnimationPlan {
            Step(layer!, BasicAnimation(.opacity, from: 0, to: 1, duration: 1)).named("fade")
        }, motion: .full)
        await clock.advance(to: 0.4)
        if trip.removesFirst { clock.engineClock.enterBackground() }
        queue.applicationDidEnterBackground()
        if !trip.removesFirst { clock.engineClock.enterBackground() }
        await clock.settle()
        #expect(run.outcome(ofStep: "fade") == nil, "paused")
        layer = nil
        await clock.settle()
        #expect(run.outcome(ofStep: "fade") == .interrupted)
        clock.engineClock.enterForeground()
        queue.applicationWillEnterForeground()
        await clock.settle()
        #expect(await run.outcome == .interrupted)
        #expect(clock.pendingWork.isEmpty)
    }
}
#endif
