import CInstructionCounter
import Foundation

/// How a run counts instructions per operation (`--instructions`), as
/// `results.json` records it: which method, with what, and why a better
/// one was not used.
struct InstructionCounting: Codable, Equatable {
    /// `hardware` (the processor's counter, through `perf_event_open`),
    /// `callgrind` (`valgrind --tool=callgrind`), or `none`.
    var method: String
    /// What counted, e.g. `valgrind-3.19.0 --tool=callgrind`.
    var tool: String?
    /// Why the methods before it were not used, or why none could count.
    var notes: [String]

    /// What `--instructions` asks for.
    enum Request: String, CaseIterable {
        /// The hardware counter where the kernel allows it, else callgrind,
        /// else none (and the run says why).
        case auto
        case hardware
        case callgrind
    }

    /// A method that can count here.
    enum Counter {
        case hardware(HardwareInstructionCounter)
        case callgrind(CallgrindInstructionCounter)
    }

    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// Finds a method for `request`. Returns the counter (nil when none
    /// works) and the record for `results.json`; throws when the method
    /// asked for by name does not work here.
    static func choose(_ request: Request) throws(Unavailable) -> (Counter?, InstructionCounting) {
        var notes: [String] = []
        if request != .callgrind {
            switch HardwareInstructionCounter.open() {
            case .success(let counter):
                return (.hardware(counter), InstructionCounting(method: "hardware", tool: counter.tool, notes: []))
            case .failure(let reason):
                if request == .hardware { throw Unavailable(description: "--instructions hardware: \(reason)") }
                notes.append("hardware counter: \(reason)")
            }
        }
        switch CallgrindInstructionCounter.find() {
        case .success(let counter):
            return (.callgrind(counter), InstructionCounting(method: "callgrind", tool: counter.tool, notes: notes))
        case .failure(let reason):
            if request == .callgrind { throw Unavailable(description: "--instructions callgrind: \(reason)") }
            notes.append("callgrind: \(reason)")
        }
        return (nil, InstructionCounting(method: "none", tool: nil, notes: notes))
    }

    /// The counts of `body(n)` and of `body(2n)`, each after its untimed
    /// `reset`; `count` runs the closure it is given and returns what it
    /// counted, or nil.
    static func counts(
        _ benchmark: Benchmark, n: Int, count: (_ body: () -> Void) -> Int64?
    ) -> (once: Int64, twice: Int64)? {
        let n = max(1, n)
        benchmark.reset?(n)
        guard let once = count({ benchmark.body(n) }) else { return nil }
        benchmark.reset?(2 * n)
        guard let twice = count({ benchmark.body(2 * n) }) else { return nil }
        return (once, twice)
    }

    /// Instructions per operation from the counts of n and 2n operations:
    /// their difference leaves out what a call costs whatever its n (the
    /// call itself, the loop's setup).
    static func perOperation(once: Int64, twice: Int64, n: Int) -> Double {
        max(0, Double(twice - once) / Double(max(1, n)))
    }
}

/// Calls `call` with a C function and a context pointer that together run
/// `body`: how a Swift closure passes through the C counters.
func withCCallback<R>(
    _ body: () -> Void,
    _ call: (@convention(c) (UnsafeMutableRawPointer?) -> Void, UnsafeMutableRawPointer) -> R
) -> R {
    withoutActuallyEscaping(body) { body in
        let box = CallbackBox(body)
        return withExtendedLifetime(box) {
            call(
                { context in Unmanaged<CallbackBox>.fromOpaque(context!).takeUnretainedValue().body() },
                Unmanaged.passUnretained(box).toOpaque())
        }
    }
}

/// The closure behind `withCCallback`'s context pointer.
private final class CallbackBox {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// The processor's instruction counter for the calling thread, through
/// `perf_event_open` (user space only).
final class HardwareInstructionCounter {
    let tool = "perf_event_open (PERF_COUNT_HW_INSTRUCTIONS, user space, this thread)"
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { instruction_counter_close(descriptor) }

    /// Opens the counter and proves that it counts; the failure says why not.
    static func open() -> Result<HardwareInstructionCounter, InstructionCounting.Unavailable> {
        let result = instruction_counter_open()
        guard result >= 0 else {
            let reason = String(cString: strerror(-result))
            let meaning: String
            switch -result {
            case ENOENT, EOPNOTSUPP: meaning = "this kernel, machine or VM exposes no hardware instruction counter"
            case EACCES, EPERM: meaning = "not allowed (see /proc/sys/kernel/perf_event_paranoid)"
            case ENOSYS: meaning = "no perf_event_open on this system"
            default: meaning = "the kernel refused the counter"
            }
            return .failure(.init(description: "perf_event_open failed: \(reason) (\(meaning))"))
        }
        let counter = HardwareInstructionCounter(descriptor: result)
        var sink = 0
        guard let counted = counter.count({ for i in 0..<1_000 { sink &+= opaque(i) } }), counted > 0 else {
            return .failure(.init(description: "perf_event_open gave a counter that counts nothing"))
        }
        blackHole(sink)
        return .success(counter)
    }

    /// Instructions this thread executed while `body` ran, or nil.
    func count(_ body: () -> Void) -> Int64? {
        let result = withCCallback(body) { function, context in
            instruction_counter_measure(descriptor, function, context)
        }
        return result < 0 ? nil : result
    }
}
