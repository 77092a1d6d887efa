/// An interaction a node offers: what ``ViewHost/tap(_:at:)``,
/// ``ViewHost/toggle(_:at:)``, ``ViewHost/enter(_:into:at:)`` and
/// ``ViewHost/submit(_:at:)`` find by label.
struct Control {
    enum Kind: Hashable {
        case button, toggle, textField

        var noun: String {
            switch self {
            case .button: "button"
            case .toggle: "toggle"
            case .textField: "text field"
            }
        }
    }

    enum Action {
        case tap(() -> Void)
        case toggle(Binding<Bool>)
        case text(Binding<String>, submit: SubmitHandler?)
    }

    let kind: Kind
    let label: String
    let isDisabled: Bool
    let action: Action
    /// The custom view that drew the control, for messages.
    let ownerType: Any.Type

    var key: ControlKey { ControlKey(kind: kind, label: label) }
}

struct ControlKey: Hashable {
    let kind: Control.Kind
    let label: String
}
