// Onboarding, step by step: the card slides in; then its badge pops while the caption
// fades in a beat later; then the button shakes to invite a tap.
// Serial and parallel steps, a delay, a spring and a keyframe animation in one plan.
//
//   swift run onboarding                                  # real time (QuartzCore on a Mac, the engine on Linux)
//   swift run onboarding --fast --render onboarding.html  # virtual time (Linux), then open the page
import AnimationQueue
import DemoSupport
import Foundation

let screen = Demo.screen(width: 360, height: 480)      // in an app: view.layer

let card = CALayer()
card.name = "card"
card.bounds = CGRect(x: 0, y: 0, width: 300, height: 220)
card.position = CGPoint(x: -160, y: 170)               // off-screen, left
card.cornerRadius = 20
card.backgroundColor = CGColor(srgbRed: 0.16, green: 0.38, blue: 0.93, alpha: 1)
screen.addSublayer(card)

let badge = CALayer()
badge.name = "badge"
badge.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
badge.position = CGPoint(x: 270, y: 30)                // on the card's top-right corner
badge.cornerRadius = 32
badge.backgroundColor = CGColor(srgbRed: 1, green: 0.76, blue: 0.03, alpha: 1)
badge.borderWidth = 4
badge.borderColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
badge.transform = CATransform3DMakeScale(0, 0, 1)      // hidden until it pops
card.addSublayer(badge)

let caption = CALayer()
caption.name = "caption"
caption.bounds = CGRect(x: 0, y: 0, width: 240, height: 60)
caption.position = CGPoint(x: 150, y: 150)
caption.cornerRadius = 10
caption.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 0.85)
caption.opacity = 0
card.addSublayer(caption)

let button = CALayer()
button.name = "button"
button.bounds = CGRect(x: 0, y: 0, width: 200, height: 52)
button.position = CGPoint(x: 180, y: 400)
button.cornerRadius = 26
button.backgroundColor = CGColor(srgbRed: 0.12, green: 0.65, blue: 0.35, alpha: 1)
screen.addSublayer(button)

let onboarding = AnimationPlan {
    Serial {
        Step(card, SpringAnimation(.positionX, to: 180, perceptualDuration: 0.5, bounce: 0.15))
            .named("card slides in")
        Parallel {
            Step(badge, SpringAnimation(.transformScale, from: 0, to: 1, perceptualDuration: 0.35, bounce: 0.45))
                .named("badge pops")
            Step(caption, AnimationGroup([
                BasicAnimation(.opacity, from: 0, to: 1, duration: 0.4, timing: .easeOut),
                BasicAnimation(.positionY, from: 175, to: 150, duration: 0.4, timing: .easeOut),
            ]))
                .named("caption fades in")
                .delayed(by: 0.15)
        }
        Step(button, KeyframeAnimation(.positionX, values: [0, 14, -14, 10, -10, 5, -5, 0],
                                       duration: 0.5, isAdditive: true))
            .named("button shakes")
    }
}

let run = AnimationQueue.main.run(onboarding)          // respects Reduce Motion (.system)
await Demo.play(run)
