/// Which part of a render a parameter belongs to: the help sections, the README tables
/// and which commands take it follow the group. The general groups are declared here; a
/// scene whose parameters are render options of their own (the notch waves' `--waves`)
/// declares its group beside them, ranked between `scene` and `frame`.
public struct ParameterGroup: Sendable, Hashable {
    /// The heading of the group in help and in the README.
    public let title: String
    /// Where the group comes in help, the README and `--help` (lower first).
    public let rank: Int
    /// True for groups that describe a single frame (`notchwave frame` takes these).
    public let describesFrame: Bool

    /// A group titled `title`, placed by `rank`.
    public init(_ title: String, rank: Int, describesFrame: Bool) {
        self.title = title
        self.rank = rank
        self.describesFrame = describesFrame
    }

    /// What is drawn: the scene and its options.
    public static let scene = ParameterGroup("Scene", rank: 0, describesFrame: true)
    /// The frame: rate, mask.
    public static let frame = ParameterGroup("Frame", rank: 20, describesFrame: true)
    /// The app's screen under the scene.
    public static let backdrop = ParameterGroup("Backdrop", rank: 30, describesFrame: true)
    /// Text over the frame: captions and the strings they read.
    public static let captions = ParameterGroup("Captions", rank: 35, describesFrame: true)
    /// What is around the screen: the device's body, the canvas, its background and text.
    public static let canvas = ParameterGroup("Device frame and canvas", rank: 37, describesFrame: true)
    /// The clip's length (render and batch only).
    public static let timing = ParameterGroup("Timing", rank: 40, describesFrame: false)
    /// The encoder (render and batch only).
    public static let encoding = ParameterGroup("Encoding", rank: 50, describesFrame: false)
    /// App Store previews (render and batch only).
    public static let appPreview = ParameterGroup("App Store preview", rank: 60, describesFrame: false)

    /// The groups of `parameters`, in rank order.
    public static func of(_ parameters: [any AnyParameter]) -> [ParameterGroup] {
        var seen = Set<ParameterGroup>()
        return parameters.map(\.group).filter { seen.insert($0).inserted }.sorted { $0.rank < $1.rank }
    }
}

/// Where a parameter applies, beyond its group: every render, only some scenes, only
/// some notch-wave styles, or only some codecs. Giving it elsewhere is an error that says so.
public enum ParameterScope: Sendable, Equatable {
    case everywhere
    case scenes([String])
    case styles([String])
    case codecs([Codec])

    /// For help and the README ("smooth style", "h264, hevc").
    public var summary: String {
        switch self {
        case .everywhere: return "all"
        case let .scenes(names): return names.joined(separator: ", ")
        case let .styles(names): return names.joined(separator: ", ") + " style"
        case let .codecs(codecs): return codecs.map(\.rawValue).joined(separator: ", ")
        }
    }
}

/// A parameter without its value type: what help, the option tables and the readers
/// need (`Parameter` is the typed declaration).
public protocol AnyParameter: Sendable {
    /// The job-file key (`backdropStart`); scene and style options use their key as is.
    var key: String { get }
    /// The command-line spelling without dashes (`backdrop-start`, `no-cutout`).
    var flag: String { get }
    /// The placeholder in help (`SECONDS`); empty for a flag that takes no value.
    var valueName: String { get }
    /// One line of help.
    var help: String { get }
    /// The default as help shows it, if there is one.
    var defaultText: String? { get }
    var group: ParameterGroup { get }
    var scope: ParameterScope { get }
    /// True for a command-line switch without a value (`--loop`, `--no-cutout`).
    var isSwitch: Bool { get }
    /// The value `input` gives, checked against the declaration.
    func read(_ input: ParameterInput) throws(ParameterProblem) -> any ParameterValue
    /// What is wrong with `value` for this parameter, or nil.
    func problem(with value: any ParameterValue) -> String?
    /// Its value in `values` (the default when not given) as canonical JSON.
    func json(in values: ParameterValues) -> JSONOutput
    /// The values it takes when they are one of a list (`screen`, `bar`), else empty.
    var choices: [String] { get }
    /// What its value is, for help and the studio's panel ("a number", "a colour ...").
    var valueKind: String { get }
    /// The range a number must lie in, when it is declared with one.
    var bounds: ClosedRange<Double>? { get }
}

