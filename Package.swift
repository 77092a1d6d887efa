// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Tracking",
    products: [
        .library(name: "Tracking", targets: ["Tracking"]),
        .library(name: "Publishing", targets: ["Publishing"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .executable(name: "benchmarks", targets: ["benchmarks"]),
    ],
    targets: [
        // The thread-local slots the engine reads on every tracked access.
        .target(name: "CTrackingSupport"),
        // The fine-grained engine.
        .target(name: "Tracking", dependencies: ["CTrackingSupport"]),
        // The whole-object baseline (ObservableObject, @Published, objectWillChange).
        .target(name: "Publishing"),
        // The headless view host.
        .target(name: "Rendering", dependencies: ["Tracking", "Publishing"]),
        // The apps of the seed articles, on both models: for tests,
        // benchmarks and tutorials.
        .target(name: "Examples", dependencies: ["Tracking", "Publishing", "Rendering"]),

        .target(name: "CAllocationCounter", path: "Benchmarks/CAllocationCounter"),
        .executableTarget(
            name: "benchmarks",
            dependencies: ["Tracking", "Publishing", "Rendering", "Examples", "CAllocationCounter"],
            path: "Benchmarks/Runner"
        ),

        .testTarget(name: "TrackingTests", dependencies: ["Tracking"]),
        .testTarget(name: "PublishingTests", dependencies: ["Publishing"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Tracking", "Publishing", "Examples"]),
    ],
    swiftLanguageModes: [.v6]
)
