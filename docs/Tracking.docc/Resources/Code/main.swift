import Foundation

// The examples of the documentation, run by name:
//
//     swift run DocumentationExamples counter-tracked
//
// Each one prints what the documentation shows as its output, and
// DocumentationTests checks that Output/<name>.txt is exactly what it prints.
// `swift run DocumentationExamples` lists the names.

let examples: KeyValuePairs<String, @MainActor () throws -> Void> = [
    "counter-tracked": trackedCounterDemo,
    "counter-published": publishedCounterDemo,
    "counter-by-hand": handCounterDemo,
    "todo-tracked": todoDemo,
    "todo-published": publishedTodoDemo,
    "todo-scale": todoScaleDemo,
    "library": libraryDemo,
    "timer": timerDemo,
    "nested-published": nestedDemo,
    "nested-tracked": trackedNestedDemo,
    "cart": cartDemo,
    "cart-views": cartViewDemo,
    "measure-gauges": measureGauges,
    "getting-started-one-shot": GettingStarted.oneShot,
    "getting-started-continuous": GettingStarted.continuous,
    "getting-started-derived": GettingStarted.derived,
    "getting-started-view": GettingStarted.inAView,
    "threads-observer-thread": Threads.observersRunOnTheChangingThread,
    "derived-lazy": DerivedValues.lazyAndCached,
    "derived-cut-off": DerivedValues.cutOff,
    "derived-glitch-free": DerivedValues.glitchFree,
    "derived-throwing": DerivedValues.throwing,
    "registrar-by-hand": Registrar.byHand,
    "migration": Migration.compare,
    "publishing-landing": PublishingLanding.run,
    "rendering-landing": RenderingLanding.run,
]

/// The examples that await: they run on the main actor, as an app's code does.
let asyncExamples: KeyValuePairs<String, @MainActor () async throws -> Void> = [
    "values-on-the-main-actor": Values.onTheMainActor,
    "threads-transactions": Threads.transactions,
    "threads-untracked": Threads.untrackedReads,
    "readme": Readme.example,
    "semantics-one-shot-and-continuous": Semantics.oneShotAndContinuous,
    "semantics-before-and-after": Semantics.beforeAndAfterTheStore,
    "semantics-equality": Semantics.equality,
    "semantics-deallocation": Semantics.deallocation,
    "semantics-cycles": Semantics.Cycles.run,
    "actors-bound-observer": Actors.boundObserver,
    "actors-child-tokens": Actors.childTokens,
    "actors-isolated-derived": Actors.isolatedDerived,
    "events-before-and-after": Events.beforeAndAfter,
    "events-which-property": Events.whichProperty,
    "events-deallocation": Events.deallocation,
    "events-cleanups": Events.cleanups,
]

let arguments = CommandLine.arguments.dropFirst()
if arguments.isEmpty {
    for name in (examples.map(\.key) + asyncExamples.map(\.key)).sorted() { print(name) }
} else {
    for name in arguments {
        if let example = examples.first(where: { $0.key == name })?.value {
            try example()
        } else if let example = asyncExamples.first(where: { $0.key == name })?.value {
            try await example()
        } else {
            print("unknown example '\(name)'; run without arguments for the list")
            exit(2)
        }
    }
}
