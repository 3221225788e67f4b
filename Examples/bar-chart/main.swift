// A bar chart that shakes, then stretches its bars to new values (staggered, left to right)
// while the highlight slides to the new maximum: the classic nested-completion-block chain,
//
//     CATransaction.begin()
//     CATransaction.setCompletionBlock {
//         CATransaction.begin()
//         /* set final values, add the stretch and slide animations */
//         CATransaction.commit()
//     }
//     chart.add(shake, forKey: "shake")
//     CATransaction.commit()
//
// written as a plan instead: no nesting, no run loop blocked, final values in the model.
//
//   swift run bar-chart --fast --render chart.svg
import AnimationQueue
import DemoSupport
import Foundation

let screen = Demo.screen(width: 400, height: 320)

let chart = CALayer()
chart.name = "chart"
chart.bounds = CGRect(x: 0, y: 0, width: 360, height: 260)
chart.position = CGPoint(x: 200, y: 160)
chart.cornerRadius = 16
chart.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
chart.borderWidth = 1
chart.borderColor = CGColor(srgbRed: 0.82, green: 0.84, blue: 0.87, alpha: 1)
screen.addSublayer(chart)

let before: [CGFloat] = [60, 140, 90, 110, 40]
let after: [CGFloat] = [120, 70, 200, 150, 95]

var bars: [CALayer] = []
for (index, height) in before.enumerated() {
    let bar = CALayer()
    bar.name = "bar \(index + 1)"
    bar.anchorPoint = CGPoint(x: 0.5, y: 1)          // grow upwards from the baseline
    bar.bounds = CGRect(x: 0, y: 0, width: 44, height: height)
    bar.position = CGPoint(x: 60 + CGFloat(index) * 60, y: 236)
    bar.cornerRadius = 6
    bar.backgroundColor = CGColor(srgbRed: 0.16, green: 0.38, blue: 0.93, alpha: 1)
    chart.addSublayer(bar)
    bars.append(bar)
}

let marker = CALayer()                                // sits on top of the tallest bar
marker.name = "marker"
marker.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
marker.position = CGPoint(x: 120, y: 236 - 140 - 18)
marker.cornerRadius = 10
marker.backgroundColor = CGColor(srgbRed: 0.98, green: 0.55, blue: 0.0, alpha: 1)
chart.addSublayer(marker)

let tallest = after.indices.max { after[$0] < after[$1] }!
let update = AnimationPlan {
    Step(chart, KeyframeAnimation(.positionX, values: [0, 14, -14, 10, -10, 5, -5, 0],
                                  duration: 0.5, isAdditive: true))
        .named("chart shakes")
    Parallel {
        // The bars stretch one after another, left to right, 0.05 s apart.
        Parallel(stagger: 0.05) {
            for (bar, height) in zip(bars, after) {
                Step(bar, BasicAnimation(.boundsHeight, to: height, duration: 0.6, timing: .easeInEaseOut))
                    .named("\(bar.name!) stretches")
            }
        }
        Step(marker, BasicAnimation(.position, to: CGPoint(x: 60 + CGFloat(tallest) * 60, y: 236 - after[tallest] - 18),
                                    duration: 0.6, timing: .easeInEaseOut))
            .named("marker slides")
    }
}

let run = AnimationQueue.main.run(update)
await Demo.play(run)
print("bar heights now: \(bars.map { Int($0.bounds.height) })")
