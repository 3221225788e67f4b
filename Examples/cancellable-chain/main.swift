// A chain cancelled halfway, once per cancellation policy. Three chips run the same chain:
// slide right, then grow into an orange circle, then fade. The user taps "Skip" at 0.8 s,
// halfway through the growing step; each chip shows what its policy leaves on screen.
//
//   swift run cancellable-chain --fast --render chain.svg
import AnimationQueue
import DemoSupport
import Foundation

let screen = Demo.screen(width: 400, height: 360)

let policies: [(name: String, policy: CancellationPolicy)] = [
    ("hold", .holdPresentation),   // freeze where it is (the default)
    ("revert", .revert),           // go back to where the step started
    ("complete", .complete),       // jump to where the step would have ended
]

var chips: [CALayer] = []
for (row, entry) in policies.enumerated() {
    let chip = CALayer()
    chip.name = entry.name
    chip.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
    chip.position = CGPoint(x: 60, y: 70 + CGFloat(row) * 110)
    chip.cornerRadius = 12
    chip.backgroundColor = CGColor(srgbRed: 0.16, green: 0.38, blue: 0.93, alpha: 1)
    screen.addSublayer(chip)
    chips.append(chip)
}

let orange = CGColor(srgbRed: 0.98, green: 0.55, blue: 0.0, alpha: 1)
let grow = AnimationGroup([
    BasicAnimation(.transformScale, to: 1.6, duration: 0.6, timing: .linear),
    BasicAnimation(.cornerRadius, to: 32, duration: 0.6, timing: .linear),
    BasicAnimation(.backgroundColor, to: orange, duration: 0.6, timing: .linear),
])

let chain = AnimationPlan {
    Parallel {
        for (chip, entry) in zip(chips, policies) {
            Serial {
                Step(chip, BasicAnimation(.positionX, to: 300, duration: 0.5, timing: .easeInEaseOut))
                    .named("\(entry.name): slide")
                Step(chip, grow)
                    .named("\(entry.name): grow")
                    .cancellationPolicy(entry.policy)
                Step(chip, BasicAnimation(.opacity, to: 0.3, duration: 0.4))
                    .named("\(entry.name): fade")
            }
        }
    }
}

let run = AnimationQueue.main.run(chain)
let skipAt = 0.8
Demo.after(skipAt) { run.cancel() }         // the user taps "Skip"
await Demo.play(run)
if await run.outcome == .finished {
    // With Reduce Motion the chain jumps to its end at once, before the tap.
    print("Skip at \(skipAt) s came after the end: the chain had already finished, nothing was cancelled")
}

for chip in chips {
    let scale = CGFloat.fromCoreAnimationValue(chip.value(forKeyPath: "transform.scale")) ?? 0
    print("\(chip.name!): scale \(String(format: "%.2f", scale)), corner radius \(chip.cornerRadius), "
        + "animations attached: \(chip.animationKeys()?.count ?? 0)")
}
