// swift-tools-version: 6.2
import PackageDescription

/// OpenQuartzCore stands in for QuartzCore where Apple's framework does not exist. It also
/// compiles on Apple platforms, so that the package builds everywhere, but nothing here
/// depends on it there: AnimationQueue, its tests and the examples use QuartzCore.
let nonApplePlatforms: [Platform] = [.linux, .windows, .android, .wasi, .openbsd]

// MARK: Examples (`swift run onboarding`) and the code that shows what they do

/// Runnable examples: app code only. `DemoSupport` holds the harness (clock, timeline,
/// flags) and `LayerRenderer` draws the layer trees; neither is part of the library.
var examples: [Target] {
    let names = ["onboarding", "onboarding-pager", "cancellable-chain", "layer-graph", "bar-chart", "progress-ring",
                 "drag-retarget"]
    return names.map { name in
        .executableTarget(name: name, dependencies: ["AnimationQueue", "DemoSupport"], path: "Examples/\(name)")
    } + [
        .target(
            name: "LayerRenderer",
            dependencies: [.target(name: "OpenQuartzCore", condition: .when(platforms: nonApplePlatforms))],
            path: "Examples/LayerRenderer"
        ),
        .target(
            name: "DemoSupport",
            dependencies: ["AnimationQueue", "AnimationQueueTesting", "LayerRenderer"],
            path: "Examples/DemoSupport"
        ),
        .testTarget(name: "LayerRendererTests", dependencies: ["LayerRenderer"]),
        .testTarget(name: "DemoSupportTests", dependencies: ["DemoSupport", "AnimationQueue"]),
    ]
}

let package = Package(
    name: "AnimationQueue",
    platforms: [.iOS(.v15), .tvOS(.v15), .macOS(.v12), .visionOS(.v1)],
    products: [
        .library(name: "AnimationQueue", targets: ["AnimationQueue"]),
        .library(name: "AnimationQueueTesting", targets: ["AnimationQueueTesting"]),
        .library(name: "OpenQuartzCore", targets: ["OpenQuartzCore"]),
    ],
    targets: [
        .target(name: "OpenQuartzCore", exclude: ["MissingAPI.md"]),
        .target(
            name: "AnimationQueue",
            dependencies: [
                .target(name: "OpenQuartzCore", condition: .when(platforms: nonApplePlatforms)),
            ]
        ),
        .target(
            name: "AnimationQueueTesting",
            dependencies: [
                "AnimationQueue",
                .target(name: "OpenQuartzCore", condition: .when(platforms: nonApplePlatforms)),
            ]
        ),
        // On Apple platforms the tests that use only Apple's API run against QuartzCore; the
        // ones that need the engine's virtual time are compiled only where it is used.
        .testTarget(
            name: "OpenQuartzCoreTests",
            dependencies: [.target(name: "OpenQuartzCore", condition: .when(platforms: nonApplePlatforms))]
        ),
        .testTarget(name: "AnimationQueueTests", dependencies: ["AnimationQueue", "AnimationQueueTesting"]),
        .testTarget(name: "AnimationQueueTestingTests", dependencies: ["AnimationQueueTesting", "AnimationQueue"]),
    ] + examples,
    swiftLanguageModes: [.v6]
)

