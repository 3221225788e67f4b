// Interrupting keeps the velocity. Three motions are interrupted mid-flight:
//   - a card springs into place; a drag catches it on the way, follows the finger for a few
//     frames (each frame retargets the card's x to the finger), and on release the card
//     springs to its resting place from where it is, at the speed it has;
//   - a badge heads right on an ease-in-ease-out curve; a tap sends it back left mid-flight;
//   - a chip springs right; a flick starts a new step of its own on the chip's x, a spring
//     back left, which takes the moving chip over.
// Below each one, a pale twin shows what cancel-and-restart does instead: at the same instants
// it removes its animation and starts a new one, with the same spring, from where it stands,
// at rest. The picture's charts plot both x positions frame by frame: the retargeted (or taken
// over) line turns smoothly, the restarted one kinks at each event.
//
// At each interruption the example samples the layer's presentation 1 ms apart on either side
// and prints its value and velocity just before and just after; it exits with status 1 if the
// value jumps or the velocity changes. Both need virtual time (--fast), where the clock stands
// still while code runs; in real time the example only plays.
//
//   swift run drag-retarget                     # real time
//   swift run drag-retarget --fast --render drag.html
import AnimationQueue
import DemoSupport
import Foundation

let screen = Demo.screen(width: 360, height: 620)      // in an app: view.layer
let blue = CGColor(srgbRed: 0.16, green: 0.38, blue: 0.93, alpha: 1)
let orange = CGColor(srgbRed: 0.98, green: 0.55, blue: 0.0, alpha: 1)
let gray = CGColor(srgbRed: 0.55, green: 0.57, blue: 0.6, alpha: 1)

/// A rounded layer of `size` at (`x`, `y`); a twin is drawn pale.
@MainActor
func makeLayer(_ name: String, size: CGSize, x: CGFloat, y: CGFloat, color: CGColor, twin: Bool = false) -> CALayer {
    let layer = CALayer()
    layer.name = name
    layer.bounds = CGRect(origin: .zero, size: size)
    layer.position = CGPoint(x: x, y: y)
    layer.cornerRadius = min(size.width, size.height) / 4
    layer.backgroundColor = color
    layer.opacity = twin ? 0.35 : 1
    screen.addSublayer(layer)
    return layer
}

let cardRest: CGFloat = 180
let card = makeLayer("card", size: CGSize(width: 120, height: 80), x: -70, y: 80, color: blue)
let cardTwin = makeLayer("card (restarted)", size: CGSize(width: 120, height: 80), x: -70, y: 180, color: blue, twin: true)
let badge = makeLayer("badge", size: CGSize(width: 44, height: 44), x: 30, y: 300, color: orange)
let badgeTwin = makeLayer("badge (restarted)", size: CGSize(width: 44, height: 44), x: 30, y: 380, color: orange, twin: true)
let green = CGColor(srgbRed: 0.13, green: 0.62, blue: 0.36, alpha: 1)
let chip = makeLayer("chip", size: CGSize(width: 60, height: 36), x: 30, y: 470, color: green)
let chipTwin = makeLayer("chip (restarted)", size: CGSize(width: 60, height: 36), x: 30, y: 560, color: green, twin: true)

Demo.plot("card x (pt)", "retargeted: velocity kept", color: blue) { card.presentation()?.position.x }
Demo.plot("card x (pt)", "cancel and restart from rest", color: gray, dashed: true) { cardTwin.presentation()?.position.x }
Demo.plot("badge x (pt)", "retargeted: velocity kept", color: orange) { badge.presentation()?.position.x }
Demo.plot("badge x (pt)", "cancel and restart from rest", color: gray, dashed: true) { badgeTwin.presentation()?.position.x }
Demo.plot("chip x (pt)", "taken over: velocity kept", color: green) { chip.presentation()?.position.x }
Demo.plot("chip x (pt)", "cancel and restart from rest", color: gray, dashed: true) { chipTwin.presentation()?.position.x }

let scene = AnimationPlan {
    Parallel {
        Step(card, SpringAnimation(.positionX, from: -70, to: cardRest, perceptualDuration: 0.8, bounce: 0.2))
            .named("card springs into place")
        Step(badge, BasicAnimation(.positionX, from: 30, to: 330, duration: 1.2, timing: .easeInEaseOut))
            .named("badge heads right")
    }
}
let run = AnimationQueue.main.run(scene, motion: .full)
// The chip's spring is an operation of its own: the flick's step takes it over, and it ends
// `.interrupted`, which the scene's run does not share.
let chipSpring = RetargetSpring(perceptualDuration: 1, bounce: 0.1)
let chipSlide = AnimationOperation(layer: chip, animation: SpringAnimation(.positionX, from: 30, to: 330,
                                                                           perceptualDuration: 1, bounce: 0.1))
