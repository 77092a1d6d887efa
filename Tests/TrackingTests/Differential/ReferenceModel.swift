/// A deliberately simple model of what the engine must do: it keeps plain
/// values, recomputes every derived value from scratch on each use, and
/// decides directly which observers must run after each step: those, not
/// cancelled, for which something they read in their last run now has a
/// different value, or for which a derived value they read depends on an
/// object that has just been deallocated (a death seen through a derived
/// value counts as a change, without computing the value: its closure may
/// hold the dying object unowned).
struct ReferenceModel {
    private struct Observer {
        var id: Int
        var spec: Reads
        var childSpec: Reads?
        var isCancelled = false
        var seen: [(Term, Int)] = []
        var child: Int?
    }

    private let program: Program
    private var values = Array(repeating: Array(repeating: 0, count: Program.propertyCount), count: Program.objectCount)
    private var alive = Array(repeating: true, count: Program.objectCount)
    private var observers: [Int: Observer] = [:]
    private var topLevel: [Int] = []
    private var nextID = 0

    init(program: Program) {
        self.program = program
    }

    static func run(_ program: Program) -> [StepTrace] {
        var model = ReferenceModel(program: program)
        return program.steps.map { model.apply($0) }
    }

    private mutating func apply(_ step: Step) -> StepTrace {
        var trace: StepTrace = []
        switch step {
        case .write(let object, let property, let value):
            guard alive[object] else { return [] }
            values[object][property] = value
            runStale(&trace)
        case .transaction(let writes):
            for write in writes where alive[write.object] {
                values[write.object][write.property] = write.value
            }
            runStale(&trace)
        case .observe(let spec):
            let id = makeObserver(reads: spec.reads, child: spec.child)
            topLevel.append(id)
            run(id, &trace)
        case .cancel(let index):
            guard index < topLevel.count else { return [] }
            cancel(topLevel[index])
        case .deallocate(let object):
            guard alive[object] else { return [] }
            // The derived values read now (each as of its current inputs,
            // which every validation has brought up to date) that read the
            // dying object, directly or through other derived values.
            let dying = Set(observers.values.filter { observer in
                !observer.isCancelled && observer.seen.contains { term, _ in
                    if case .derived(let index) = term { return objects(readBy: index).contains(object) }
                    return false
                }
            }.map(\.id))
            alive[object] = false
            runStale(&trace, alsoRunning: dying)
        case .read(let index):
            trace.append((-1, [derivedValue(index)]))
        }
        return trace
    }

    private mutating func makeObserver(reads: Reads, child: Reads?) -> Int {
        let id = nextID
        nextID += 1
        observers[id] = Observer(id: id, spec: reads, childSpec: child)
        return id
    }

    private mutating func cancel(_ id: Int) {
        guard var observer = observers[id], !observer.isCancelled else { return }
        observer.isCancelled = true
        observers[id] = observer
        if let child = observer.child { cancel(child) }
    }

    /// Runs, in creation order, every live observer whose reads changed. A
    /// parent that runs replaces its child before the old child's turn.
    private mutating func runStale(_ trace: inout StepTrace, alsoRunning dying: Set<Int> = []) {
        let stale = observers.values
            .filter { !$0.isCancelled && (dying.contains($0.id) || $0.seen.contains { term, seen in value(of: term) != seen }) }
            .map(\.id)
            .sorted()
        for id in stale where observers[id]?.isCancelled == false {
            run(id, &trace)
        }
    }

    private mutating func run(_ id: Int, _ trace: inout StepTrace) {
        guard var observer = observers[id] else { return }
        if let child = observer.child { cancel(child) }
        let reads = evaluate(observer.spec)
        observer.seen = reads
        observer.child = nil
        observers[id] = observer
        trace.append((id, reads.map(\.1)))
        if let childSpec = observer.childSpec {
            let child = makeObserver(reads: childSpec, child: nil)
            observers[id]?.child = child
            run(child, &trace)
        }
    }

    /// The terms a `Reads` reads, in order, with their values.
    private func evaluate(_ reads: Reads) -> [(Term, Int)] {
        var result: [(Term, Int)] = []
        var terms = reads.terms
        if let condition = reads.condition {
            let conditionValue = value(of: condition)
            result.append((condition, conditionValue))
            if conditionValue % 2 != 0 { terms = reads.otherwise }
        }
        for term in terms { result.append((term, value(of: term))) }
        return result
    }

    private func value(of term: Term) -> Int {
        switch term {
        case .property(let object, let property):
            alive[object] ? values[object][property] : -1
        case .derived(let index):
            derivedValue(index)
        }
    }

    /// The objects derived value `index` reads with the current values,
    /// directly or through other derived values.
    private func objects(readBy index: Int) -> Set<Int> {
        var result: Set<Int> = []
        for (term, _) in evaluate(program.derived[index].reads) {
            switch term {
            case .property(let object, _): result.insert(object)
            case .derived(let inner): result.formUnion(objects(readBy: inner))
            }
        }
        return result
    }

    private func derivedValue(_ index: Int) -> Int {
        let spec = program.derived[index]
        let sum = evaluate(spec.reads).reduce(0) { $0 + $1.1 }
        return ((sum % spec.modulus) + spec.modulus) % spec.modulus
    }
}
