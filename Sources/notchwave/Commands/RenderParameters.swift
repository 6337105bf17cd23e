import Foundation
import NotchwavePipeline
import NotchwaveModel
import NotchwaveScene

/// The render parameters on the command line: their options are derived from the
/// registry (`Scenes.parameters`), and so are their help lines and the reading of their values.
enum RenderParameters {
    /// The device options (not render parameters: a job file lists its presets instead).
    static let presetSpecs: [OptionSpec] = [
        .value("preset", "ID", "Device preset id or alias (default: iphone-x); see `notchwave presets`"),
        .value("preset-file", "PATH", "A preset JSON file of your own instead of --preset"),
        presetsSpec,
    ]

    /// `--presets DIR`: the user's presets, merged over the built-in ones.
    static let presetsSpec = OptionSpec.value("presets", "DIR", "A folder of your own preset JSON files, merged over the built-in presets (yours win by id; default: $NOTCHWAVE_PRESETS)")

    /// The presets: the built-in ones with `--presets DIR` (or `$NOTCHWAVE_PRESETS`) over them.
    static func library(_ args: ParsedArguments) throws -> PresetLibrary {
        try PresetLibrary.standard(option: args.string("presets"))
    }

    /// The options of the parameters in `groups`, in registry order.
    static func specs(_ groups: [ParameterGroup]) -> [OptionSpec] {
        Scenes.parameters(in: groups).map(OptionSpec.init(parameter:))
    }

    /// Loads the preset named by `--preset` / `--preset-file` (default iphone-x).
    static func preset(_ args: ParsedArguments) throws -> Preset {
        if let file = args.string("preset-file") {
            if args.string("preset") != nil { throw UsageError("give either --preset or --preset-file, not both") }
            return try PresetLibrary.load(file: file)
        }
        return try library(args).preset(named: args.string("preset") ?? "iphone-x")
    }

    /// The values of every render parameter given on the command line, read and checked
    /// against its declaration (errors name the flag).
    static func request(_ args: ParsedArguments) throws -> RenderRequest {
        var request = RenderRequest()
        for parameter in Scenes.parameters {
            if parameter.isSwitch {
                guard args.has(parameter.flag) else { continue }
                try request.set(.text(parameter.flag.hasPrefix("no-") ? "false" : "true"), for: parameter, from: .commandLine)
                continue
            }
            let texts = args.strings(parameter.flag)
            guard !texts.isEmpty else { continue }
            if let options = parameter as? Parameter<OptionList> {
                // Repeatable KEY=VALUE options gather into one list.
                var list = OptionList()
                for text in texts {
                    do {
                        list = list.appending(try options.value(.text(text)))
                    } catch {
                        throw ParameterError(subject: "--\(parameter.flag)", problem: error.message)
                    }
                }
                request.set(list, for: options)
                continue
            }
            try request.set(.text(texts[texts.count - 1]), for: parameter, from: .commandLine)
        }
        return request
    }

    /// The plan for an output named `output` (its format may set defaults, such as GIF's
    /// frame rate).
    static func plan(_ args: ParsedArguments, request: RenderRequest, output: OutputPath) throws -> RenderPlan {
        try RenderSession.plan(request, preset: try preset(args), outputExtension: output.fileExtension, library: try library(args))
    }
}

extension OptionSpec {
    /// The option of a render parameter: its flag, value name and help with the default.
    init(parameter: any AnyParameter) {
        let help = parameter.help + (parameter.defaultText.map { parameter.isSwitch ? "" : " (default: \($0))" } ?? "")
        self.init(name: parameter.flag, short: nil, kind: parameter.isSwitch ? .flag : .value, valueName: parameter.valueName,
                  help: help, repeatable: parameter is Parameter<OptionList>, section: parameter.group.title)
    }
}