extension AnyParameter {
    /// The declaration as JSON (`parameters --json`, the studio's options panel): key,
    /// option, value name, help, default, group, where it applies, its kind, its choices
    /// and its range.
    public var declarationJSON: JSONOutput {
        .object([("key", .string(key)), ("option", .string("--\(flag)" + (isSwitch ? "" : " \(valueName)"))),
                 ("value", isSwitch ? .null : .string(valueName)), ("help", .string(help)),
                 ("default", defaultText.map { .string($0) } ?? .null), ("group", .string(group.title)),
                 ("appliesTo", .string(scope.summary)), ("switch", .bool(isSwitch)), ("kind", .string(valueKind)),
                 ("choices", .array(choices.map { .string($0) })),
                 ("minimum", bounds.map { .number($0.lowerBound) } ?? .null), ("maximum", bounds.map { .number($0.upperBound) } ?? .null)])
    }
}

/// A number range as doubles, for `bounds` (nil for values that are not numbers).
func doubleBounds<V>(_ range: ClosedRange<V>) -> ClosedRange<Double>? {
    func double(_ value: V) -> Double? { (value as? Double) ?? (value as? Int).map(Double.init) }
    guard let low = double(range.lowerBound), let high = double(range.upperBound), low <= high else { return nil }
    return low...high
}

/// One render parameter, declared once: its name on the command line and in job files,
/// its type, default, valid range or choices, help text and where it applies. The CLI's
/// options, the job-file reader, `--help`, `notchwave new job`, validation and the
/// README's option tables all derive from these declarations (`Parameters.all`).
///
/// Every parameter has a default, so reading one (`values[parameter]`) never needs a
/// fallback: a parameter whose default is "none" or depends on other values is declared
/// with an optional type (`Parameter<Double?>`, default nil) and `defaultText` says what
/// nil means.
public struct Parameter<Value: ParameterValue>: AnyParameter {
    public let key: String
    public let flag: String
    public let valueName: String
    public let help: String
    /// The default: what reading the parameter yields when it was not given.
    public let defaultValue: Value
    public let defaultText: String?
    public let group: ParameterGroup
    public let scope: ParameterScope
    public let isSwitch: Bool
    /// The range a number must lie in, when declared with one.
    public internal(set) var bounds: ClosedRange<Double>? = nil
    /// Checks a value; returns what is wrong, or nil.
    private let check: @Sendable (Value) -> String?

    /// A parameter. `flag` defaults to `key` in kebab case (`tenBit` → `ten-bit`);
    /// `defaultText` to the default's canonical spelling.
    public init(_ key: String, flag: String? = nil, _ valueName: String, _ help: String, default defaultValue: Value,
                defaultText: String? = nil, group: ParameterGroup, scope: ParameterScope = .everywhere,
                check: @escaping @Sendable (Value) -> String? = { _ in nil }) {
        self.key = key
        self.flag = flag ?? Parameters.kebabCase(key)
        self.valueName = valueName
        self.help = help
        self.defaultValue = defaultValue
        self.defaultText = defaultText ?? Parameters.describeDefault(defaultValue.json)
        self.group = group
        self.scope = scope
        self.isSwitch = false
        self.check = check
    }

    public func json(in values: ParameterValues) -> JSONOutput { values[self].json }
    public var choices: [String] { Value.choices }
    public var valueKind: String { Value.kind }

    public func read(_ input: ParameterInput) throws(ParameterProblem) -> any ParameterValue {
        try value(input)
    }

    public func problem(with value: any ParameterValue) -> String? {
        guard let typed = value as? Value else { return "expected \(Value.kind)" }
        return check(typed)
    }

    /// The typed value of `input`, checked.
    public func value(_ input: ParameterInput) throws(ParameterProblem) -> Value {
        let value = try Value.read(input)
        if let problem = check(value) { throw ParameterProblem(problem) }
        return value
    }
}

