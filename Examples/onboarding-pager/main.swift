// Interactive onboarding: three pages driven by a swipe, a release and a back button.
// One plan holds the whole flow: the first page's title fades in, then page 1 → 2, then
// page 2 → 3 (the pages slide, the page dot follows, each title fades in). The user:
//   - drags from page 1 toward page 2 (the run is scrubbed with `fractionComplete`),
//     and lets go past the middle: the run plays on to page 2;
//   - drags toward page 3 but lets go too early: the run is reversed and snaps back;
//   - taps Back: the run plays backwards to page 1;
//   - taps "Get started": the run plays forwards through both pages to its end.
// Every layer shows, at each moment, what the plan shows at that plan time; nothing is
// tweened from the main thread.
//
//   swift run onboarding-pager                     # real time
//   swift run onboarding-pager --fast --render pager.html
import AnimationQueue
import DemoSupport
import Foundation

let width: CGFloat = 360
let screen = Demo.screen(width: width, height: 480)   // in an app: view.layer

let strip = CALayer()                                   // the three pages, side by side
strip.name = "pages"
strip.bounds = CGRect(x: 0, y: 0, width: 3 * width, height: 360)
strip.position = CGPoint(x: 1.5 * width, y: 200)
screen.addSublayer(strip)

let colors = [CGColor(srgbRed: 0.16, green: 0.38, blue: 0.93, alpha: 1),
              CGColor(srgbRed: 0.12, green: 0.65, blue: 0.35, alpha: 1),
              CGColor(srgbRed: 0.98, green: 0.55, blue: 0.0, alpha: 1)]
var titles: [CALayer] = []
for page in 0..<3 {
    let card = CALayer()
    card.name = "page \(page + 1)"
    card.bounds = CGRect(x: 0, y: 0, width: width - 60, height: 320)
    card.position = CGPoint(x: CGFloat(page) * width + width / 2, y: 180)
    card.cornerRadius = 24
    card.backgroundColor = colors[page]
    strip.addSublayer(card)
    let title = CALayer()
    title.name = "title \(page + 1)"
    title.bounds = CGRect(x: 0, y: 0, width: 220, height: 44)
    title.position = CGPoint(x: CGFloat(page) * width + width / 2, y: 90)
    title.cornerRadius = 10
    title.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 0.9)
    title.opacity = 0
    strip.addSublayer(title)
    titles.append(title)
}

let dot = CALayer()                                     // the page control's current dot
dot.name = "page dot"
dot.bounds = CGRect(x: 0, y: 0, width: 14, height: 14)
dot.position = CGPoint(x: width / 2 - 30, y: 430)
dot.cornerRadius = 7
dot.backgroundColor = CGColor(srgbRed: 0.2, green: 0.2, blue: 0.2, alpha: 1)
screen.addSublayer(dot)

/// Page `page` (0-based) slides in, the dot follows and its title fades in.
@MainActor
func turn(to page: Int) -> Parallel {
    Parallel {
        Step(strip, BasicAnimation(.positionX, to: 1.5 * width - CGFloat(page) * width, duration: 0.6, timing: .easeInEaseOut))
            .named("to page \(page + 1)")
        Step(dot, BasicAnimation(.positionX, to: width / 2 - 30 + CGFloat(page) * 30, duration: 0.6, timing: .easeInEaseOut))
            .named("dot \(page + 1)")
        Step(titles[page], BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3, timing: .easeOut))
            .named("title \(page + 1) fades in")
            .delayed(by: 0.3)
    }
}

let onboarding = AnimationPlan {
    Step(titles[0], BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3, timing: .easeOut))
        .named("title 1 fades in")
    turn(to: 1)
    turn(to: 2)
    Perform { print("onboarding complete: the app opens") }
}

let run = AnimationQueue.main.run(onboarding, motion: .full)
let duration = run.duration!                            // 0.3 + 0.6 + 0.6 = 1.5 s of plan time
/// Where each page rests, in plan time.
let page = [0.3, 0.9, 1.5]

/// Plays from plan time `from` to `to` in the direction it lies, then pauses there.
@MainActor
func play(from: TimeInterval, to: TimeInterval, at time: TimeInterval) {
    Demo.after(time) {
        run.isReversed = to < from
        run.resume()
    }
    Demo.after(time + abs(to - from)) {
        run.pause()
        run.seek(to: to)                                // exactly on the page, whatever the clock did
        run.isReversed = false
    }
}

Demo.after(page[0]) { run.pause() }                     // page 1 is on screen
// A swipe: six frames of a drag from page 1 to 70 % of the way to page 2.
for frame in 1...6 {
    Demo.after(0.5 + Double(frame) * 0.05) {
        run.fractionComplete = (page[0] + 0.6 * 0.7 * Double(frame) / 6) / duration
    }
}
play(from: page[0] + 0.42, to: page[1], at: 0.85)      // let go past the middle: on to page 2
// A short swipe toward page 3, let go at 25 %: it snaps back.
for frame in 1...3 {
    Demo.after(1.5 + Double(frame) * 0.05) {
        run.fractionComplete = (page[1] + 0.6 * 0.25 * Double(frame) / 3) / duration
    }
}
play(from: page[1] + 0.15, to: page[1], at: 1.7)
play(from: page[1], to: page[0], at: 2.2)              // Back
Demo.after(3.2) {                                       // Get started
    run.isReversed = false
    run.resume()
}
await Demo.play(run)
let attached = ([strip, dot] + titles).map { $0.animationKeys()?.count ?? 0 }.reduce(0, +)
print("ended at: \(run.endPosition.map { "\($0)" } ?? "–"), page dot x = \(Int(dot.position.x)), animations attached: \(attached)")
