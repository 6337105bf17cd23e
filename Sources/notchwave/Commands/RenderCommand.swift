import Foundation
import NotchwaveModel
import NotchwavePipeline

/// `notchwave render`: a video of the animation.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "render the animation to a video file (or raw RGBA frames)"
    static let usage = "render [options] [-o OUTPUT]"
    static let options: [OptionSpec] = [
        .value("output", short: "o", "OUTPUT", "Output file: .mp4 (H.264), .rgba or - (raw RGBA on stdout) (default: notchwave.mp4)"),
    ] + AnimationOptions.specs + [
        .value("duration", "SECONDS", "Video length (default: 3, or stop + period x waves + hold with --stop)"),
        .value("hold", "SECONDS", "With --stop: extra time on the final frame (default: 0)"),
        .value("even", "pad|crop", "Odd frame sizes for codecs that need even ones: pad one column/row of the outside colour, or crop one (default: pad)"),
        .value("codec", "NAME", "Codec: h264 (default for .mp4)"),
        .value("quality", "LEVEL", "draft, standard (default), high or lossless"),
        .value("crf", "N", "Constant rate factor 0-51, overriding --quality"),
        .value("speed", "PRESET", "Encoder speed preset: ultrafast ... veryslow (default: from --quality)"),
        .value("workers", "N", "Render threads (default: one per core)"),
        .flag("no-overwrite", "Fail instead of replacing an existing output"),
        .flag("quiet", short: "q", "No progress on stderr"),
        .flag("json", "Print a JSON summary on stdout when done"),
    ]
    static let discussion = """
    Frame i shows time i / fps; a video of T seconds has round(T x fps) frames.
    The iPhone X is 1125 px wide: H.264 (yuv420p) needs even sizes, so by default one
    column of the frame's outside colour is added on the right (--even crop drops one).
    The output is written to a temporary file beside it and renamed into place when
    complete; on an error, Ctrl-C or SIGTERM nothing is left behind.

    Examples:
      notchwave render                                   # iphone-x, 3 s, 60 fps -> notchwave.mp4
      notchwave render --preset iphone-xr --stop 2 -o out/xr.mp4
      notchwave render --region bar -o - | ffplay -f rawvideo -pixel_format rgba -video_size 1125x90 -
    """

    static func run(_ args: ParsedArguments, context: CommandContext) throws -> Int32 {
        try args.checkPositionals([], required: 0)
        var request = try AnimationOptions.request(args)
        request.duration = try args.double("duration", in: 0.001...3600)
        request.hold = try args.double("hold", in: 0...3600)
        request.evenSizePolicy = try args.choice("even", EvenSizePolicy.self)
        var encode = EncodeRequest()
        encode.codec = args.string("codec")?.lowercased()
        encode.quality = try args.choice("quality", Quality.self)
        encode.crf = try args.int("crf", in: 0...51)
        if let speed = args.string("speed") {
            guard EncodeRequest.speedPresets.contains(speed) else {
                throw UsageError("--speed must be one of \(EncodeRequest.speedPresets.joined(separator: ", ")), got '\(speed)'")
            }
            encode.speed = speed
        }
        let workers = try args.int("workers", in: 1...256)
        let plan = try AnimationOptions.plan(args, request: request)
        let output = args.string("output") ?? "notchwave.mp4"
        if output == "-" && context.standardOutputIsTerminal {
            throw UsageError("refusing to write raw frames to a terminal; redirect stdout or give -o FILE")
        }
        let quiet = args.has("quiet") || !context.standardErrorIsTerminal
        let progress = quiet ? nil : ProgressBar(label: output == "-" ? "stdout" : (output as NSString).lastPathComponent)
        var report: (@Sendable (Int, Int) -> Void)? = nil
        if let progress {
            report = { done, total in progress.update(done: done, total: total) }
        }
        let options = RenderOptions(workers: workers, noOverwrite: args.has("no-overwrite"), progress: report)
        let session = RenderSession(plan: plan, output: output, encode: encode, options: options)
        let result = try SignalHandling.withCancellation { token in try session.run(cancellation: token) }
        progress?.finish()
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
