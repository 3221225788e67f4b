// A dependency graph between layers, gated by a network fetch. The header and the card
// appear at once; the avatar waits for the card AND the fetch; the name waits for the
// avatar; the follow button waits for the name and the header. Plain Operations and
// AnimationOperations mix in one graph on an AnimationQueue, which runs the independent
// branches in parallel.
//
//   swift run layer-graph --fast --render graph.html
import AnimationQueue
import DemoSupport
import Foundation

let screen = Demo.screen(width: 360, height: 480)

@MainActor func makeLayer(_ name: String, _ frame: CGRect, _ color: CGColor, cornerRadius: CGFloat = 12) -> CALayer {
    let layer = CALayer()
    layer.name = name
    layer.bounds = CGRect(origin: .zero, size: frame.size)
    layer.position = CGPoint(x: frame.midX, y: frame.midY)
    layer.backgroundColor = color
    layer.cornerRadius = cornerRadius
    layer.opacity = 0
    screen.addSublayer(layer)
    return layer
}

let blue = CGColor(srgbRed: 0.16, green: 0.38, blue: 0.93, alpha: 1)
let header = makeLayer("header", CGRect(x: 0, y: 0, width: 360, height: 72), blue, cornerRadius: 0)
let card = makeLayer("card", CGRect(x: 30, y: 110, width: 300, height: 250),
                     CGColor(srgbRed: 0.93, green: 0.95, blue: 0.98, alpha: 1), cornerRadius: 20)
let avatar = makeLayer("avatar", CGRect(x: 130, y: 140, width: 100, height: 100),
                       CGColor(srgbRed: 0.98, green: 0.55, blue: 0.0, alpha: 1), cornerRadius: 50)
avatar.borderWidth = 4
avatar.borderColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
let name = makeLayer("name", CGRect(x: 80, y: 265, width: 200, height: 28),
                     CGColor(srgbRed: 0.24, green: 0.26, blue: 0.30, alpha: 1), cornerRadius: 6)
let follow = makeLayer("follow", CGRect(x: 100, y: 390, width: 160, height: 48),
                       CGColor(srgbRed: 0.12, green: 0.65, blue: 0.35, alpha: 1), cornerRadius: 24)

let fadeIn = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3, timing: .easeOut)

let fetch = SimulatedFetch(latency: 1.0)     // in an app: your URLSession-backed Operation
fetch.name = "fetch profile"

let showHeader = AnimationOperation(layer: header, animation: AnimationGroup([
    fadeIn, BasicAnimation(.positionY, from: -36, to: 36, duration: 0.4, timing: .easeOut),
]))
showHeader.name = "header drops in"

let showCard = AnimationOperation(layer: card, animation: AnimationGroup([
    fadeIn, SpringAnimation(.transformScale, from: 0.85, to: 1, perceptualDuration: 0.35, bounce: 0.2),
]))
showCard.name = "card appears"

let showAvatar = AnimationOperation(layer: avatar, animation: AnimationGroup([
    fadeIn, SpringAnimation(.transformScale, from: 0.3, to: 1, perceptualDuration: 0.4, bounce: 0.4),
]))
showAvatar.name = "avatar appears"
showAvatar.addDependency(showCard)
showAvatar.addDependency(fetch)              // no avatar before the data is there

let showName = AnimationOperation(layer: name, animation: AnimationGroup([
    fadeIn, BasicAnimation(.positionY, from: 295, to: 279, duration: 0.3, timing: .easeOut),
]))
showName.name = "name appears"
showName.addDependency(showAvatar)

let showFollow = AnimationOperation(layer: follow, animation: fadeIn)
showFollow.name = "follow button appears"
showFollow.addDependency(showName)
showFollow.addDependency(showHeader)

let graph = [fetch, showHeader, showCard, showAvatar, showName, showFollow]
AnimationQueue.main.addOperations(graph)
await Demo.play(graph)
