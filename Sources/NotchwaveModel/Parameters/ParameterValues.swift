/// Where a value was written, so that messages name it the way the user wrote it.
public enum ParameterSource: Sendable, Equatable {
    /// On the command line (`--fps`, or `--scene-option page=...`).
    case commandLine
    /// In a job file, at a JSON path (`$.variants[1].fps`) and position.
    case jobFile(path: String, position: JSONPosition)
    /// Over a job file's values on the command line (`batch --set fps=30`).
    case override

    /// How a message names `parameter` given here: `--fps`, `--scene-option page`,
    /// `$.variants[1].fps (line 5, column 20)`.
    func subject(_ parameter: any AnyParameter, option: String?) -> String {
        switch self {
        case .commandLine: return option.map { "--\($0) \(parameter.key)" } ?? "--\(parameter.flag)"
        case let .jobFile(path, position): return "\(path) (\(position))"
        case .override: return "--set \(parameter.key)"
        }
    }
}

/// Parameter values as given, typed and checked, each with where it was written; reading
/// one that was not given yields its declared default. A render request, a job file's
/// defaults and variants, and a scene's or style's options are all `ParameterValues`.
public struct ParameterValues: Sendable, Equatable {
    struct Slot: Sendable {
        var parameter: any AnyParameter
        var value: any ParameterValue
        var source: ParameterSource
    }

    private var slots: [String: Slot] = [:]
    /// Values that could not be read (kept so that a job's bad value fails only the
    /// outputs that use it), by key: the error and the value as written.
    private var invalid: [String: (error: ParameterError, raw: JSONOutput)] = [:]
    /// For option bags: the option that carries them on the command line (`scene-option`),
    /// so that messages say `--scene-option page`.
    public var option: String?
    /// The directory relative file names are relative to (a job file's); nil for the
    /// working directory.
    public var baseDirectory: String?
    /// The job file the values were read from (nil for the command line), for messages
    /// raised after the values are resolved, away from the job file's own checks.
    public var sourceFile: String?

    /// No values given.
    public init(option: String? = nil, baseDirectory: String? = nil) {
        self.option = option
        self.baseDirectory = baseDirectory
    }

    /// The file name given for `parameter`, relative to `baseDirectory` when it is relative.
    public func file(_ parameter: Parameter<String?>) -> String? { self[parameter].map(file) }

    /// The input file `parameter` names (relative to `baseDirectory`), checked as
    /// `InputPath` checks every input before it is opened: an empty name, a missing file
    /// or one that is not a regular file is an error named where the value was written
    /// (`--backdrop`, or a job file's JSON path), so that a batch's dry run reports it and
    /// its failed output says which entry of the job file to fix.
    public func inputFile(_ parameter: Parameter<String?>) throws(ParameterError) -> String? {
        guard let name = self[parameter] else { return nil }
        let path = file(name)
        if let problem = InputPath.problem(path) { throw error(parameter, name.isEmpty ? problem.description : "\(name): \(problem)") }
        return path
    }

    /// The file `name` names: relative to `baseDirectory` when it is relative.
    public func file(_ name: String) -> String {
        guard let baseDirectory, !baseDirectory.isEmpty, !name.isEmpty, !name.hasPrefix("/") else { return name }
        return baseDirectory.hasSuffix("/") ? baseDirectory + name : baseDirectory + "/" + name
    }

    /// The value given for `parameter`, or its declared default. Setting a value (the
    /// library's callers, tests) records it as given on the command line; setting an
    /// optional parameter to nil removes it.
    public subscript<V>(_ parameter: Parameter<V>) -> V {
        get { (slots[parameter.key]?.value as? V) ?? parameter.defaultValue }
        set {
            if case .null = newValue.json {
                slots[parameter.key] = nil
            } else {
                slots[parameter.key] = Slot(parameter: parameter, value: newValue, source: .commandLine)
            }
            invalid[parameter.key] = nil
        }
    }

    /// Forgets the value given for `parameter` (reading it yields its default again).
    public mutating func remove(_ parameter: any AnyParameter) {
        slots[parameter.key] = nil
        invalid[parameter.key] = nil
    }

    /// The value given for `parameter`, with no default.
    public func given<V>(_ parameter: Parameter<V>) -> V? { slots[parameter.key]?.value as? V }

    /// The value given for an optional `parameter` (nil when it was not given).
    public func given<V>(_ parameter: Parameter<V?>) -> V? { (slots[parameter.key]?.value as? V?) ?? nil }

    /// True when a value was given for `parameter`.
    public func isGiven(_ parameter: any AnyParameter) -> Bool { slots[parameter.key] != nil }

    /// The keys given, sorted.
    public var givenKeys: [String] { slots.keys.sorted() }