chipSlide.name = "chip springs right"
let flickSpring = RetargetSpring(perceptualDuration: 0.4)
let chipFlick = AnimationOperation(layer: chip, animation: SpringAnimation(.positionX, to: 60, perceptualDuration: 0.4))
chipFlick.name = "chip flicked back"
AnimationQueue.main.addOperation(chipSlide)

// The twins move as the card and the badge do, in plain Core Animation: they stand for an app
// that has no retarget and so cancels and restarts.
/// Adds `motion` (an animation of x toward `x`) to `layer`, whose model then holds `x`.
@MainActor
func start(_ motion: CAPropertyAnimation, on layer: CALayer, toX x: CGFloat) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.position.x = x
    layer.add(motion, forKey: "motion")
    CATransaction.commit()
}
/// A spring of x from `from` to `to`, with the stiffness and damping that `perceptualDuration`
/// and `bounce` stand for (as `CASpringAnimation(perceptualDuration:bounce:)`, which needs
/// macOS 14 and iOS 17, computes them).
func springX(from: CGFloat, to: CGFloat, _ spring: RetargetSpring) -> CASpringAnimation {
    let motion = CASpringAnimation(keyPath: "position.x")
    motion.fromValue = from
    motion.toValue = to
    motion.mass = 1
    motion.stiffness = pow(2 * .pi / spring.perceptualDuration, 2)
    motion.damping = (1 - spring.bounce) * 4 * .pi / spring.perceptualDuration
    motion.duration = motion.settlingDuration
    return motion
}
let twinSpring = springX(from: -70, to: cardRest, RetargetSpring(perceptualDuration: 0.8, bounce: 0.2))
start(twinSpring, on: cardTwin, toX: cardRest)
let twinHead = CABasicAnimation(keyPath: "position.x")
twinHead.fromValue = 30
twinHead.toValue = 330
twinHead.duration = 1.2
twinHead.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
start(twinHead, on: badgeTwin, toX: 330)
start(springX(from: 30, to: 330, chipSpring), on: chipTwin, toX: 330)

/// What an app without retargeting does: removes the running animation and starts a new one
/// toward `x` from where the layer stands, at rest.
@MainActor
func restart(_ layer: CALayer, toX x: CGFloat, with spring: RetargetSpring) {
    let shown = layer.presentation()?.position.x ?? layer.position.x
    CATransaction.begin()
    layer.removeAnimation(forKey: "motion")
    start(springX(from: shown, to: x, spring), on: layer, toX: x)
    CATransaction.commit()
}

/// One retarget and the motion just around it.
struct Probe {
    let time: TimeInterval
    let what: String
    /// Presentation x at time − 3, − 2 and − 1 ms, just before the retarget, just after it, and
    /// at + 1, + 2 and + 3 ms.
    var x: [Double] = []
    /// The twin's presentation x at the same instants.
    var twin: [Double] = []

    static let dt = 0.001
    /// The velocity at the retarget from the samples before it: a one-sided difference exact
    /// to third order, so that the turn's change of jerk (which is not kept) does not show.
    func velocityBefore(_ x: [Double]) -> Double { (11 * x[3] - 18 * x[2] + 9 * x[1] - 2 * x[0]) / (6 * Self.dt) }
    /// The velocity at the retarget from the samples after it, the same way.
    func velocityAfter(_ x: [Double]) -> Double { (-11 * x[4] + 18 * x[5] - 9 * x[6] + 2 * x[7]) / (6 * Self.dt) }
    /// No jump in value (1e-6 pt) and the velocity kept to 1 % (+ 1e-6 pt/s).
    var isContinuous: Bool {
        let before = velocityBefore(x)
        return x.count == 8 && abs(x[4] - x[3]) <= 1e-6 && abs(velocityAfter(x) - before) <= 0.01 * abs(before) + 1e-6
    }
}
var probes: [Probe] = []

/// At `time`, turns `layer` toward `x` with `spring` (the twin restarts instead), sampling both
/// 1 ms apart around the turn.
@MainActor
func retarget(_ layer: CALayer, step: String, twin: CALayer, at time: TimeInterval, what: String,
              toX x: @escaping @MainActor () -> CGFloat, with spring: RetargetSpring) {
    interrupt(layer, twin: twin, at: time, what: what, toX: x, with: spring) { target in
        run.operation(ofStep: step)?.retarget(.positionX, to: target, settling: spring)
    }
}

