import Foundation
import NotchwaveScene
import NotchwavePipeline
import NotchwaveModel

/// The options `render` and `frame` share: the preset and the animation.
enum AnimationOptions {
    static let specs: [OptionSpec] = [
        .value("preset", "ID", "Device preset id or alias (default: iphone-x); see `notchwave presets`"),
        .value("preset-file", "PATH", "A preset JSON file of your own instead of --preset"),
        .value("style", "NAME", "Wave style: sharp (default) or smooth; see `notchwave styles`"),
        .value("style-option", "KEY=VALUE", "A style's own option (repeatable); see `notchwave styles`", repeatable: true),
        .value("easing", "CURVE", "Timing curve: ease-in (sharp's default), super-ease-in (smooth's), ease-out, ease-in-out, linear or cubic-bezier(x1,y1,x2,y2)"),
        .value("cycle", "SECONDS", "Loop length of the smooth style's clock (default: 1)"),
        .flag("loop", "A seamless loop: whole cycles (sharp: colours x period), no transitions"),
        .value("period", "SECONDS", "Time between wave emissions (default: 0.3)"),
        .value("waves", "N", "Waves in flight; one wave lasts period x waves (default: 3)"),
        .value("colors", "LIST", "Comma-separated wave colours: iOS system names or #RRGGBB[AA] (default: red,green,blue)"),
        .value("background", "COLOR", "Colour under the bar (default: white; black with --appearance dark)"),
        .value("appearance", "light|dark", "Palette of named colours (default: light)"),
        .value("start", "SECONDS", "When the first wave is emitted (default: 0)"),
        .value("stop", "SECONDS", "Stop emitting and play the closing wave (default: none)"),
        .value("fps", "N", "Frames per second, 1-240 (default: 60)"),
        .value("region", "screen|bar", "Whole screen, or only the top strip down to the bar's bottom (default: screen)"),
        .flag("no-cutout", "Do not draw the black notch / island"),
        .flag("mask", "Round the screen corners (transparent outside where the format has alpha, black otherwise)"),
        .value("backdrop", "FILE", "The app's screen under the animation: a still (PNG, JPEG) or a screen recording (MP4, MOV); replaces --background"),
        .value("backdrop-start", "SECONDS", "Seconds into a video backdrop that the first frame shows (default: 0)"),
        .value("backdrop-fit", "fill|fit|stretch", "A backdrop whose aspect ratio differs from the screen's by more than 1 %: crop, letterbox or stretch it"),
    ]

    /// Loads the preset named by `--preset` / `--preset-file` (default iphone-x).
    static func preset(_ args: ParsedArguments) throws -> Preset {
        if let file = args.string("preset-file") {
            if args.string("preset") != nil { throw UsageError("give either --preset or --preset-file, not both") }
            return try PresetLibrary.load(file: file)
        }
        let library = try PresetLibrary(directory: PresetLibrary.defaultDirectory())
        return try library.preset(named: args.string("preset") ?? "iphone-x")
    }

    /// The request the options describe (timing options added by the caller).
    static func request(_ args: ParsedArguments) throws -> RenderRequest {
        var request = RenderRequest()
        request.period = try args.double("period")
        request.waves = try args.int("waves")
        request.colors = args.string("colors")
        request.background = args.string("background")
        request.appearance = try args.choice("appearance", Appearance.self)
        request.start = try args.double("start")
        request.stop = try args.double("stop")
        request.fps = try args.int("fps")
        request.region = try args.choice("region", Region.self)
        if args.has("no-cutout") { request.drawsCutout = false }
        if args.has("mask") { request.masksCorners = true }
        request.style = args.string("style")
        request.easing = args.string("easing")
        request.cycle = try args.double("cycle")
        if args.has("loop") { request.loop = true }
        request.backdrop = args.string("backdrop")
        request.backdropStart = try args.double("backdrop-start")
        request.backdropFit = try args.choice("backdrop-fit", BackdropFit.self)
        for option in args.strings("style-option") {
            guard let equals = option.firstIndex(of: "="), equals != option.startIndex else {
                throw UsageError("--style-option expects KEY=VALUE, got '\(option)'")
            }
            request.styleOptions[String(option[..<equals])] = String(option[option.index(after: equals)...])
        }
        return request
    }

    /// The resolved plan for an output named `output` (its format may set defaults, such
    /// as GIF's frame rate); bad values are usage errors.
    static func plan(_ args: ParsedArguments, request: RenderRequest, output: String) throws -> RenderPlan {
        let preset = try preset(args)
        do {
            return try RenderSession.plan(request, preset: preset, outputExtension: (output as NSString).pathExtension)
        } catch let error as RequestError {
            throw UsageError(error.description)
        }
    }
}
