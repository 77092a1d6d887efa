/// One pass of a flush: renders the views that were dirty when it started,
/// shallowest first (in the order they were marked among equals). A view
/// already rendered in this pass by its parent is no longer dirty and is
/// skipped.
///
/// A render may dirty more views (say, by setting an environment value that
/// a view below a skipped child reads). Those deeper than the view just
/// rendered join this pass, in depth order, so that they render before the
/// views below them; the others wait for the next pass, so that no view
/// renders after one of its descendants in the same pass.
@MainActor struct RenderPass {
    private let context: RenderContext
    /// The types of the views this pass rendered, if asked for (only the last
    /// pass a flush allows records them).
    private(set) var renderedViewNames: Set<String>?

    init(context: RenderContext, recordsViewNames: Bool) {
        self.context = context
        renderedViewNames = recordsViewNames ? [] : nil
    }

    mutating func run(_ marks: [DirtyMark]) {
        let queue = context.queue
        var pending = marks.enumerated().map { Entry(mark: $0.element, order: $0.offset) }
        pending.sort(by: >)
        var nextOrder = marks.count
        while let entry = pending.popLast() {
            guard let node = entry.mark.node, node.isMounted else {
                // A view that left the tree renders no more: its mark is
                // cleared, so that it no longer counts as dirty.
                _ = entry.mark.takeCauses()
                continue
            }
            guard entry.mark.isMarkedDirty else { continue }
            node.render(extraCauses: [])
            renderedViewNames?.insert(context.types.name(of: node.viewType))
            if queue.isEmpty { continue }
            var later: [DirtyMark] = []
            for mark in queue.takeAll() {
                if let depth = mark.node?.depth, depth > node.depth {
                    let added = Entry(mark: mark, order: nextOrder)
                    nextOrder += 1
                    // `pending` is sorted deepest first; keep it so.
                    let index = pending.firstIndex { $0 < added } ?? pending.endIndex
                    pending.insert(added, at: index)
                } else {
                    later.append(mark)
                }
            }
            queue.requeue(later)
        }
    }

    /// A dirty view in the pass, ordered by depth, then by when it was marked.
    struct Entry: Comparable {
        let mark: DirtyMark
        let depth: Int
        let order: Int

        init(mark: DirtyMark, order: Int) {
            self.mark = mark
            self.depth = mark.node?.depth ?? 0
            self.order = order
        }

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.depth, lhs.order) < (rhs.depth, rhs.order)
        }

        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.depth == rhs.depth && lhs.order == rhs.order
        }
    }
}
