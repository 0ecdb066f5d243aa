import HeraldCore

extension DataValue {
    /// How an error message shows a value it did not expect: `'many'`, `0`, `true`, `a list`.
    public var quotedForMessage: String {
        switch self {
        case .null: "nothing"
        case .bool(let flag): String(flag)
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): "'\(text)'"
        case .list, .map: kindName
        }
    }
}
