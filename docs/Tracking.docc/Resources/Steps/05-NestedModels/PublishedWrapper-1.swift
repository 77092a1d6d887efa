import Publishing

final class WorkModel: ObservableObject {
    @Published var name = "name"
    @Published var count = 1
}

final class UserModel: ObservableObject {
    @Published var nickname = "nickname"
}

/// Holds the two models. Their changes fire their own `objectWillChange`,
/// not this object's.
final class WrapperModel: ObservableObject {
    let work = WorkModel()
    let user = UserModel()
}
