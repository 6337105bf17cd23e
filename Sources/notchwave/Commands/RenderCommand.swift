import Foundation
import NotchwaveModel
import NotchwavePipeline

/// `notchwave render`: a video of the animation.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "render the animation to a video file (or raw RGBA frames)"
    static let usage = "render [options] [-o OUTPUT]"
    static let options: [OptionSpec] = [
        .value("output", short: "o", "OUTPUT", "Output: .mp4, .mov, .webm, .gif, .png (APNG), a directory or %05d.png pattern (PNG sequence), .rgba or - (raw RGBA on stdout) (default: notchwave.mp4)"),
    ] + AnimationOptions.specs + [
        .value("duration", "SECONDS", "Video length (default: 3, or stop + period x waves + hold with --stop)"),
        .value("hold", "SECONDS", "With --stop: extra time on the final frame (default: 0)"),
        .value("loops", "N", "With --loop: how many loops (default: 1)"),
        .value("even", "pad|crop", "Odd frame sizes for codecs that need even ones: pad one column/row of the outside colour, or crop one (default: pad)"),
        .value("codec", "NAME", "h264, hevc, av1 (.mp4); prores, h264, hevc (.mov); vp9, av1 (.webm); gif; apng; png (sequence) (default: from the extension)"),
        .value("quality", "LEVEL", "draft, standard (default), high or lossless (mapping per codec in the README)"),
        .value("crf", "N", "Constant rate factor (h264/hevc 0-51, vp9/av1 0-63), overriding --quality"),
        .value("bitrate", "RATE", "Target bit rate (4M, 800k) instead of constant quality"),
        .value("speed", "PRESET", "Encoder speed: ultrafast ... veryslow (x264/x265 names; mapped for vp9/av1)"),
        .flag("ten-bit", "10-bit output (hevc)"),
        .value("dither", "METHOD", "GIF dithering: none, bayer, floyd_steinberg, sierra2, sierra2_4a (default)"),
        .value("profile", "NAME", "app-preview: a file App Store Connect accepts as an app preview (resolution of the device's class, <= 30 fps, H.264 High <= 4.0, 10-12 Mbit/s, stereo AAC, 15-30 s)"),
        .value("audio", "FILE", "With --profile app-preview: the sound track, trimmed or padded to the video (default: silence)"),
        .value("poster", "SECONDS", "With --profile app-preview: also write the frame at this time as NAME-poster.png"),
        .flag("landscape", "With --profile app-preview: a landscape preview (1920x886, ...), the phone turned counter-clockwise; a backdrop is a landscape picture"),
        .value("workers", "N", "Render threads (default: one per core)"),
        .flag("no-overwrite", "Fail instead of replacing an existing output"),
        .flag("quiet", short: "q", "No progress on stderr"),
        .flag("json", "Print a JSON summary on stdout when done"),
    ]
    static let discussion = """
    Frame i shows time i / fps; a video of T seconds has round(T x fps) frames.
    The format follows the extension (--codec overrides it). --background transparent
    (or colours with alpha) needs a format with alpha: .webm (VP9), .mov (ProRes 4444),
    .png (APNG), .gif (1-bit), a PNG sequence or .rgba. GIFs default to 25 fps.
    The iPhone X is 1125 px wide: 4:2:0 formats need even sizes, so by default one
    column of the frame's outside colour is added on the right (--even crop drops one).
    The output is written to a temporary file beside it and renamed into place when
    complete; on an error, Ctrl-C or SIGTERM nothing is left behind.

    Examples:
      notchwave render                                   # iphone-x, 3 s, 60 fps -> notchwave.mp4
      notchwave render --preset iphone-xr --stop 2 -o out/xr.mp4
      notchwave render --background transparent --region bar -o overlay.mov
      notchwave render --quality high --codec hevc -o hevc.mp4
      notchwave render --preset iphone-16-pro --backdrop screen.mov --profile app-preview --loop --poster 2 -o preview.mp4
      notchwave render --region bar -o - | ffplay -f rawvideo -pixel_format rgba -video_size 1125x90 -
    """

    static func run(_ args: ParsedArguments, context: CommandContext) throws -> Int32 {
        try args.checkPositionals([], required: 0)
        var request = try AnimationOptions.request(args)
        request.duration = try args.double("duration")
        request.hold = try args.double("hold")
        request.loops = try args.int("loops")
        request.evenSizePolicy = try args.choice("even", EvenSizePolicy.self)
        // Codec options are checked against the output's codec by the library.
        let encode = EncodeRequest(codec: args.string("codec")?.lowercased(), quality: try args.choice("quality", Quality.self),
                                   crf: try args.int("crf"), bitrate: args.string("bitrate"), speed: args.string("speed"),
                                   tenBit: args.has("ten-bit"), dither: args.string("dither"))
        let workers = try args.int("workers", in: 1...256)
        let output = OutputPath.normalized(args.string("output") ?? "notchwave.mp4")
        let profile = args.string("profile")
        if let profile, profile != "app-preview" { throw UsageError("--profile: unknown profile '\(profile)' (available: app-preview)") }
        if profile == nil, let option = ["audio", "poster"].first(where: { args.string($0) != nil }) ?? (args.has("landscape") ? "landscape" : nil) {
            throw UsageError("--\(option) belongs to --profile app-preview")
        }
        if profile != nil {
            request.appPreview = AppPreviewRequest(audio: args.string("audio"), poster: try args.double("poster"), landscape: args.has("landscape"))
        }
        let plan = try AnimationOptions.plan(args, request: request, output: output)
        if output == "-" && args.has("json") {
            throw UsageError("--json prints to stdout, which -o - fills with frames; give -o FILE")
        }
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

