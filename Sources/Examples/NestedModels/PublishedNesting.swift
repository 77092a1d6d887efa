import Publishing
import Rendering

/// The wrapper model of the fifth seed article, on `ObservableObject`: a
/// ``WrapperModel`` holds a ``WorkModel`` and a ``UserModel``, and a view
/// observes the wrapper.
///
/// Tapping "Update Data" changes the inner models, whose own
/// `objectWillChange` fire; the wrapper's does not, so the view, which
/// subscribes to the wrapper only, never re-renders and keeps showing the
/// old values. "Notify Update" calls the article's workaround,
/// ``WrapperModel/notifyUpdate()``, which sends the wrapper's
/// `objectWillChange` by hand; only then does the view catch up.
/// ``TrackedNesting`` is the same screen on `Trackable` models, where the
/// view reads the inner properties directly and updates without help.
public enum PublishedNesting {
    /// Work data, published.
    public final class WorkModel: ObservableObject {
        /// A name.
        @Published public var name = "name"
        /// A counter.
        @Published public var count = 1

        /// Creates the model with its initial values.
        public init() {}
    }

    /// User data, published.
    public final class UserModel: ObservableObject {
        /// A nickname.
        @Published public var nickname = "nickname"
        /// An avatar address.
        @Published public var header = "http://example.com/avatar"

        /// Creates the model with its initial values.
        public init() {}
    }

    /// Holds the two models in plain properties. Their changes do not fire
    /// this object's `objectWillChange`: nothing propagates from a nested
    /// `ObservableObject`.
    public final class WrapperModel: ObservableObject {
        /// The work model.
        public let workModel = WorkModel()
        /// The user model.
        public let userModel = UserModel()

        /// Creates the wrapper and its two models.
        public init() {}

        /// The article's workaround: announce a change of the wrapper by hand
        /// after changing an inner model.
        public func notifyUpdate() {
            objectWillChange.send()
        }
    }

    /// Shows the inner models' values through the wrapper.
    ///
    /// ```
    /// VStack
    ///   Text("work.count 1")
    ///   Text("work.name name")
    ///   Text("user.nickname nickname")
    ///   Text("user.header http://example.com/avatar")
    ///   Button("Update Data")
    ///   Button("Notify Update")
    /// ```
    public struct WrapperView: View {
        @ObservedObject var wrapperModel: WrapperModel

        /// A view of `wrapperModel`.
        ///
        /// - Parameter wrapperModel: The wrapper observed.
        public init(wrapperModel: WrapperModel) {
            self.wrapperModel = wrapperModel
        }

        /// Four texts and two buttons.
        public var body: some View {
            VStack {
                Text("work.count \(wrapperModel.workModel.count)")
                Text("work.name \(wrapperModel.workModel.name)")
                Text("user.nickname \(wrapperModel.userModel.nickname)")
                Text("user.header \(wrapperModel.userModel.header)")
                Button("Update Data") {
                    wrapperModel.userModel.nickname = "Renew"
                    wrapperModel.userModel.header = "http://example.com/new"
                    wrapperModel.workModel.name = "work name"
                    wrapperModel.workModel.count += 1
                }
                Button("Notify Update") { wrapperModel.notifyUpdate() }
            }
        }
    }
}
