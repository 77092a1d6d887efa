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

        .target(name: "CAllocationCounter", path: "Benchmarks/CAllocationCounter"),
        .executableTarget(
            name: "benchmarks",
            dependencies: ["Tracking", "Publishing", "Rendering", "CAllocationCounter"],
            path: "Benchmarks/Runner"
        ),

        .testTarget(name: "TrackingTests", dependencies: ["Tracking"]),
        .testTarget(name: "PublishingTests", dependencies: ["Publishing"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Tracking", "Publishing"]),
    ],
    swiftLanguageModes: [.v6]
)
