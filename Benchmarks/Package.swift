// swift-tools-version: 6.1
import PackageDescription
import class Foundation.ProcessInfo
import struct Foundation.URL

/// SwiftPM names a path dependency after its folder, so name the root package by the folder
/// this checkout lives in (for example "main" or "AnimationQueue").
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "AnimationQueueBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
        // The workloads, shared by the harness and the ratio runner.
        .target(
            name: "BenchmarkWorkloads",
            dependencies: [
                .product(name: "AnimationQueue", package: root),
                .product(name: "OpenQuartzCore", package: root, condition: .when(platforms: [.linux])),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),
        // Runs each workload beside its baselines and prints the ratio table.
        .executableTarget(
            name: "AnimationQueueRatios",
            dependencies: ["BenchmarkWorkloads"]
        ),
        .executableTarget(
            name: "AnimationQueueBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkWorkloads",
            ],
            path: "Benchmarks/AnimationQueueBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
