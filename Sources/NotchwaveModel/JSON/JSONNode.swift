/// A line and column in a JSON text (both from 1).
public struct JSONPosition: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    /// A position.
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    /// `line L, column C`.
    public var description: String { "line \(line), column \(column)" }
}

/// A parsed JSON value that remembers where it was written, so that errors can point at
/// the line and column as well as the JSON path.
public struct JSONNode: Sendable, Equatable {
    /// A member of an object, with the position of its key.
    public struct Member: Sendable, Equatable {
        public var key: String
        public var keyPosition: JSONPosition
        public var value: JSONNode
    }

    /// The value.
    public enum Kind: Sendable, Equatable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    public var kind: Kind
    public var position: JSONPosition

    /// A node.
    public init(_ kind: Kind, at position: JSONPosition) {
        self.kind = kind
        self.position = position
    }

    /// What the value is, in words, for error messages ("a string", "an object", ...).
    public var typeDescription: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONNode? {
        guard case let .object(members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }
}
