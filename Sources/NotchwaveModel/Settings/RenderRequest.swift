/// What a user asked for, before defaults: every field optional. `resolve` checks each
/// value and fills in the spec's defaults, producing a `RenderPlan`.
public struct RenderRequest: Sendable, Equatable {
    public var period: Double?
    public var waves: Int?
    public var colors: String?
    public var background: String?
    public var start: Double?
    public var stop: Double?
    public var duration: Double?
    public var hold: Double?
    public var fps: Int?
    public var region: Region?
    public var drawsCutout: Bool?
    public var masksCorners: Bool?
    public var evenSizePolicy: EvenSizePolicy?
    public var appearance: Appearance?
    public var style: String?
    public var styleOptions: [String: String] = [:]
    public var easing: String?
    public var cycle: Double?
    public var loop: Bool?
    /// With `loop`: how many loops (default 1).
    public var loops: Int?
    /// The app's screen under the animation (a still or a video file).
    public var backdrop: String?
    /// Seconds into a video backdrop that the first frame shows (default 0).
    public var backdropStart: Double?
    /// How a backdrop of another aspect ratio is placed.
    public var backdropFit: BackdropFit?
    /// `--profile app-preview`: render an App Store preview (see `AppPreviewRequest`).
    public var appPreview: AppPreviewRequest?

    /// An empty request (all defaults).
    public init() {}

    /// Limits that keep renders sensible.
    public enum Limits {
        public static let fps = 1...240
        public static let waves = 1...64
        public static let period = 0.001...60.0
        public static let duration = 0.0...3600.0
        public static let time = 0.0...3600.0
    }

    /// A style's own timing, which decides the default duration: the length of one
    /// seamless loop, and when the animation ends by itself with a stop (nil without).
    public typealias StyleTiming = @Sendable (AnimationParameters, StyleSelection) throws -> (loop: Double, end: Double?)

