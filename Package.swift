// swift-tools-version: 6.0
import PackageDescription

/// OpenQuartzCore stands in for QuartzCore where Apple's framework does not exist.
let nonApplePlatforms: [Platform] = [.linux, .windows, .android, .wasi, .openbsd]

let package = Package(
    name: "AnimationQueue",
    platforms: [.iOS(.v15), .tvOS(.v15), .macOS(.v12), .visionOS(.v1)],
    products: [
        .library(name: "AnimationQueue", targets: ["AnimationQueue"]),
        .library(name: "AnimationQueueTesting", targets: ["AnimationQueueTesting"]),
        .library(name: "OpenQuartzCore", targets: ["OpenQuartzCore"]),
    ],
    targets: [
        .target(name: "OpenQuartzCore"),
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
        .testTarget(name: "OpenQuartzCoreTests", dependencies: ["OpenQuartzCore"]),
        .testTarget(name: "AnimationQueueTests", dependencies: ["AnimationQueue", "AnimationQueueTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
