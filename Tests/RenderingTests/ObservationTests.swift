import Observation
import Testing
@testable import Rendering

@Observable
private final class Playlist {
    var name = "Mix"
    var plays = 0
}

private struct PlaylistName: View {
    let playlist: Playlist
    var body: some View { Text(playlist.name) }
}

private struct PlaylistEditor: View {
    @Bindable var playlist: Playlist
    var body: some View { TextField("Name", text: $playlist.name) }
}

private struct PlaylistScreen: View {
    let playlist: Playlist
    var body: some View {
        VStack {
            PlaylistName(playlist: playlist)
            PlaylistEditor(playlist: playlist)
        }
    }
}

@MainActor
@Suite struct ObservationTests {
    @Test func observableModelsAreTrackedByPropertyWhenTheOptionIsOn() throws {
        let playlist = Playlist()
        let host = ViewHost(PlaylistScreen(playlist: playlist))
        host.resetCounts()
        playlist.plays += 1
        #expect(!host.hasPendingChanges)
        try host.enter("Focus", into: "Name")
        #expect(host.bodyCounts == ["PlaylistName": 1, "PlaylistEditor": 1])
        #expect(host.renderLog.map(\.causes) == [["Observation change"], ["Observation change"]])
        #expect(host.snapshot == "VStack\n  Text(\"Focus\")\n  TextField(\"Name\", text: \"Focus\")")
    }

    @Test func withTheOptionOffObservableModelsAreNotTracked() throws {
        let playlist = Playlist()
        let host = ViewHost(PlaylistScreen(playlist: playlist), options: .init(tracksObservation: false))
        try host.enter("Focus", into: "Name")
        #expect(playlist.name == "Focus")
        #expect(host.snapshot == "VStack\n  Text(\"Mix\")\n  TextField(\"Name\", text: \"Mix\")")
    }
}