    /// The plan for `preset`: the spec's defaults where nothing was asked (period 0.3 s,
    /// 3 waves, red/green/blue, white or, in dark appearance, black background, start 0,
    /// no stop, 60 fps, 3 s, or the style's end plus `hold` when a stop is given, or whole
    /// loops with `loop`). `timing` is the selected style's (see `resolveWithStyle`).
    public func resolve(preset: Preset, timing: StyleTiming) throws -> RenderPlan {
        let appearance = self.appearance ?? .light
        let period = self.period ?? 0.3
        guard Limits.period.contains(period) else { throw RequestError.outOfRange("--period", Double(period), "0.001 to 60 seconds") }
        let waves = self.waves ?? 3
        guard Limits.waves.contains(waves) else { throw RequestError.outOfRange("--waves", Double(waves), "1 to 64") }
        let colors: [Color]
        do {
            colors = try Color.parseList(self.colors ?? "red,green,blue", appearance: appearance)
        } catch {
            throw RequestError.invalid("--colors", error.description)
        }
        var background = appearance.defaultBackground
        let backdrop = try resolveBackdrop()
        if backdrop != nil {
            // The backdrop is the background: it shows wherever no wave is.
            background = .transparent
        }
        if let text = self.background, backdrop == nil {
            do {
                background = try Color.parse(text, appearance: appearance)
            } catch {
                throw RequestError.invalid("--background", error.description)
            }
        }
        let start = self.start ?? 0
        guard Limits.time.contains(start) else { throw RequestError.outOfRange("--start", Double(start), "0 to 3600 seconds") }
        if let stop {
            guard Limits.time.contains(stop) else { throw RequestError.outOfRange("--stop", Double(stop), "0 to 3600 seconds") }
            guard stop >= start else { throw RequestError.invalid("--stop", "the stop (\(stop) s) is before the start (\(start) s)") }
        }
        let hold = self.hold ?? 0
        guard Limits.time.contains(hold) else { throw RequestError.outOfRange("--hold", Double(hold), "0 to 3600 seconds") }
        if self.hold != nil && stop == nil { throw RequestError.invalid("--hold", "holds the last frame after the closing wave, so it needs --stop") }
        let fps = self.fps ?? 60
        guard Limits.fps.contains(fps) else { throw RequestError.outOfRange("--fps", Double(fps), "1 to 240") }
        if self.cycle != nil && (style ?? "sharp") == "sharp" {
            throw RequestError.invalid("--cycle", "the loop clock belongs to the smooth style; the sharp style's timing is --period and --waves")
        }
        let cycle = self.cycle ?? 1
        guard Limits.period.contains(cycle) else { throw RequestError.outOfRange("--cycle", Double(cycle), "0.001 to 60 seconds") }
        let loop = self.loop ?? false
        if loop && stop != nil { throw RequestError.invalid("--loop", "a seamless loop has no stop; drop --stop") }
        if self.loops != nil && !loop { throw RequestError.invalid("--loops", "counts seamless loops, so it needs --loop") }
        let loops = self.loops ?? 1
        guard (1...1000).contains(loops) else { throw RequestError.outOfRange("--loops", Double(loops), "1 to 1000") }
        let animation = AnimationParameters(period: period, waves: waves, colors: colors, background: background,
                                            start: start, stop: stop, appearance: appearance,
                                            easing: easing, cycle: cycle, loop: loop)
        let selection = StyleSelection(name: style ?? "sharp", options: styleOptions)
        let (loopLength, end) = try timing(animation, selection)
        let duration: Double
        if let explicit = self.duration {
            duration = explicit
            if loop {
                let count = explicit / loopLength
                guard abs(count - count.rounded()) < 1e-9, count.rounded() >= 1 else {
                    throw RequestError.invalid("--duration", "with --loop the clip is whole loops of \(JSONOutput.formatNumber(loopLength)) s (use --loops N instead)")
                }
            }
        } else if loop {
            duration = loopLength * Double(loops)
        } else if let end {
            duration = end + hold
        } else {
            duration = 3
        }
        if loop {
            // A seamless loop needs a whole number of frames per loop.
            let frames = loopLength * Double(fps)
            guard abs(frames - frames.rounded()) < 1e-6 else {
                let fitting = (1...240).filter { abs(loopLength * Double($0) - (loopLength * Double($0)).rounded()) < 1e-6 }
                let nearest = fitting.sorted { (abs($0 - fps), $0) < (abs($1 - fps), $1) }.prefix(3).sorted()
                let suggestion = nearest.map(String.init).joined(separator: ", ")
                throw RequestError.invalid("--loop", "one loop lasts \(JSONOutput.formatNumber(loopLength)) s, \(JSONOutput.formatNumber(frames)) frames at \(fps) fps: not a whole number, so the clip would not repeat seamlessly" + (suggestion.isEmpty ? "" : "; use --fps \(suggestion)"))
            }
        }
        guard duration > 0, Limits.duration.contains(duration) else {
            if self.duration == nil {
                throw RequestError.invalid("--duration", "the video would last \(JSONOutput.formatNumber(duration)) s, more than the 3600 s a render may last")
            }
            throw RequestError.outOfRange("--duration", Double(duration), "more than 0 and at most 3600 seconds")
        }
        if let problem = PixelBudget.problem(width: preset.screenPixels.value.width, height: preset.screenPixels.value.height) {
            throw RequestError.invalid("--preset", "\(preset.id): \(problem)")
        }
        let region = self.region ?? .screen
        var plan = RenderPlan(preset: preset, animation: animation,
                              style: selection,
                              fps: fps, duration: duration, region: region,
                              drawsCutout: drawsCutout ?? true,
                              masksCorners: masksCorners ?? false,
                              evenSizePolicy: evenSizePolicy ?? .pad, appearance: appearance)
        plan.backdrop = backdrop
        plan.appPreview = appPreview
        guard plan.frameCount >= 1 else {
            throw RequestError.invalid("--duration", "\(duration) s at \(fps) fps is less than one frame")
        }
        return plan
    }
}

/// A request value that is out of range or invalid; the CLI reports it as a usage error.
public enum RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An option, its value and the range it must be in (in words).
    case outOfRange(String, Double, String)
    case invalid(String, String)

    public var description: String {
        switch self {
        case let .outOfRange(option, value, range): return "\(option) \(JSONOutput.formatNumber(value)) is out of range (\(range))"
        case let .invalid(option, reason): return "\(option): \(reason)"
        }
    }
}
