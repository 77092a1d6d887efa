/// Removes steps from a failing program, last first, while it still fails,
/// until no single step can go: the program a differential test reports.
func shrinkSteps<Program, Step>(
    _ program: Program, steps: WritableKeyPath<Program, [Step]>, stillFails: (Program) -> Bool
) -> Program {
    var current = program
    var progress = true
    while progress {
        progress = false
        for index in current[keyPath: steps].indices.reversed() {
            var candidate = current
            candidate[keyPath: steps].remove(at: index)
            if stillFails(candidate) {
                current = candidate
                progress = true
            }
        }
    }
    return current
}
