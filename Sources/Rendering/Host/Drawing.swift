/// What a built-in view draws, kept as data and turned into its snapshot
/// line only when a snapshot is asked for, so that rendering formats no
/// strings.
enum Drawing: Equatable {
    case container(String)
    case text(String)
    case image(systemName: String)
    case button(label: String, isDisabled: Bool)
    case toggle(label: String, isOn: Bool, isDisabled: Bool)
    case textField(placeholder: String, text: String, isDisabled: Bool)
    case error(String)

    var line: String {
        switch self {
        case .container(let name):
            name
        case .text(let content):
            "Text(\(quoted(content)))"
        case .image(let name):
            "Image(systemName: \(quoted(name)))"
        case .button(let label, let isDisabled):
            "Button(\(quoted(label)))" + disabledSuffix(isDisabled)
        case .toggle(let label, let isOn, let isDisabled):
            "Toggle(\(quoted(label)), isOn: \(isOn))" + disabledSuffix(isDisabled)
        case .textField(let placeholder, let text, let isDisabled):
            "TextField(\(quoted(placeholder)), text: \(quoted(text)))" + disabledSuffix(isDisabled)
        case .error(let message):
            "Error(\(quoted(message)))"
        }
    }

    private func disabledSuffix(_ isDisabled: Bool) -> String {
        isDisabled ? " [disabled]" : ""
    }
}

/// `text` as a Swift string literal: quoted, with quotes, backslashes and
/// control characters escaped.
func quoted(_ text: String) -> String {
    String(reflecting: text)
}
