import Rendering
import Tracking

/// A base class that holds the registrar; subclasses declare `@Tracked`
/// properties.
class TrackedModel: Trackable {
    let trackingRegistrar = TrackingRegistrar()
}

final class TrackedWorkModel: TrackedModel {
    @Tracked var name = "name"
    @Tracked var count = 1
}

final class TrackedUserModel: TrackedModel {
    @Tracked var nickname = "nickname"
}

/// Holds the two models. Nothing to forward, nothing to announce.
final class TrackedWrapperModel {
    let work = TrackedWorkModel()
    let user = TrackedUserModel()
}

struct TrackedWrapperView: View {
    let wrapper: TrackedWrapperModel

    var body: some View {
        VStack {
            Text("work: \(wrapper.work.name), \(wrapper.work.count)")
            Text("user: \(wrapper.user.nickname)")
            Button("Update") {
                wrapper.work.name = "work name"
                wrapper.work.count += 1
                wrapper.user.nickname = "Renew"
            }
        }
    }
}
