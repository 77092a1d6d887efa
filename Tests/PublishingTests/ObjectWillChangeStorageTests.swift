@testable import Publishing
import Testing

// How the default objectWillChange is stored: in the @Published storage for
// classes that have some, in a weak side table (bounded) for the others.

private final class Plain: ObservableObject {}

private final class FiftyPublished: ObservableObject {
    @Published var p00 = 0
    @Published var p01 = 0
    @Published var p02 = 0
    @Published var p49 = 0
}

@Suite("objectWillChange storage")
struct ObjectWillChangeStorageTests {
    @Test("the side table for classes without @Published does not grow with dead objects")
    func sideTableIsSwept() {
        let table = UnpublishedObjects.shared
        let before = table.count
        for _ in 0..<10_000 {
            let object = Plain()
            _ = object.objectWillChange
        }
        // Other tests may add a few live entries concurrently; dead ones are
        // swept whenever the table doubles, so it stays small.
        #expect(table.count < before + 2 * UnpublishedObjects.minimumSweepCount + 64)
    }

    @Test("a live object without @Published keeps its publisher and its subscribers")
    func sideTableKeepsLiveObjects() {
        let object = Plain()
        let publisher = object.objectWillChange
        var signals = 0
        let c = publisher.sink { signals += 1 }
        for _ in 0..<1_000 { _ = Plain().objectWillChange }  // forces sweeps
        #expect(object.objectWillChange === publisher)
        object.objectWillChange.send()
        #expect(signals == 1)
        c.cancel()
    }

    @Test("classes with @Published keep the publisher in their storage, not in the side table")
    func storedInPublishedStorage() {
        let object = FiftyPublished()
        let layout = PublishedLayout.of(FiftyPublished.self).takeUnretainedValue()
        #expect(layout.fields.count == 4)
        let publisher = object.objectWillChange
        for field in layout.fields {
            #expect(field.withStorage(in: object) { $0.objectWillChange.load() } === publisher)
        }
        #expect(PublishedLayout.of(Plain.self).takeUnretainedValue().fields.isEmpty)
    }

    @Test("an object without subscribers pays nothing on a write: no publisher is installed")
    func nothingInstalledBeforeFirstRead() {
        let object = FiftyPublished()
        object.p00 = 1
        let layout = PublishedLayout.of(FiftyPublished.self).takeUnretainedValue()
        #expect(layout.fields.allSatisfy { field in field.withStorage(in: object) { $0.objectWillChange.load() } == nil })
    }

    @Test("Published<Value> is exactly one reference, whatever Value is (the layout reads it raw)")
    func publishedIsOneReference() {
        #expect(MemoryLayout<Published<Int8>>.size == MemoryLayout<AnyObject>.size)
        #expect(MemoryLayout<Published<String>>.size == MemoryLayout<AnyObject>.size)
        #expect(MemoryLayout<Published<(Int, Int, Int, Int)>>.size == MemoryLayout<AnyObject>.size)
        #expect(MemoryLayout<Published<Int8>>.alignment == MemoryLayout<AnyObject>.alignment)
    }
}