/// At `time`, interrupts `layer` with `change`, given the new x (the twin restarts toward it
/// with `spring` instead), sampling both 1 ms apart around the interruption.
@MainActor
func interrupt(_ layer: CALayer, twin: CALayer, at time: TimeInterval, what: String,
               toX x: @escaping @MainActor () -> CGFloat, with spring: RetargetSpring,
               _ change: @escaping @MainActor (CGFloat) -> Void) {
    let index = probes.count
    probes.append(Probe(time: time, what: what))
    let sample = { @MainActor in
        probes[index].x.append(Double(layer.presentation()?.position.x ?? .nan))
        probes[index].twin.append(Double(twin.presentation()?.position.x ?? .nan))
    }
    for offset in [-3, -2, -1] { Demo.after(time + Double(offset) * Probe.dt, sample) }
    Demo.after(time) {
        sample()
        let target = x()
        change(target)
        restart(twin, toX: target, with: spring)
        sample()
    }
    for offset in [1, 2, 3] { Demo.after(time + Double(offset) * Probe.dt, sample) }
}

// The drag: the finger lands on the card at 0.30 s and pulls it back left for five frames;
// each frame the card is retargeted to the finger with a stiff spring, so it follows.
let follow = RetargetSpring(perceptualDuration: 0.3)
let pull: [CGFloat] = [0, -20, -45, -70, -90, -110]
var grab: CGFloat = 0                                   // where the finger caught the card
Demo.after(0.3) { grab = card.presentation()?.position.x ?? card.position.x }
for (frame, dx) in pull.enumerated() {
    retarget(card, step: "card springs into place", twin: cardTwin, at: 0.3 + Double(frame) * 0.05,
             what: frame == 0 ? "card: grab" : "card: drag \(Int(dx))", toX: { grab + dx }, with: follow)
}
// The release: the card springs home from where it is, at the speed the drag gave it.
retarget(card, step: "card springs into place", twin: cardTwin, at: 0.6, what: "card: release",
         toX: { cardRest }, with: RetargetSpring(perceptualDuration: 0.5, bounce: 0.25))
// The tap: the badge, fast on its way right, is sent back to x = 90.
retarget(badge, step: "badge heads right", twin: badgeTwin, at: 0.7, what: "badge: tap",
         toX: { 90 }, with: RetargetSpring(perceptualDuration: 0.6, bounce: 0.1))
// The flick: a new step on the chip's x, a spring toward x = 60, takes the moving chip over.
// Its spring starts at rest from the chip's old target, and the chip's own motion plays on
// beneath it as an offset: the chip keeps its speed and turns.
interrupt(chip, twin: chipTwin, at: 0.45, what: "chip: flick", toX: { 60 }, with: flickSpring) { _ in
    AnimationQueue.main.addOperation(chipFlick)
}

await Demo.play(run)

// The flick's spring settled before the scene's run ended.
print("resting: card x = \(Int(card.position.x)), badge x = \(Int(badge.position.x)), chip x = \(Int(chip.position.x))")
print("chip: the slide \(chipSlide.outcome.map(String.init(describing:)) ?? "unfinished"), \(chipSlide.takeover?.description ?? "not taken over"); the flick \(chipFlick.outcome.map(String.init(describing:)) ?? "unfinished")")
// In real time the clock moves between two reads, so samples 1 ms apart are not 1 ms apart:
// the numbers mean something only in virtual time.
guard Demo.isVirtualTime else {
    print("continuity is measured in virtual time only: run with --fast")
    exit(0)
}
print("continuity at each interruption (presentation x sampled 1 ms apart; pt, pt/s):")
/// Rounds to the printed precision, so that a twin at rest shows 0.00, not -0.00.
func shown(_ value: Double) -> Double { (value * 100).rounded() / 100 + 0 }
for probe in probes where probe.x.count == 8 {
    let before = shown(probe.velocityBefore(probe.x)), after = shown(probe.velocityAfter(probe.x))
    print(String(format: "  %.3f s  %@ x %8.3f → %8.3f  v %9.2f → %9.2f   restarted twin: v %9.2f → %5.2f  %@",
                 probe.time, probe.what.padding(toLength: 15, withPad: " ", startingAt: 0), probe.x[3], probe.x[4], before, after,
                 shown(probe.velocityBefore(probe.twin)), shown(probe.velocityAfter(probe.twin)), probe.isContinuous ? "kept" : "BROKEN"))
}
if probes.allSatisfy(\.isContinuous) {
    print("continuity kept at all \(probes.count) interruptions")
} else {
    print("FAIL: value or velocity changed at an interruption")
    exit(1)
}
