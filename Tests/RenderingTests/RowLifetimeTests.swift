import Testing
import Tracking
@testable import Rendering

/// `ForEach` edits its list of rows in place, counting the references it
/// holds by hand (see ``ForEachRows``): these tests check the count through
/// the rows' lifetimes. A row the list still held after it left would keep
/// its state object alive; one it released once too often would be freed
/// while shown, and its state with it.
@MainActor
@Suite struct RowLifetimeTests {
    @Test(arguments: [RowElements.integers, .objects])
    func everyRowShownIsAliveAndNoOtherIs(_ elements: RowElements) throws {
        var random = SeededGenerator(seed: 41)
        let life = RowLifeCount()
        let model = LifeRowModel(Array(0..<40))
        var nextID = 40
        var host: ViewHost? = ViewHost(LifeRowList(model: model, life: life, elements: elements))
        #expect(life.live == 40)
        for step in 0..<400 {
            var ids = model.ids
            switch step % 8 {
            case 0: ids.insert(ids.remove(at: ids.count - 1), at: 0)   // the last to the top
            case 1: ids.append(ids.remove(at: 0))                      // the first to the bottom
            case 2 where ids.count > 1:                                 // one moved anywhere
                let moved = ids.remove(at: Int.random(in: 0..<ids.count, using: &random))
                ids.insert(moved, at: Int.random(in: 0...ids.count, using: &random))
            case 3: ids.shuffle(using: &random)
            case 4: ids = ids.filter { _ in Int.random(in: 0..<4, using: &random) != 0 }
            case 5:                                                     // new rows among the others
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    ids.insert(nextID, at: Int.random(in: 0...ids.count, using: &random))
                    nextID += 1
                }
            case 6 where !ids.isEmpty:                                  // one removed, one new elsewhere
                ids.remove(at: Int.random(in: 0..<ids.count, using: &random))
                ids.insert(nextID, at: Int.random(in: 0...ids.count, using: &random))
                nextID += 1
            default: ids.reverse()
            }
            model.ids = ids
            host?.flush()
            let shown = host?.snapshot.split(separator: "\n").compactMap { line -> Int? in
                let text = line.trimmingPrefix(while: { $0 == " " })
                guard text.hasPrefix("Text(\"row "), text.hasSuffix("\")") else { return nil }
                return Int(text.dropFirst(10).dropLast(2))
            }
            #expect(shown == ids, "step \(step)")
            #expect(life.live == ids.count, "step \(step): \(life.live) rows alive, \(ids.count) shown")
        }
        host = nil
        #expect(life.live == 0)
    }
}

/// What the rows of ``LifeRowList`` are given: integers (the row view holds
/// no reference but the count's), or objects (two references, which kept
/// rows drop themselves: see ``KeptRowCheck``).
enum RowElements: Sendable, CustomStringConvertible {
    case integers
    case objects

    var description: String { self == .integers ? "integers" : "objects" }
}

/// How many row state objects are alive. Main actor only.
private final class RowLifeCount: @unchecked Sendable {
    var live = 0
}

/// A row's state: counted from its making to its freeing.
private final class RowLife {
    private let count: RowLifeCount

    init(_ count: RowLifeCount) {
        self.count = count
        count.live += 1
    }

    deinit {
        count.live -= 1
    }
}

private final class LifeRowModel: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var ids: [Int]
    /// One object per id, made once.
    private(set) var objects: [Int: LifeElement] = [:]

    init(_ ids: [Int]) {
        self.ids = ids
    }

    func elements() -> [LifeElement] {
        ids.map { id in
            if let object = objects[id] { return object }
            let object = LifeElement(id: id)
            objects[id] = object
            return object
        }
    }
}

private final class LifeElement: Identifiable, @unchecked Sendable {
    let id: Int

    init(id: Int) {
        self.id = id
    }
}

private struct LifeRowList: View {
    let model: LifeRowModel
    let life: RowLifeCount
    let elements: RowElements

    var body: some View {
        VStack {
            switch elements {
            case .integers:
                ForEach(model.ids, id: \.self) { LifeRow($0, id: $0, life: life) }
            case .objects:
                ForEach(model.elements()) { LifeRow($0, id: $0.id, life: life) }
            }
        }
    }
}

/// A row holding its element (an integer, or an object: a reference the
/// row view holds) and a state object made with each view.
private struct LifeRow<Element>: View {
    let element: Element
    let id: Int
    let life: RowLifeCount
    /// Made with each view, kept by the row's first.
    @State private var state: RowLife

    init(_ element: Element, id: Int, life: RowLifeCount) {
        self.element = element
        self.id = id
        self.life = life
        _state = State(initialValue: RowLife(life))
    }

    var body: some View {
        Text("row \(id)")
    }
}
