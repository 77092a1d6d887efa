import Tracking

/// Runs a program on the engine and records what the observers saw.
final class EngineRunner: @unchecked Sendable {
    final class Object: Trackable, @unchecked Sendable {
        let trackingRegistrar = TrackingRegistrar()
        @Tracked var p0 = 0
        @Tracked var p1 = 0
        @Tracked var p2 = 0

        subscript(property: Int) -> Int {
            get { property == 0 ? p0 : property == 1 ? p1 : p2 }
            set {
                switch property {
                case 0: p0 = newValue
                case 1: p1 = newValue
                default: p2 = newValue
                }
            }
        }
    }

    private struct Weak { weak var object: Object? }

    private let program: Program
    private var strong: [Object?]
    private var weak: [Weak]
    private var derived: [Derived<Int>] = []
    private var topLevel: [TrackingToken] = []
    private var children: [Int: TrackingToken] = [:]
    private var nextID = 0
    private var trace: StepTrace = []

    init(program: Program) {
        self.program = program
        let objects = (0..<Program.objectCount).map { _ in Object() }
        strong = objects
        weak = objects.map { Weak(object: $0) }
        for spec in program.derived {
            derived.append(Derived { [unowned self] in
                let sum = self.evaluate(spec.reads).reduce(0, +)
                return ((sum % spec.modulus) + spec.modulus) % spec.modulus
            })
        }
    }

    static func run(_ program: Program) -> [StepTrace] {
        let runner = EngineRunner(program: program)
        let traces = program.steps.map { runner.apply($0) }
        runner.tearDown()
        return traces
    }

    /// Cancels everything, and reports registrations left behind.
    func tearDown() {
        for token in topLevel { token.cancel() }
        children.removeAll()
        strong.removeAll()
    }

    private func apply(_ step: Step) -> StepTrace {
        trace = []
        switch step {
        case .write(let object, let property, let value):
            strong[object]?[property] = value
        case .transaction(let writes):
            withTransaction {
                for write in writes { strong[write.object]?[write.property] = write.value }
            }
        case .observe(let spec):
            topLevel.append(makeObserver(reads: spec.reads, child: spec.child))
        case .cancel(let index):
            if index < topLevel.count { topLevel[index].cancel() }
        case .deallocate(let object):
            strong[object] = nil
        case .read(let index):
            trace.append((-1, [derived[index].value]))
        }
        return trace
    }

    private func makeObserver(reads: Reads, child: Reads?) -> TrackingToken {
        let id = nextID
        nextID += 1
        return observe { [unowned self] in
            let values = self.evaluate(reads)
            self.trace.append((id, values))
            if let child {
                // The engine cancels the previous child when this runs again.
                self.children[id] = self.makeObserver(reads: child, child: nil)
            }
        }
    }

    /// Reads what `reads` says, through the engine, and returns the values.
    private func evaluate(_ reads: Reads) -> [Int] {
        var result: [Int] = []
        var terms = reads.terms
        if let condition = reads.condition {
            let value = read(condition)
            result.append(value)
            if value % 2 != 0 { terms = reads.otherwise }
        }
        for term in terms { result.append(read(term)) }
        return result
    }

    private func read(_ term: Term) -> Int {
        switch term {
        case .property(let object, let property):
            weak[object].object?[property] ?? -1
        case .derived(let index):
            derived[index].value
        }
    }
}
