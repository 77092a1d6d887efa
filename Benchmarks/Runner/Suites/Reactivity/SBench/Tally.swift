/// What the sBench effects report: how many runs, and the sum of what they
/// read, so that the check can tell that each effect ran once and read the
/// right signals. The suite runs on one thread.
final class Tally: @unchecked Sendable {
    var runs = 0
    var sum = 0

    func add(_ value: Int) {
        runs += 1
        sum &+= value
    }
}
