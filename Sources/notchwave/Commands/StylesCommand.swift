import NotchwaveModel
import NotchwaveScene

/// `notchwave styles`: the notch waves' styles and their options.
enum StylesCommand: Command {
    static let name = "styles"
    static let summary = "list the notch waves' styles and the options each accepts (--style, --style-option)"
    static let usage = "styles [--json]"
    static let options: [OptionSpec] = [.flag("json", "JSON: each style's name, summary and options")]

    static func run(_ args: ParsedArguments, context: CommandContext) throws -> Int32 {
        try args.checkPositionals([], required: 0)
        if args.has("json") {
            print(JSONOutput.array(WaveStyles.all.map { style in
                .object([("name", .string(style.name)), ("summary", .string(style.summary)),
                         ("options", .array(style.options.map(ParametersCommand.json)))])
            }).rendered())
            return 0
        }
        var lines: [String] = []
        for style in WaveStyles.all {
            lines.append("\(style.name): \(style.summary)")
            lines += OptionLines.of(style.options, option: NotchWaves.styleOptions.flag)
            lines.append("")
        }
        let shared = Scenes.parameters(in: [NotchWaves.group]).filter { if case .styles = $0.scope { return false }; return true }
        lines.append("Every style takes " + shared.map { "--\($0.flag)" }.joined(separator: ", ") + "; "
                     + Scenes.parameters(in: [NotchWaves.group]).compactMap { p -> String? in
                         if case .styles = p.scope { return "--\(p.flag) belongs to the \(p.scope.summary)" }
                         return nil
                     }.joined(separator: "; ") + ".")
        print(lines.joined(separator: "\n"))
        return 0
    }
}

/// `notchwave scenes`: the scenes and their options.
enum ScenesCommand: Command {
    static let name = "scenes"
    static let summary = "list the scenes and the options each accepts (--scene, --scene-option)"
    static let usage = "scenes [NAME] [--json | --markdown]"
    static var positionalWords: [String] { Scenes.all.map { $0.name } }
    static let options: [OptionSpec] = [
        .flag("json", "JSON: each scene's name, summary, options and the render parameters that are its own"),
        .flag("markdown", "Markdown tables of what the scene takes (its own render parameters and options), as its page in the source shows them"),
    ]
    static let discussion = """
    NAME shows one scene only.

    Examples:
      notchwave scenes popup
      notchwave frame --scene liquid-swipe --scene-option right=0.4@300 -t 0 -o pose.png
      notchwave render --scene liquid-swipe --scene-option script=examples/liquid-swipe-tour.json -o tour.mp4
    """

    static func run(_ args: ParsedArguments, context: CommandContext) throws -> Int32 {
        try args.checkPositionals(["NAME"], required: 0)
        if args.has("json") && args.has("markdown") { throw UsageError("give --json or --markdown, not both") }
        var scenes = Scenes.all
        if let name = args.positionals.first {
            guard let scene = Scenes.all.first(where: { $0.name == name }) else {
                let names = Scenes.all.map { $0.name }
                throw UsageError("unknown scene '\(name)'\(EditDistance.hint(for: name, in: names)) (available: \(names.joined(separator: ", ")))")
            }
            scenes = [scene]
        }
        if args.has("markdown") {
            print(scenes.map { ParametersCommand.markdown(scene: $0) }.joined(separator: "\n"), terminator: "")
            return 0
        }
        if args.has("json") {
            print(JSONOutput.array(scenes.map { scene in
                .object([("name", .string(scene.name)), ("default", .bool(scene.name == Scenes.all[0].name)), ("summary", .string(scene.summary)),
                         ("options", .array(scene.options.map(ParametersCommand.json))),
                         ("parameters", .array(scene.parameters.map { .string(ParametersCommand.option($0)) }))])
            }).rendered())
            return 0
        }
        var lines: [String] = []
        for scene in scenes {
            lines.append("\(scene.name)\(scene.name == Scenes.all[0].name ? " (default)" : ""): \(scene.summary)")
            if scene.name == NotchWaves.name {
                let own = scene.parameters.filter { $0.key != NotchWaves.style.key && $0.key != NotchWaves.styleOptions.key }
                lines.append("    takes --style (see `notchwave styles`) and " + own.map { "--\($0.flag)" }.joined(separator: ", "))
            } else {
                lines += OptionLines.of(scene.options, option: Parameters.sceneOptions.flag)
                let own = scene.parameters
                if !own.isEmpty { lines.append("    also takes " + own.map { "--\($0.flag)" }.joined(separator: ", ")) }
            }
            lines.append("")
        }
        print(lines.joined(separator: "\n"), terminator: "")
        return 0
    }
}

/// Help lines for a scene's or style's options.
enum OptionLines {
    static func of(_ options: [any AnyParameter], option: String) -> [String] {
        guard !options.isEmpty else { return ["    (no options)"] }
        let lefts = options.map { "    --\(option) \($0.key)=\($0.valueName)" }
        let width = lefts.map(\.count).max() ?? 0
        return zip(lefts, options).map { left, parameter in
            left + String(repeating: " ", count: width - left.count + 2) + parameter.help + (parameter.defaultText.map { " (default: \($0))" } ?? "")
        }
    }
}
