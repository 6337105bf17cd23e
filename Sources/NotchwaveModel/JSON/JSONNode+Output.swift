extension JSONNode {
    /// The value as printable JSON (member order kept).
    public var output: JSONOutput {
        switch kind {
        case let .object(members): return .object(members.map { ($0.key, $0.value.output) })
        case let .array(items): return .array(items.map(\.output))
        case let .string(s): return .string(s)
        case let .number(n): return .number(n)
        case let .bool(b): return .bool(b)
        case .null: return .null
        }
    }
}
