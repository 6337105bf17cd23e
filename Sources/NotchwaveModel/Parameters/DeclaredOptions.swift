/// A scene's or a style's own settings (`--scene-option key=value`, `"sceneOptions"` in
/// job files), declared once: each setting is a stored property of the conforming type,
/// whose initial value is its default, and one `Option` in `declarations` ties that
/// property (by key path) to its key, help, range or choices.
///
/// Everything else is derived from the list: reading (`OptionList.read` against
/// `parameters`, with "did you mean" for an unknown key, then `init(_:)`), the JSON echo (`json`, which plan identity and batch resume hash),
/// equality, `notchwave scenes`, `--help` and the README's tables.
///
///     struct Wobble: DeclaredOptions {
///         var depth = 3.0                                   // type and default
///         static let scope = ParameterScope.scenes(["wobble"])
///         static let declarations: [any OptionDeclaration<Wobble>] = [
///             Option(\.depth, "depth", "PT", "how far it wobbles", in: 0...10, unit: "points"),
///         ]
///     }
public protocol DeclaredOptions: Sendable, Equatable {
    /// Every setting at its default.
    init()
    /// One declaration per setting, in help order.
    static var declarations: [any OptionDeclaration<Self>] { get }
    /// Where the options apply (`.scenes(["popup"])`, `.styles(["smooth"])`).
    static var scope: ParameterScope { get }
}

extension DeclaredOptions {
    /// The declarations as parameters (help, tables, the readers).
    public static var parameters: [any AnyParameter] { declarations.map(\.parameter) }

    /// The declaration of the setting stored at `field`, as a parameter (for messages).
    public static func parameter<V: ParameterValue>(_ field: WritableKeyPath<Self, V>) -> any AnyParameter {
        for declaration in declarations {
            if let option = declaration as? Option<Self, V>, option.field == field { return option.parameter }
        }
        preconditionFailure("\(Self.self) declares no option for \(field)")
    }

    /// The settings `pairs` give (`key=value`, as `--scene-option` writes them), read and
    /// checked, with the values as given.
    public static func read(_ pairs: [(key: String, value: String)], owner: String) throws(ParameterError) -> ParameterValues {
        let list = OptionList(pairs.map { OptionList.Entry(key: $0.key, input: .text($0.value)) })
        return try list.read(parameters, option: Parameters.sceneOptions.flag, owner: owner, source: nil)
    }

    /// The settings `values` give (read against `parameters`), defaults elsewhere.
    public init(_ values: ParameterValues) {
        self.init()
        for declaration in Self.declarations { declaration.read(values, into: &self) }
    }

    /// Every setting as canonical JSON, by key in declaration order (defaults included, so
    /// that a changed default also changes a plan's identity).
    public var json: JSONOutput { .object(Self.declarations.map { ($0.parameter.key, $0.json(of: self)) }) }
}

/// One declared setting of `Options`, without its value type.
public protocol OptionDeclaration<Options>: Sendable {
    associatedtype Options: DeclaredOptions
    /// The setting as a parameter: key, value name, help, default, check, scope.
    var parameter: any AnyParameter { get }
    /// Sets the setting's property from `values` (its default when not given).
    func read(_ values: ParameterValues, into options: inout Options)
    /// The setting's value in `options` as canonical JSON.
    func json(of options: Options) -> JSONOutput
}

/// A setting declared once: the property of `Options` it fills (whose initial value is the
/// default) and its key, value name, help and check.
public struct Option<Options: DeclaredOptions, Value: ParameterValue>: OptionDeclaration {
    /// The property.
    public let field: WritableKeyPath<Options, Value> & Sendable
    /// The typed parameter (its default is the property's initial value).
    public private(set) var typed: Parameter<Value>

    /// A setting; `defaultText` defaults to the property's initial value.
    public init(_ field: WritableKeyPath<Options, Value> & Sendable, _ key: String, _ valueName: String, _ help: String,
                defaultText: String? = nil, check: @escaping @Sendable (Value) -> String? = { _ in nil }) {
        self.field = field
        typed = Parameter(key, flag: key, valueName, help, default: Options()[keyPath: field], defaultText: defaultText,
                          group: .scene, scope: Options.scope, check: check)
    }

    public var parameter: any AnyParameter { typed }
    public func read(_ values: ParameterValues, into options: inout Options) { options[keyPath: field] = values[typed] }
    public func json(of options: Options) -> JSONOutput { options[keyPath: field].json }
}

extension Option where Value: Comparable {
    /// A number within `range` (`unit` follows the bounds in messages).
    public init(_ field: WritableKeyPath<Options, Value> & Sendable, _ key: String, _ valueName: String, _ help: String,
                defaultText: String? = nil, in range: ClosedRange<Value>, unit: String = "") {
        self.init(field, key, valueName, help, defaultText: defaultText, check: Parameters.rangeCheck(range, unit: unit))
        typed.bounds = doubleBounds(range)
    }
}

extension Option {
    /// An optional number within `range` (nil: not given).
    public init<Wrapped: Comparable & ParameterValue>(_ field: WritableKeyPath<Options, Value> & Sendable, _ key: String, _ valueName: String,
                                                      _ help: String, defaultText: String? = nil, in range: ClosedRange<Wrapped>,
                                                      unit: String = "") where Value == Wrapped? {
        let check = Parameters.rangeCheck(range, unit: unit)
        self.init(field, key, valueName, help, defaultText: defaultText) { value in value.flatMap(check) }
        typed.bounds = doubleBounds(range)
    }
}
