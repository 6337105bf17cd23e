import NotchwaveModel
import NotchwaveScene

/// `notchwave parameters`: every render parameter, from the registry: its command-line
/// option, job-file key, default and what it takes; `--markdown` prints the usage guide's
/// tables (`make readme` writes them, a test checks they match).
enum ParametersCommand: Command {
    static let name = "parameters"
    static let summary = "list every render parameter: option, job-file key, default, where it applies (--markdown: the tables of docs/usage.md)"
    static let usage = "parameters [--markdown | --json]"
    static let options: [OptionSpec] = [
        .flag("markdown", "Markdown tables, as in docs/usage.md"),
        .flag("json", "JSON: every parameter, and each scene's and style's options"),
    ]

    static func run(_ args: ParsedArguments, context: CommandContext) throws -> Int32 {
        try args.checkPositionals([], required: 0)
        if args.has("markdown") && args.has("json") { throw UsageError("give --markdown or --json, not both") }
        if args.has("json") {
            let owners = { (list: [(String, [any AnyParameter])]) in JSONOutput.object(list.map { ($0.0, .array($0.1.map(json))) }) }
            print(JSONOutput.object([
                ("parameters", .array(Scenes.parameters.map(json))),
                ("sceneOptions", owners(Scenes.all.map { ($0.name, $0.options) })),
                ("styleOptions", owners(WaveStyles.all.map { ($0.name, $0.options) })),
            ]).rendered())
            return 0
        }
        print(args.has("markdown") ? markdown() : text(), terminator: "")
        return 0
    }

    /// A parameter as `--json` gives it: its job-file key, option, value placeholder,
    /// help, default, group and where it applies.
    static func json(_ p: any AnyParameter) -> JSONOutput { p.declarationJSON }

    /// The option as help writes it: `--fps N`, `--no-cutout`.
    static func option(_ p: any AnyParameter) -> String { "--\(p.flag)" + (p.isSwitch ? "" : " \(p.valueName)") }

    static func text() -> String {
        var out = ""
        for group in ParameterGroup.of(Scenes.parameters) {
            out += "\(group.title):\n"
            for p in Scenes.parameters(in: [group]) {
                out += "  \(option(p))  [\(p.key)]  \(p.help)" + (p.defaultText.map { " (default: \($0))" } ?? "")
                    + (p.scope == .everywhere ? "" : " — \(p.scope.summary)") + "\n"
            }
            out += "\n"
        }
        return out
    }

    /// One table per group, then one per scene's and style's options.
    static func markdown() -> String {
        var out = ""
        for group in ParameterGroup.of(Scenes.parameters) {
            out += "**\(group.title)**\n\n" + parameterTable(Scenes.parameters(in: [group]))
        }
        for scene in Scenes.all { out += optionTables(scene) }
        return out
    }

    /// The render parameters `parameters` as a Markdown table.
    static func parameterTable(_ parameters: [any AnyParameter]) -> String {
        var out = "| option | job-file key | default | meaning | applies to |\n| --- | --- | --- | --- | --- |\n"
        for p in parameters {
            out += "| `\(cell(option(p)))` | `\(p.key)` | \(cell(p.defaultText ?? "—")) | \(cell(p.help)) | \(cell(p.scope.summary)) |\n"
        }
        return out + "\n"
    }

    /// Tables of `scene`'s own options (`--scene-option`) and, for the notch waves, of
    /// their styles' (`--style-option`).
    static func optionTables(_ scene: any SceneKind.Type) -> String {
        var owners: [(String, String, String, [any AnyParameter])] = []
        if !scene.options.isEmpty { owners.append(("Scene `\(scene.name)`", Parameters.sceneOptions.flag, Parameters.sceneOptions.key, scene.options)) }
        if scene.name == NotchWaves.name {
            owners += WaveStyles.all.filter { !$0.options.isEmpty }
                .map { ("Style `\($0.name)`", NotchWaves.styleOptions.flag, NotchWaves.styleOptions.key, $0.options) }
        }
        var out = ""
        for (title, flag, key, options) in owners {
            out += "**\(title)** (`--\(flag) KEY=VALUE`; in job files `\(key)`)\n\n"
            out += "| key | value | default | meaning |\n| --- | --- | --- | --- |\n"
            for p in options {
                out += "| `\(p.key)` | `\(cell(p.valueName))` | \(cell(p.defaultText ?? "—")) | \(cell(p.help)) |\n"
            }
            out += "\n"
        }
        return out
    }

    /// Everything one scene takes, for its own page: its render parameters and its options.
    static func markdown(scene: any SceneKind.Type) -> String {
        let own = scene.parameters.filter { $0.key != NotchWaves.styleOptions.key }
        let text = (own.isEmpty ? "" : "**Render parameters of its own**\n\n" + parameterTable(own)) + optionTables(scene)
        return text.isEmpty ? "The `\(scene.name)` scene takes no options and no render parameters of its own.\n" : text
    }

    private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
