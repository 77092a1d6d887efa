import Publishing
import Rendering

final class WorkModel: ObservableObject {
    @Published var name = "name"
    @Published var count = 1
}

final class UserModel: ObservableObject {
    @Published var nickname = "nickname"
}

/// The workaround: a base class whose subclasses announce a change by hand.
class NotifyingObject: ObservableObject {
    func notifyUpdate() {
        objectWillChange.send()
    }
}

/// Holds the two models. Their changes fire their own `objectWillChange`,
/// not this object's.
final class WrapperModel: NotifyingObject {
    let work = WorkModel()
    let user = UserModel()
}

struct WrapperView: View {
    @ObservedObject var wrapper: WrapperModel

    var body: some View {
        VStack {
            Text("work: \(wrapper.work.name), \(wrapper.work.count)")
            Text("user: \(wrapper.user.nickname)")
            Button("Update") {
                wrapper.work.name = "work name"
                wrapper.work.count += 1
                wrapper.user.nickname = "Renew"
                wrapper.notifyUpdate()
            }
        }
    }
}
