import Testing
import Tracking
@testable import Rendering

private struct LevelKey: EnvironmentKey {
    static let defaultValue = 0
}

extension EnvironmentValues {
    fileprivate var level: Int {
        get { self[LevelKey.self] }
        set { self[LevelKey.self] = newValue }
    }
}

private final class LevelSource: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value = 0
}

/// Reads the source; `shown` is passed by its parent.
private struct Leaf: View {
    let source: LevelSource
    var shown = 0
    var body: some View { Text("leaf \(source.value) \(shown)") }
}

/// Reads the level; shows the leaf while it is even.
private struct Gate: View {
    let source: LevelSource
    @Environment(\.level) private var level
    var body: some View {
        if level.isMultiple(of: 2) { Leaf(source: source) }
    }
}

/// Reads the level and passes it to the leaf.
private struct Relay: View {
    let source: LevelSource
    @Environment(\.level) private var level
    var body: some View { Leaf(source: source, shown: level) }
}

/// Reads nothing: skipped when its parent renders.
private struct Middle<Content: View>: View {
    let content: Content
    var body: some View { content }
}

private struct GateRoot: View {
    let source: LevelSource
    var body: some View {
        Middle(content: Gate(source: source)).environment(\.level, source.value)
    }
}

private struct RelayRoot: View {
    let source: LevelSource
    var body: some View {
        Middle(content: Relay(source: source)).environment(\.level, source.value)
    }
}

@MainActor
@Suite struct HostBugReproductions {
    /// Found by the differential test (seed 215), now a regression test. The
    /// root sets an environment value that a grandchild reads, through a
    /// child that is skipped; the grandchild must render before the dirty
    /// view below it, which it removes (that view used to render first, with
    /// the old environment).
    @Test func aViewRemovedByAnEnvironmentChangeIsNotRenderedFirst() {
        let (snapshot, counts) = render(GateRoot.init)
        #expect(snapshot == "")
        #expect(counts == ["GateRoot": 1, "Gate": 1])
    }

    /// The same order used to make a view render twice in one flush: once
    /// because it was dirty, once more when its parent, rendered in the next
    /// pass, passed new inputs.
    @Test func aViewIsRenderedOnceWhenItsParentReadsAChangedEnvironment() {
        let (snapshot, counts) = render(RelayRoot.init)
        #expect(snapshot == "Text(\"leaf 1 1\")")
        #expect(counts == ["RelayRoot": 1, "Relay": 1, "Leaf": 1])
    }

    /// Renders the root, changes the source once, and returns the snapshot
    /// and the bodies that change ran.
    private func render<Root: View>(_ root: (LevelSource) -> Root) -> (snapshot: String, counts: [String: Int]) {
        let source = LevelSource()
        let host = ViewHost(root(source))
        host.resetCounts()
        source.value = 1
        host.flush()
        return (host.snapshot, host.bodyCounts)
    }
}
