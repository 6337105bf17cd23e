import Foundation
import NotchwaveModel
import NotchwaveScene
import NotchwavePipeline

/// `notchwave render`: a video of the animation.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "render the animation to a video file (or raw RGBA frames)"
    static let usage = "render [options] [-o OUTPUT]"
    static let options: [OptionSpec] = [
        .value("output", short: "o", "OUTPUT", "Output: .mp4, .mov, .webm, .gif, .png (APNG), a directory or %05d.png pattern (PNG sequence), .rgba or - (raw RGBA on stdout) (default: notchwave.mp4)"),
    ] + RenderParameters.presetSpecs + RenderParameters.specs(ParameterGroup.of(Scenes.parameters)) + [
        .value("workers", "N", "Render threads (default: one per core)"),
        .flag("no-overwrite", "Fail instead of replacing an existing output"),
    ] + ProgressStyle.specs(showing: "frames, fps and time left") + [
        .flag("quiet", short: "q", "No progress and no closing line on stderr (--progress none, and quiet)"),
        .flag("json", "Print a JSON summary on stdout when done"),
    ]
    static let discussion = """
    Frame i shows time i / fps; a video of T seconds has round(T x fps) frames.
    The format follows the extension (--codec overrides it). --background transparent
    (or colours with alpha) needs a format with alpha: .webm (VP9), .mov (ProRes 4444),
    .png (APNG), .gif (1-bit), a PNG sequence or .rgba. GIFs default to 25 fps.
    The iPhone X is 1125 px wide: 4:2:0 formats need even sizes, so by default one
    column repeating the frame's last one is added on the right (--even crop drops one).
    The output is written to a temporary file beside it and renamed into place when
    complete; its directory is created when missing. On an error, Ctrl-C or SIGTERM
    nothing is left behind.

    Examples:
      notchwave render                                   # iphone-x, 3 s, 60 fps -> notchwave.mp4
      notchwave render --preset iphone-xr --stop 2 -o out/xr.mp4
      notchwave render --background transparent --region bar -o overlay.mov
      notchwave render --quality high --codec hevc -o hevc.mp4
      notchwave render --preset iphone-16-pro --backdrop screen.mov --profile app-preview --loop --poster 2 -o preview.mp4
      notchwave render --region bar -o - | ffplay -f rawvideo -pixel_format rgba -video_size 1125x90 -framerate 60 -
    """

    static func run(_ args: ParsedArguments, context: CommandContext) throws -> Int32 {
        try args.checkPositionals([], required: 0)
        let request = try RenderParameters.request(args)
        let workers = try args.int("workers", in: 1...256)
        let (plan, resolved) = try ResolvedOutput.resolve(request, preset: try RenderParameters.preset(args), output: args.string("output") ?? "notchwave.mp4",
                                                          library: try RenderParameters.library(args))
        let output = resolved.path
        if output == "-" && args.has("json") {
            throw UsageError("--json prints to stdout, which -o - fills with frames; give -o FILE")
        }
        if output == "-" && context.standardOutputIsTerminal {
            throw UsageError("refusing to write raw frames to a terminal; redirect stdout or give -o FILE")
        }
        let label = output == "-" ? "stdout" : (output as NSString).lastPathComponent
        let progress = try ProgressStyle.chosen(args, context: context).map { ProgressBar(label: label, onTerminal: $0.onTerminal, interval: $0.interval, origin: $0.origin) }
        var report: (@Sendable (Int, Int) -> Void)? = nil
        if let progress {
            report = { done, total in progress.update(done: done, total: total) }
        }
        let options = RenderOptions(workers: workers, noOverwrite: args.has("no-overwrite"), progress: report)
        let session = RenderSession(plan: plan, output: resolved, options: options)
        // The output's directory is made when missing (as batch makes its directory), and
        // removed again when the render writes nothing.
        let created = try OutputPath.makeParentDirectories(of: resolved)
        let result: RenderResult
        do {
            // The bar's line is ended on every way out, an error's message included.
            defer { progress?.finish() }
            result = try SignalHandling.withCancellation { token in try session.run(cancellation: token) }
        } catch {
            OutputPath.removeEmpty(created)
            throw error
        }
        if args.has("json") {
            print(result.json.rendered())
        } else if output != "-" && !args.has("quiet") {
            Terminal.error("wrote \(output): \(result.frames) frames, \(result.width)x\(result.height), \(formatBytes(result.bytes)) in \(String(format: "%.2f", result.wallTime)) s (\(String(format: "%.1f", result.framesPerSecond)) fps)")
        }
        return 0
    }
}

func formatBytes(_ n: Int) -> String {
    if n >= 1 << 20 { return String(format: "%.1f MB", Double(n) / 1_048_576) }
    if n >= 1 << 10 { return String(format: "%.1f KB", Double(n) / 1024) }
    return "\(n) B"
}