extension Parameter {
    /// A parameter with no default value (nil): `defaultText` says what its absence means.
    /// `check` sees the values given.
    public init<Wrapped>(_ key: String, flag: String? = nil, _ valueName: String, _ help: String, defaultText: String? = nil,
                         group: ParameterGroup, scope: ParameterScope = .everywhere,
                         check: @escaping @Sendable (Wrapped) -> String? = { _ in nil }) where Value == Wrapped? {
        self.init(key, flag: flag, valueName, help, default: nil, defaultText: defaultText, group: group, scope: scope) { value in
            value.flatMap(check)
        }
    }

    /// A number within `range` with no default value (nil).
    public init<Wrapped: Comparable>(_ key: String, flag: String? = nil, _ valueName: String, _ help: String, defaultText: String? = nil,
                                     in range: ClosedRange<Wrapped>, unit: String = "", group: ParameterGroup,
                                     scope: ParameterScope = .everywhere) where Value == Wrapped? {
        self.init(key, flag: flag, valueName, help, defaultText: defaultText, group: group, scope: scope,
                  check: Parameters.rangeCheck(range, unit: unit))
        bounds = doubleBounds(range)
    }
}

extension Parameter where Value == Bool {
    /// A switch: `--KEY` turns it on, or, when it is on by default, `--no-KEY` turns it off
    /// (job files write `"KEY": true|false`).
    /// `help` says what the switch does when on; `offHelp` what `--no-KEY` does.
    public init(switch key: String, _ help: String, default on: Bool = false, offHelp: String? = nil, group: ParameterGroup,
                scope: ParameterScope = .everywhere) {
        self.key = key
        self.flag = (on ? "no-" : "") + Parameters.kebabCase(key)
        self.valueName = ""
        self.help = on ? (offHelp ?? help) : help
        self.defaultValue = on
        self.defaultText = on ? "on" : "off"
        self.group = group
        self.scope = scope
        self.isSwitch = true
        self.check = { _ in nil }
    }

    /// The value the switch sets when given on the command line.
    public var switchValue: Bool { !defaultValue }
}

extension Parameter where Value: Comparable & ParameterValue {
    /// A number within `range` (`unit` follows the bounds in messages: "seconds").
    public init(_ key: String, flag: String? = nil, _ valueName: String, _ help: String, default defaultValue: Value,
                defaultText: String? = nil, in range: ClosedRange<Value>, unit: String = "", group: ParameterGroup,
                scope: ParameterScope = .everywhere) {
        self.init(key, flag: flag, valueName, help, default: defaultValue, defaultText: defaultText, group: group, scope: scope,
                  check: Parameters.rangeCheck(range, unit: unit))
        bounds = doubleBounds(range)
    }
}

extension Parameters {
    /// The check of a value against `range`: "12 is out of range (1 to 10 seconds)".
    public static func rangeCheck<V: Comparable & ParameterValue>(_ range: ClosedRange<V>, unit: String) -> @Sendable (V) -> String? {
        let bounds = "\(describe(range.lowerBound.json)) to \(describe(range.upperBound.json))" + (unit.isEmpty ? "" : " \(unit)")
        return { value in range.contains(value) ? nil : "\(describe(value.json)) is out of range (\(bounds))" }
    }

    /// A default as help shows it; nil for none (a nil optional, an empty option list).
    static func describeDefault(_ value: JSONOutput) -> String? {
        switch value {
        case .null: return nil
        case let .object(members) where members.isEmpty: return nil
        default: return describe(value)
        }
    }
}

/// A parameter's value that cannot be used, named the way the user wrote it: the flag
/// on the command line (`--fps`), the JSON path with line and column in a job file.
public struct ParameterError: Error, Sendable, Equatable, CustomStringConvertible, ExitCoded {
    /// `--fps`, `$.variants[1].fps (line 5, column 20)`.
    public var subject: String
    public var problem: String
    /// Where the value was written, when the error is about one value as written (nil for
    /// a combination of values or a value no one wrote).
    public var origin: ParameterSource?
    /// An error.
    public init(subject: String, problem: String, origin: ParameterSource? = nil) {
        self.subject = subject
        self.problem = problem
        self.origin = origin
    }

    /// True when the value is in a job file (its subject is its JSON path and position).
    public var isInJobFile: Bool {
        if case .jobFile? = origin { return true }
        return false
    }
    public var description: String { "\(subject): \(problem)" }
    /// A bad parameter is a usage error.
    public var exitCode: Int32 { ExitCodes.usage }
}
