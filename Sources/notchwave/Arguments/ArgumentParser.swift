import NotchwaveModel

/// A command-line option a command declares.
struct OptionSpec {
    enum Kind { case flag, value }
    /// Long name without dashes (`fps`).
    var name: String
    /// One-letter short name (`o`), if any.
    var short: Character?
    var kind: Kind
    /// The value's placeholder in help (`N`, `SECONDS`).
    var valueName: String
    /// One line of help; the default is part of it.
    var help: String
    /// May be given several times.
    var repeatable: Bool
    /// The help section it is listed under (nil: the command's own options).
    var section: String? = nil

    static func value(_ name: String, short: Character? = nil, _ valueName: String, _ help: String, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .value, valueName: valueName, help: help, repeatable: repeatable)
    }

    static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .flag, valueName: "", help: help, repeatable: false)
    }
}

/// A usage error: a bad invocation (exit code 64).
struct UsageError: Error, CustomStringConvertible, ExitCoded {
    var message: String
    var description: String { message }
    var exitCode: Int32 { ExitCodes.usage }
    init(_ message: String) { self.message = message }
}

/// The parsed command line of one command.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Parses `arguments` against `specs`: `--name value`, `--name=value`, `-o value`,
    /// flags, `--` ending options, and positionals.
    static func parse(_ arguments: [String], specs: [OptionSpec]) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var i = 0
        var onlyPositionals = false
        func spec(named name: String) -> OptionSpec? { specs.first { $0.name == name } }
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name: String
            var inlineValue: String? = nil
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                guard argument.count == 2, let letter = argument.dropFirst().first,
                      let match = specs.first(where: { $0.short == letter }) else {
                    if Double(argument) != nil { parsed.positionals.append(argument); continue }
                    throw UsageError("unknown option '\(argument)'")
                }
                name = match.name
            }
            guard let option = spec(named: name) else {
                let hint = EditDistance.hint(for: name, in: specs.map(\.name)) { "--\($0)" }
                throw UsageError("unknown option '--\(name)'\(hint)")
            }
            switch option.kind {
            case .flag:
                if inlineValue != nil { throw UsageError("--\(name) takes no value") }
                parsed.flags.insert(name)
            case .value:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard i < arguments.count else { throw UsageError("--\(name) needs a value (\(option.valueName))") }
                    value = arguments[i]
                    i += 1
                    if value.hasPrefix("--") { throw UsageError("--\(name) needs a value (\(option.valueName)), got '\(value)'") }
                }
                if !option.repeatable && parsed.values[name] != nil {
                    throw UsageError("--\(name) is given more than once")
                }
                parsed.values[name, default: []].append(value)
            }
        }
        return parsed
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    func string(_ name: String) -> String? { values[name]?.last }

    func strings(_ name: String) -> [String] { values[name] ?? [] }

    /// The whole number given for `name`; its range is the library's to check.
    func int(_ name: String) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard TextInput.decimal(text) != nil, let value = Int(text) else { throw UsageError("--\(name) expects a whole number, got '\(text)'") }
        return value
    }

    /// The number given for `name`; its range is the library's to check.
    func double(_ name: String) throws -> Double? {
        guard let text = string(name) else { return nil }
        guard let value = TextInput.decimal(text) else { throw UsageError("--\(name) expects a number, got '\(text)'") }
        return value
    }

    func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let value = try int(name) else { return nil }
        guard range.contains(value) else { throw UsageError("--\(name) \(value) is out of range (\(range.lowerBound) to \(range.upperBound))") }
        return value
    }

    func double(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let value = try double(name) else { return nil }
        guard range.contains(value) else {
            throw UsageError("--\(name) \(JSONOutput.formatNumber(value)) is out of range (\(JSONOutput.formatNumber(range.lowerBound)) to \(JSONOutput.formatNumber(range.upperBound)))")
        }
        return value
    }

    func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type) throws -> T? where T.RawValue == String {
        guard let text = string(name) else { return nil }
        guard let value = T(named: text) else { throw UsageError("--\(name) must be one of \(T.names), got '\(text)'") }
        return value
    }

    /// Fails when more positionals than `names` were given, or fewer than `required`.
    func checkPositionals(_ names: [String], required: Int) throws {
        if positionals.count > names.count {
            throw UsageError("unexpected argument '\(positionals[names.count])'")
        }
        if positionals.count < required {
            throw UsageError("missing \(names[positionals.count])")
        }
    }
}

