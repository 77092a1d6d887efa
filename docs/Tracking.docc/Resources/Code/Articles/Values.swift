import Tracking

/// The examples of `values` in the article "Threads and transactions".
enum Values {
    @MainActor final class ProfileViewModel: Trackable {
        let trackingRegistrar = TrackingRegistrar()
        @Tracked var firstName = "Ada"
        @Tracked var lastName = "Lovelace"
    }

    @MainActor static func onTheMainActor() async {
        let profile = ProfileViewModel()
        let names = Task {                  // a task on the main actor
            for await name in values({ "\(profile.firstName) \(profile.lastName)" }) {
                print(name)
                if name == "Grace Hopper" { break }
            }
        }
        await Task.yield()                  // the task prints the name and waits
        profile.firstName = "Grace"         // two writes with no suspension
        profile.lastName = "Hopper"         // between them: one new element
        await names.value
    }

    @MainActor static func printFirstNames(of profile: ProfileViewModel) async {
        for await firstName in profile.values(\.firstName) {
            print(firstName)
        }
    }
}
