import Foundation
import NotchwaveModel
import NotchwaveScene
import NotchwavePipeline

/// `notchwave frame`: one frame as a PNG or raw RGBA.
enum FrameCommand: Command {
    static let name = "frame"
    static let summary = "render the frame at one time as a PNG or raw straight RGBA"
    static let usage = "frame --time SECONDS [options] -o OUTPUT.png|OUTPUT.rgba|-"
    static let options: [OptionSpec] = [
        .value("time", short: "t", "SECONDS", "The time the frame shows (required)"),
        .value("output", short: "o", "OUTPUT", "A .png file, a .rgba file, or - for raw RGBA on stdout (required)"),
    ] + RenderParameters.presetSpecs + RenderParameters.specs(ParameterGroup.of(Scenes.parameters).filter(\.describesFrame)) + [
        .flag("no-overwrite", "Fail instead of replacing an existing output"),
        .flag("quiet", short: "q", "No line on stderr when the frame is written"),
        .flag("json", "Print a JSON summary on stdout when done (with a canvas, each device's screen rectangle)"),
    ]
    static let discussion = """
    The frame has the preset's exact pixel size, or with a device frame or a canvas the
    canvas's (no even-size padding); PNGs are written
    with libavcodec's PNG encoder, raw output is straight (un-premultiplied) RGBA8, rows
    top to bottom.

    Example:
      notchwave frame --time 0.5 --preset iphone-x -o frame.png
      notchwave frame -t 1.2 --preset iphone-16-pro --frame device --canvas portrait -o framed.png
    """

    static func run(_ args: ParsedArguments, context: CommandContext) throws -> Int32 {
        try args.checkPositionals([], required: 0)
        guard let time = try args.double("time", in: 0...3600) else { throw UsageError("missing --time SECONDS") }
        guard let output = args.string("output").map(OutputPath.init) else { throw UsageError("missing -o OUTPUT (.png, .rgba or -)") }
        if output.isStandardOutput && context.standardOutputIsTerminal {
            throw UsageError("refusing to write raw RGBA to a terminal; redirect stdout or give -o FILE")
        }
        if output.isStandardOutput && args.has("json") {
            throw UsageError("--json prints to stdout, which -o - fills with the frame; give -o FILE")
        }
        let plan = try RenderParameters.plan(args, request: try RenderParameters.request(args), output: output)
        let created = try output.makeParentDirectories()
        let bytes: Int
        do {
            bytes = try FrameExport.write(plan: plan, time: time, output: output, noOverwrite: args.has("no-overwrite"))
        } catch {
            OutputPath.removeEmpty(created)
            throw error
        }
        if args.has("json") {
            let summary: [(String, JSONOutput)] = [("output", .string(output.description)), ("time", .number(time)),
                                                   ("width", .number(Double(plan.outputWidth))), ("height", .number(Double(plan.outputHeight))),
                                                   ("size", .number(Double(bytes)))]
            print(JSONOutput.object(summary + (plan.framing.map { [("devices", $0.json)] } ?? [])).rendered())
        }
        if !output.isStandardOutput && !args.has("quiet") {
            Terminal.error("wrote \(output): the frame at \(Parameters.describe(.number(time))) s, \(plan.outputWidth)x\(plan.outputHeight), \(formatBytes(bytes))")
        }
        return 0
    }
}
