import Foundation
import NotchwaveModel
import NotchwaveScene
import NotchwavePipeline

/// `notchwave new job`: a commented example job file.
enum NewCommand: Command {
    static let name = "new"
    static let summary = "write a commented example job file for `notchwave batch`"
    static let usage = "new job [PATH] [--no-overwrite] (default: job.json; - for stdout)"
    static let positionalWords = ["job"]
    static let options: [OptionSpec] = [.flag("no-overwrite", "Fail instead of replacing an existing file")]

    static var example: String { """
    // A notchwave batch job: the batch is every combination of presets, styles, formats
    // and variants. Render it with `notchwave batch job.json -o out/job`.
    // Comments (// and /* */) are allowed; everything else is JSON.
    {
      // "all", a list of ids (`notchwave presets`), or a filter on cutout kind and family.
      "presets": ["iphone-x", "iphone-15-pro", "iphone-se-3"],
      // "presets": {"kind": "island", "family": "iphone"},

      // Wave styles: "sharp" (the seed RainbowBar) and "smooth" (`notchwave styles`).
      "styles": ["sharp", "smooth"],

      // File extensions, or {"ext": ..., "codec": ..., "name": ...} for another codec.
      "formats": ["mp4", {"ext": "webm", "name": "webm"}],

      // Parameter variants: each has a name (for {variant}) and any of the parameters
      // below, "locales" and "layout"; a variant's values override the defaults. (Those
      // keys may be written at the top level too, as if in "defaults"; the keys of this
      // file's structure, presets to output, only here.)
      "variants": [
        {"name": "light"},
        {"name": "dark", "appearance": "dark"},
        {"name": "brand", "colors": ["#FF2D55", "#AF52DE", "#5856D6"], "background": "#F2F2F7"}
      ],

    \(parameterComment)
      "defaults": {"duration": 3, "fps": 60, "quality": "draft"},

      // Options of a style, by style name (`notchwave styles`).
      "styleOptions": {"smooth": {"middle-stop": 0.2}},

      // Output paths inside the output directory. Placeholders: {preset}, {style},
      // {variant}, {format}, {ext}, {codec}, {appearance}, {fps}, {duration}.
      "output": "{preset}/{style}-{variant}.{ext}"
    }

    """ }

    /// The comment listing every job-file parameter (from the registry), wrapped.
    static var parameterComment: String {
        var lines: [String] = []
        var line = "  // Parameters for every output (`notchwave parameters` says what each takes):"
        for (index, parameter) in Scenes.parameters.enumerated() {
            let word = " " + parameter.key + (index == Scenes.parameters.count - 1 ? "." : ",")
            if line.count + word.count > 92 {
                lines.append(line)
                line = "  //"
            }
            line += word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    static func run(_ args: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard args.positionals.first == "job" else { throw UsageError("expected `notchwave new job [PATH]`") }
        try args.checkPositionals(["job", "PATH"], required: 1)
        let path = args.positionals.count > 1 ? args.positionals[1] : "job.json"
        if path == "-" {
            print(example, terminator: "")
            return 0
        }
        // Like every command that writes: replaced unless --no-overwrite, and the
        // directory made when missing.
        let target = OutputPath(path)
        let existed = FileManager.default.fileExists(atPath: target.path)
        let created = try target.makeParentDirectories()
        do {
            try AtomicOutputFile.write(Array(example.utf8), to: target.path, noOverwrite: args.has("no-overwrite"))
        } catch {
            OutputPath.removeEmpty(created)
            throw error
        }
        Terminal.error("\(existed ? "replaced" : "wrote") \(path); render it with `notchwave batch \(path)`")
        return 0
    }
}
