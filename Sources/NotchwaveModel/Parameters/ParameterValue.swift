/// A value a render parameter takes, read the same way from command-line text
/// (`--fps 30`, `--scene-option page=2`) and from a job file's JSON (`"fps": 30`).
/// Conformances check the value's form; a parameter's own range or choices are its
/// declaration's (`Parameter`).
public protocol ParameterValue: Sendable, Equatable {
    /// What the value is, for help and messages ("a number").
    static var kind: String { get }
    /// The value `text` spells.
    static func parse(_ text: String) throws(ParameterProblem) -> Self
    /// The value a JSON node holds.
    static func decode(_ node: JSONNode) throws(ParameterProblem) -> Self
    /// The canonical JSON (manifests and their parameter hashes).
    var json: JSONOutput { get }
    /// Every value it can take, for values that are one of a list (shell completions);
    /// empty for the others.
    static var choices: [String] { get }
}

extension ParameterValue {
    public static var choices: [String] { [] }
}

/// An optional value: a parameter whose default is "none" (`Parameter<Double?>`). It is
/// written as its wrapped value; only the absence of a value is nil.
extension Optional: ParameterValue where Wrapped: ParameterValue {
    public static var kind: String { Wrapped.kind }
    public static func parse(_ text: String) throws(ParameterProblem) -> Wrapped? { try Wrapped.parse(text) }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> Wrapped? { try Wrapped.decode(node) }
    public var json: JSONOutput { self?.json ?? .null }
    public static var choices: [String] { Wrapped.choices }
}

/// What is wrong with one value, without saying where it was written (the caller knows).
public struct ParameterProblem: Error, Sendable, Equatable {
    public var message: String
    /// True when a JSON value has the wrong type (a string where a number belongs): a
    /// malformed job file rather than a bad value.
    public var isTypeMismatch: Bool
    /// A problem.
    public init(_ message: String, typeMismatch: Bool = false) {
        self.message = message
        self.isTypeMismatch = typeMismatch
    }
}

extension ParameterValue {
    /// The value of `input`.
    static func read(_ input: ParameterInput) throws(ParameterProblem) -> Self {
        switch input {
        case let .text(text): return try parse(text)
        case let .json(node): return try decode(node)
        }
    }

    /// The value whose command-line text is its JSON (`--segments '[...]'`): the text
    /// parsed as JSON (an error says it is not `what`), then read as a job file reads it.
    public static func decodeJSONText(_ text: String, what: String) throws(ParameterProblem) -> Self {
        let node: JSONNode
        do {
            node = try JSONParser.parse(text)
        } catch {
            throw ParameterProblem("not \(what): \(error.message) (\(error.position))")
        }
        return try decode(node)
    }

    /// The text of a JSON string node, for values that are written as strings in both places.
    public static func decodeText(_ node: JSONNode) throws(ParameterProblem) -> Self {
        guard case let .string(text) = node.kind else { throw ParameterProblem("expected \(kind), found \(node.typeDescription)", typeMismatch: true) }
        return try parse(text)
    }
}

/// A value as the user wrote it, before it is read.
public enum ParameterInput: Sendable, Equatable {
    /// On the command line.
    case text(String)
    /// In a job file.
    case json(JSONNode)
}

extension Double: ParameterValue {
    public static var kind: String { "a number" }
    public static func parse(_ text: String) throws(ParameterProblem) -> Double {
        guard let value = TextInput.decimal(text) else { throw ParameterProblem("expected a number, got '\(text)'") }
        return value
    }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> Double {
        guard case let .number(n) = node.kind else { throw ParameterProblem("expected a number, found \(node.typeDescription)", typeMismatch: true) }
        return n
    }
    public var json: JSONOutput { .number(self) }
}

extension Int: ParameterValue {
    public static var kind: String { "a whole number" }
    public static func parse(_ text: String) throws(ParameterProblem) -> Int {
        guard TextInput.decimal(text) != nil, let value = Int(text) else { throw ParameterProblem("expected a whole number, got '\(text)'") }
        return value
    }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> Int {
        guard case let .number(n) = node.kind else { throw ParameterProblem("expected a whole number, found \(node.typeDescription)", typeMismatch: true) }
        guard n == n.rounded(), abs(n) < 1e15 else { throw ParameterProblem("expected a whole number, found \(JSONOutput.formatNumber(n))", typeMismatch: true) }
        return Int(n)
    }
    public var json: JSONOutput { .number(Double(self)) }
}

extension Bool: ParameterValue {
    public static var kind: String { "true or false" }
    public static func parse(_ text: String) throws(ParameterProblem) -> Bool {
        switch text.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default: throw ParameterProblem("expected true or false, got '\(text)'")
        }
    }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> Bool {
        guard case let .bool(b) = node.kind else { throw ParameterProblem("expected a boolean, found \(node.typeDescription)", typeMismatch: true) }
        return b
    }
    public var json: JSONOutput { .bool(self) }
}

extension String: ParameterValue {
    public static var kind: String { "text" }
    public static func parse(_ text: String) throws(ParameterProblem) -> String { text }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> String {
        guard case let .string(s) = node.kind else { throw ParameterProblem("expected a string, found \(node.typeDescription)", typeMismatch: true) }
        return s
    }
    public var json: JSONOutput { .string(self) }
}

/// A parameter value that names one case of a list (`--region bar`, `"quality": "draft"`).
public protocol ChoiceValue: ParameterValue, CaseIterable, RawRepresentable where RawValue == String {}

extension ChoiceValue {
    public static var kind: String { "one of \(names)" }
    public static func parse(_ text: String) throws(ParameterProblem) -> Self {
        guard let value = Self(named: text) else {
            throw ParameterProblem("'\(text)' is not one of \(names)\(EditDistance.hint(for: text, in: allCases.map(\.rawValue)))")
        }
        return value
    }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> Self { try decodeText(node) }
    public var json: JSONOutput { .string(rawValue) }
    public static var choices: [String] { allCases.map(\.rawValue) }
}

extension Region: ChoiceValue {}
extension EvenSizePolicy: ChoiceValue {}
extension Appearance: ChoiceValue {}
extension BackdropFit: ChoiceValue {}
extension MissingTranslation: ChoiceValue {}
extension Quality: ChoiceValue {}

/// A list written as one comma-separated string on the command line and as a string or
/// an array of strings in a job file (`--colors red,green`, `"colors": ["red", "green"]`);
/// the items are read when the plan is resolved (named colours need the appearance).
public struct TextList: ParameterValue {
    public var items: [String]
    /// A list.
    public init(_ items: [String]) { self.items = items }
    public static var kind: String { "a comma-separated list" }
    public static func parse(_ text: String) throws(ParameterProblem) -> TextList {
        TextList(text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces })
    }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> TextList {
        switch node.kind {
        case let .string(s): return try parse(s)
        case let .array(nodes):
            var items: [String] = []
            for (index, item) in nodes.enumerated() {
                guard case let .string(s) = item.kind else { throw ParameterProblem("item \(index): expected a string, found \(item.typeDescription)", typeMismatch: true) }
                items.append(s)
            }
            return TextList(items)
        default: throw ParameterProblem("expected a list of strings or a comma-separated string, found \(node.typeDescription)", typeMismatch: true)
        }
    }
    /// The list as one string, as written on the command line.
    public var joined: String { items.joined(separator: ",") }
    public var json: JSONOutput { .string(joined) }
}

