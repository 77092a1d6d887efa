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
        // The runtime function the view host releases many references with.
        .target(name: "CRenderingSupport"),
        // The headless view host.
        .target(name: "Rendering", dependencies: ["Tracking", "Publishing", "CRenderingSupport"]),
        // The apps of the seed articles, on both models: for tests,
        // benchmarks and tutorials.
        .target(name: "Examples", dependencies: ["Tracking", "Publishing", "Rendering"]),

        .target(name: "CAllocationCounter", path: "Benchmarks/CAllocationCounter"),
        .target(name: "CInstructionCounter", path: "Benchmarks/CInstructionCounter"),
        .executableTarget(
            name: "benchmarks",
            dependencies: [
                "Tracking", "Publishing", "Rendering", "Examples", "CAllocationCounter", "CInstructionCounter",
            ],
            path: "Benchmarks/Runner"
        ),

        // The code of the documentation (docs/Tracking.docc): the final code
        // of every tutorial and the examples of the articles, compiled and run
        // by DocumentationTests, which compare what each example prints with
        // the output the documentation shows (docs/README.md).
        .executableTarget(
            name: "DocumentationExamples",
            dependencies: ["Tracking", "Publishing", "Rendering"],
            path: "docs/Tracking.docc/Resources/Code"
        ),

        .testTarget(name: "TrackingTests", dependencies: ["Tracking"]),
        .testTarget(name: "PublishingTests", dependencies: ["Publishing"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Tracking", "Publishing", "Examples"]),
        .testTarget(name: "DocumentationTests", dependencies: ["DocumentationExamples"]),
        // Swift 6 main-actor ergonomics: @MainActor models observed, iterated,
        // derived and rendered from main-actor code, next to Apple's
        // Observation doing the same; no @unchecked Sendable and no
        // assumeIsolated.
        .testTarget(name: "MainActorTests", dependencies: ["Tracking", "Rendering"]),
    ],
    swiftLanguageModes: [.v6]
)
