/// How many times one view identity rendered in a count generation.
final class BodyCounter {
    let identity: String
    var count = 0

    init(identity: String) {
        self.identity = identity
    }
}