    /// The parameters given, in key order.
    public var givenParameters: [any AnyParameter] { givenKeys.compactMap { slots[$0]?.parameter } }

    /// Reads `input` for `parameter` and sets it; a bad value is an error naming it as written.
    public mutating func set(_ input: ParameterInput, for parameter: any AnyParameter, from source: ParameterSource) throws(ParameterError) {
        do {
            let value = try parameter.read(input)
            slots[parameter.key] = Slot(parameter: parameter, value: value, source: source)
            invalid[parameter.key] = nil
        } catch {
            throw ParameterError(subject: source.subject(parameter, option: option), problem: error.message, origin: source)
        }
    }

    /// Like `set`, but a value that cannot be read is kept as invalid: `validate()` (and so
    /// resolving) reports it, while the values can still be listed and hashed.
    public mutating func setOrKeepInvalid(_ input: ParameterInput, for parameter: any AnyParameter, from source: ParameterSource) {
        do {
            try set(input, for: parameter, from: source)
        } catch {
            slots[parameter.key] = nil
            let raw: JSONOutput
            switch input {
            case let .text(text): raw = .string(text)
            case let .json(node): raw = node.output
            }
            invalid[parameter.key] = (error, raw)
        }
    }

    /// Sets a typed value directly (the library's callers, tests).
    public mutating func set<V>(_ value: V, for parameter: Parameter<V>, from source: ParameterSource = .commandLine) {
        self[parameter] = value
        if slots[parameter.key] != nil { slots[parameter.key]?.source = source }
    }

    /// Where the value for `parameter` was written (nil when it was not given).
    public func source(of parameter: any AnyParameter) -> ParameterSource? { slots[parameter.key]?.source }

    /// What is wrong with the value given for `parameter`, or nil.
    func problem(of parameter: any AnyParameter) -> String? {
        slots[parameter.key].flatMap { parameter.problem(with: $0.value) }
    }

    /// How messages name `parameter`: as the user wrote it, or its flag when it was not given.
    public func subject(_ parameter: any AnyParameter) -> String {
        (slots[parameter.key]?.source ?? .commandLine).subject(parameter, option: option)
    }

    /// How a message raised after resolving names `parameter`: its subject, after the job
    /// file's name when it was written in one (`job.json: $.variants[1].backdrop (...)`).
    public func fullSubject(_ parameter: any AnyParameter) -> String {
        if case .jobFile? = slots[parameter.key]?.source, let sourceFile { return "\(sourceFile): \(subject(parameter))" }
        return subject(parameter)
    }

    /// How a message mentions `parameter` (with `value`) to a user who wrote `context`:
    /// `--fps 30` to a command-line user, `"fps": 30` to a job file's.
    public func mention(_ parameter: any AnyParameter, _ value: String? = nil, to context: any AnyParameter) -> String {
        if case .jobFile? = slots[context.key]?.source {
            return "\"\(parameter.key)\"" + (value.map { ": \($0)" } ?? "")
        }
        if case .override? = slots[context.key]?.source {
            return "--set \(parameter.key)" + (value.map { "=\($0)" } ?? "")
        }
        return "--\(parameter.flag)" + (value.map { " \($0)" } ?? "")
    }

    /// An error about `parameter`, named as written.
    public func error(_ parameter: any AnyParameter, _ problem: String) -> ParameterError {
        ParameterError(subject: subject(parameter), problem: problem, origin: slots[parameter.key]?.source)
    }

    /// The values with `parameters` left out (as if not given).
    public func removing(_ parameters: [any AnyParameter]) -> ParameterValues {
        var copy = self
        for parameter in parameters {
            copy.slots[parameter.key] = nil
            copy.invalid[parameter.key] = nil
        }
        return copy
    }

    /// `self` with every value `other` gives replaced by `other`'s.
    public func overridden(by other: ParameterValues) -> ParameterValues {
        var merged = self
        for (key, slot) in other.slots { merged.slots[key] = slot; merged.invalid[key] = nil }
        for (key, bad) in other.invalid { merged.invalid[key] = bad; merged.slots[key] = nil }
        return merged
    }

    /// The values given, as canonical JSON with sorted keys (manifests, parameter hashes).
    public var json: JSONOutput {
        let keys = Set(slots.keys).union(invalid.keys).sorted()
        return .object(keys.compactMap { key in (slots[key]?.value.json ?? invalid[key]?.raw).map { (key, $0) } })
    }

    /// The first value that could not be read, in key order.
    public var firstInvalid: ParameterError? { invalid.keys.sorted().first.flatMap { invalid[$0]?.error } }

    public static func == (a: ParameterValues, b: ParameterValues) -> Bool {
        a.option == b.option && a.json == b.json
    }
}
