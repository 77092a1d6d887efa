/// The cellx graph evaluated directly, without reactivity: what every layer
/// holds for a given start layer. The check derives from it the effect runs
/// and recomputations that one change must cause.
struct CellxModel {
    /// Per layer (0 is the start layer), the four props.
    let layers: [[Int]]

    init(start: [Int], layers count: Int) {
        var layers = [start]
        for _ in 0..<count {
            let m = layers[layers.count - 1]
            layers.append([m[1], m[0] - m[2], m[1] + m[3], m[2]])
        }
        self.layers = layers
    }

    /// The last layer.
    var end: [Int] { layers[layers.count - 1] }

    /// The inputs of each prop in the layer before it (see ``Cellx``).
    static let inputs = [[1], [0, 2], [1, 3], [2]]

    /// Computed props whose value differs between the two states: with
    /// equality cut-off, exactly their effects run.
    static func changedProps(_ old: CellxModel, _ new: CellxModel) -> Int {
        var count = 0
        for layer in 1..<old.layers.count {
            for prop in 0..<4 where old.layers[layer][prop] != new.layers[layer][prop] {
                count += 1
            }
        }
        return count
    }

    /// Computed props with an input that differs between the two states:
    /// exactly these recompute, each once.
    static func recomputedProps(_ old: CellxModel, _ new: CellxModel) -> Int {
        var count = 0
        for layer in 1..<old.layers.count {
            for prop in 0..<4 {
                let changed = inputs[prop].contains { old.layers[layer - 1][$0] != new.layers[layer - 1][$0] }
                if changed { count += 1 }
            }
        }
        return count
    }
}
