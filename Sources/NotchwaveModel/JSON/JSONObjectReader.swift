/// Reads one JSON object field by field, with errors that name the file, the JSON path
/// and the position; `finish()` rejects keys nobody asked for.
public struct JSONObjectReader {
    /// The file the object came from (for messages).
    public let file: String
    /// The object's JSON path.
    public let path: String
    /// The object node.
    public let node: JSONNode
    /// The object's members, in file order.
    public let members: [JSONNode.Member]
    private var consumed: Set<String> = []

    /// A reader for `node`, which must be an object.
    public init(_ node: JSONNode, file: String, path: String = "$") throws {
        guard case let .object(members) = node.kind else {
            throw ConfigurationError(file: file, path: path, position: node.position,
                                     problem: "expected an object, found \(node.typeDescription)")
        }
        self.file = file
        self.path = path
        self.node = node
        self.members = members
    }

    /// The JSON path of member `key`.
    public func path(of key: String) -> String {
        let simple = !key.isEmpty && key.unicodeScalars.allSatisfy { ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") && $0.isASCII }
        return simple ? "\(path).\(key)" : "\(path)[\"\(key)\"]"
    }

    /// True when the object has member `key`.
    public func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// The member `key`, or nil; marks it as read.
    public mutating func optional(_ key: String) -> JSONNode? {
        consumed.insert(key)
        return members.first { $0.key == key }?.value
    }

    /// The member `key`; an error naming it when missing.
    public mutating func required(_ key: String) throws -> JSONNode {
        guard let value = optional(key) else {
            throw ConfigurationError(file: file, path: path(of: key), position: node.position, problem: "missing field \"\(key)\"")
        }
        return value
    }

    /// Fails on the first member that was never read.
    public func finish() throws {
        for member in members where !consumed.contains(member.key) {
            // A near miss is suggested as on the command line; else every key is listed.
            let hint = EditDistance.hint(for: member.key, in: consumed.sorted()) { "\"\($0)\"" }
            let known = hint.isEmpty ? " (known keys: \(consumed.sorted().map { "\"\($0)\"" }.joined(separator: ", ")))" : hint
            throw ConfigurationError(file: file, path: path(of: member.key), position: member.keyPosition,
                                     problem: "unknown key \"\(member.key)\"\(known)")
        }
    }

    /// An error about the value at `key`.
    public func error(at key: String, _ value: JSONNode?, _ problem: String) -> ConfigurationError {
        ConfigurationError(file: file, path: path(of: key), position: value?.position ?? node.position, problem: problem)
    }

    // MARK: - Typed fields

    /// A number.
    public mutating func number(_ key: String) throws -> Double {
        try JSONValues.number(try required(key), file: file, path: path(of: key))
    }

    /// A number, or nil when absent.
    public mutating func optionalNumber(_ key: String) throws -> Double? {
        guard let value = optional(key) else { return nil }
        return try JSONValues.number(value, file: file, path: path(of: key))
    }

    /// A whole number.
    public mutating func int(_ key: String) throws -> Int {
        try JSONValues.wholeNumber(try required(key), file: file, path: path(of: key))
    }

    /// A whole number, or nil when absent.
    public mutating func optionalInt(_ key: String) throws -> Int? {
        guard let value = optional(key) else { return nil }
        return try JSONValues.wholeNumber(value, file: file, path: path(of: key))
    }

    /// A string.
    public mutating func string(_ key: String) throws -> String {
        try JSONValues.string(try required(key), file: file, path: path(of: key))
    }

    /// A string, or nil when absent.
    public mutating func optionalString(_ key: String) throws -> String? {
        guard let value = optional(key) else { return nil }
        return try JSONValues.string(value, file: file, path: path(of: key))
    }

    /// A boolean, or nil when absent.
    public mutating func optionalBool(_ key: String) throws -> Bool? {
        guard let value = optional(key) else { return nil }
        guard case let .bool(b) = value.kind else {
            throw ConfigurationError(file: file, path: path(of: key), position: value.position,
                                     problem: "expected a boolean, found \(value.typeDescription)")
        }
        return b
    }

    /// An array of strings, or nil when absent.
    public mutating func optionalStrings(_ key: String) throws -> [String]? {
        guard let value = optional(key) else { return nil }
        let items = try JSONValues.array(value, file: file, path: path(of: key))
        return try items.enumerated().map { index, item in
            try JSONValues.string(item, file: file, path: "\(path(of: key))[\(index)]")
        }
    }

    /// A nested object.
    public mutating func object(_ key: String) throws -> JSONObjectReader {
        try JSONObjectReader(try required(key), file: file, path: path(of: key))
    }
}

/// Typed access to single JSON values, with errors that name the path.
public enum JSONValues {
    /// The value as a number.
    public static func number(_ node: JSONNode, file: String, path: String) throws -> Double {
        guard case let .number(n) = node.kind else {
            throw ConfigurationError(file: file, path: path, position: node.position, problem: "expected a number, found \(node.typeDescription)")
        }
        return n
    }

    /// The value as a whole number (within ±10^15, so that it converts exactly).
    public static func wholeNumber(_ node: JSONNode, file: String, path: String) throws -> Int {
        let n = try number(node, file: file, path: path)
        guard n == n.rounded(), abs(n) < 1e15 else {
            throw ConfigurationError(file: file, path: path, position: node.position, problem: "expected a whole number, found \(JSONOutput.formatNumber(n))")
        }
        return Int(n)
    }

    /// The value as a string.
    public static func string(_ node: JSONNode, file: String, path: String) throws -> String {
        guard case let .string(s) = node.kind else {
            throw ConfigurationError(file: file, path: path, position: node.position, problem: "expected a string, found \(node.typeDescription)")
        }
        return s
    }

    /// The value as an array.
    public static func array(_ node: JSONNode, file: String, path: String) throws -> [JSONNode] {
        guard case let .array(items) = node.kind else {
            throw ConfigurationError(file: file, path: path, position: node.position, problem: "expected an array, found \(node.typeDescription)")
        }
        return items
    }

    /// Parses `text`, turning a syntax error into a configuration error for `file`.
    public static func parse(_ text: String, file: String, allowingComments: Bool = false) throws -> JSONNode {
        do {
            return try JSONParser.parse(text, allowingComments: allowingComments)
        } catch {
            throw ConfigurationError(file: file, path: "$", position: error.position, problem: "invalid JSON: \(error.message)")
        }
    }
}
