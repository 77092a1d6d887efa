/// A built-in view that holds content: drawn as its name above its
/// indented content (`VStack`, `List`), or not drawn at all, its content
/// appearing at its level (`Group`).
protocol ContainerView: PrimitiveView {
    associatedtype Content: View
    var content: Content { get }
    /// The snapshot line; nil to draw only the content.
    static var containerName: String? { get }
}

extension ContainerView {
    func expand(into list: inout ChildList, key: NodeKey) {
        if let name = Self.containerName {
            list.container(Self.self, name: name, key: key) { $0.add(content, key: .index(0)) }
        } else {
            list.structural(Self.self, key: key) { $0.add(content, key: .index(0)) }
        }
    }
}
