import Rendering
import Tracking

/// The wrapper model of the fifth seed article, on `Trackable` models: the
/// view reads `wrapper.workModel.count` and the others, each read is tracked
/// on the inner model that owns the property, and "Update Data" re-renders
/// the view at once. There is nothing to forward and nothing to notify by
/// hand. Compare ``PublishedNesting``.
public enum TrackedNesting {
    /// Work data, tracked.
    public final class WorkModel: Trackable {
        /// The model's registrar.
        public let trackingRegistrar = TrackingRegistrar()
        /// A name.
        @Tracked public var name = "name"
        /// A counter.
        @Tracked public var count = 1

        /// Creates the model with its initial values.
        public init() {}
    }

    /// User data, tracked.
    public final class UserModel: Trackable {
        /// The model's registrar.
        public let trackingRegistrar = TrackingRegistrar()
        /// A nickname.
        @Tracked public var nickname = "nickname"
        /// An avatar address.
        @Tracked public var header = "http://example.com/avatar"

        /// Creates the model with its initial values.
        public init() {}
    }

    /// Holds the two models in plain properties: nothing to forward.
    public final class WrapperModel: Trackable {
        /// The model's registrar.
        public let trackingRegistrar = TrackingRegistrar()
        /// The work model.
        public let workModel = WorkModel()
        /// The user model.
        public let userModel = UserModel()

        /// Creates the wrapper and its two models.
        public init() {}
    }

    /// Shows the inner models' values through the wrapper; the same screen
    /// as ``PublishedNesting/WrapperView`` without the Notify button.
    public struct WrapperView: View {
        let wrapperModel: WrapperModel

        /// A view of `wrapperModel`.
        ///
        /// - Parameter wrapperModel: The wrapper shown.
        public init(wrapperModel: WrapperModel) {
            self.wrapperModel = wrapperModel
        }

        /// Four texts and a button.
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
            }
        }
    }
}
