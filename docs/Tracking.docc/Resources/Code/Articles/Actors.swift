import Foundation
import Tracking

/// The examples of observers bound to an actor, in the article "Threads and
/// transactions", and of isolated derived values, in "Derived values".
enum Actors {
    @MainActor final class ProfileViewModel: Trackable {
        let trackingRegistrar = TrackingRegistrar()
        @Tracked var name = "Ada"
    }

    @MainActor static func boundObserver() async {
        let profile = ProfileViewModel()            // main-actor state
        let counter = Threads.SharedCounter()       // shared between threads
        var runs = 0
        let token = observe {
            runs += 1
            let writer = Thread.current.name == "writer"
            print("\(profile.name): \(counter.value), on the writer's thread: \(writer)")
        }
        profile.name = "Grace"                      // on the main actor: runs at once
        await withCheckedContinuation { written in
            Thread.detachNewThread {
                Thread.current.name = "writer"
                counter.value = 1                   // the run is sent to the main actor
                written.resume()
            }
        }
        while runs < 3 { await Task.yield() }       // the main actor runs it when free
        token.cancel()                              // done: the observer stops (so would releasing the token)
    }

    @MainActor final class Song: Trackable {
        let trackingRegistrar = TrackingRegistrar()
        @Tracked var title: String

        init(_ title: String) { self.title = title }
    }

    @MainActor final class Playlist: Trackable {
        let trackingRegistrar = TrackingRegistrar()
        @Tracked var songs: [Song] = []
    }

    /// A screen that keeps one observer per row: the parent stores its
    /// children's tokens in state it owns, without a lock.
    @MainActor final class PlaylistScreen {
        private(set) var rowTokens: [TrackingToken] = []
        private var token: TrackingToken?

        init(playlist: Playlist) {
            token = observe { [unowned self] in
                print("playlist of \(playlist.songs.count)")
                rowTokens.removeAll()               // the last run's rows are cancelled
                for song in playlist.songs {
                    observe { print("  row \(song.title)") }.store(in: &rowTokens)
                }
            }
        }
    }

    @MainActor static func childTokens() {
        let playlist = Playlist()
        let blue = Song("Blue")
        playlist.songs = [blue, Song("River")]
        let screen = PlaylistScreen(playlist: playlist)
        blue.title = "Blue (live)"                  // one row runs
        playlist.songs.append(Song("Case of You"))  // the playlist and its new rows
        print("row tokens kept: \(screen.rowTokens.count)")
    }

    @MainActor final class Cart: Trackable {
        let trackingRegistrar = TrackingRegistrar()
        @Tracked var prices: [Int] = []
    }

    @MainActor static func isolatedDerived() {
        let cart = Cart()
        let total = IsolatedDerived { cart.prices.reduce(0, +) }
        let isFree = IsolatedDerived { total.value == 0 }
        let token = observe { print("free shipping: \(isFree.value)") }
        cart.prices = [0]       // the total is still 0: nothing runs
        cart.prices = [12]
        print("total \(total.value)")
        token.cancel()    // done: the observer stops (so would releasing the token)
    }
}
