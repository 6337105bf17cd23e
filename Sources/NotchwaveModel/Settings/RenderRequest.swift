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

    /// The plan for `preset`: the spec's defaults where nothing was asked (period 0.3 s,
    /// 3 waves, red/green/blue, white or, in dark appearance, black background, start 0,
    /// no stop, 60 fps, 3 s, or `stop + D + hold` when a stop is given).
    public func resolve(preset: Preset) throws(RequestError) -> RenderPlan {
        let appearance = self.appearance ?? .light
        let period = self.period ?? 0.3
        guard Limits.period.contains(period) else { throw .outOfRange("--period", "\(period)", "0.001 to 60 seconds") }
        let waves = self.waves ?? 3
        guard Limits.waves.contains(waves) else { throw .outOfRange("--waves", "\(waves)", "1 to 64") }
        let colors: [Color]
        do {
            colors = try Color.parseList(self.colors ?? "red,green,blue", appearance: appearance)
        } catch {
            throw .invalid("--colors", error.description)
        }
        var background = appearance.defaultBackground
        if let text = self.background {
            do {
                background = try Color.parse(text, appearance: appearance)
            } catch {
                throw .invalid("--background", error.description)
            }
        }
        let start = self.start ?? 0
        guard Limits.time.contains(start) else { throw .outOfRange("--start", "\(start)", "0 to 3600 seconds") }
        if let stop {
            guard Limits.time.contains(stop) else { throw .outOfRange("--stop", "\(stop)", "0 to 3600 seconds") }
            guard stop >= start else { throw .invalid("--stop", "the stop (\(stop) s) is before the start (\(start) s)") }
        }
        let hold = self.hold ?? 0
        guard Limits.time.contains(hold) else { throw .outOfRange("--hold", "\(hold)", "0 to 3600 seconds") }
        let fps = self.fps ?? 60
        guard Limits.fps.contains(fps) else { throw .outOfRange("--fps", "\(fps)", "1 to 240") }
        let animation = AnimationParameters(period: period, waves: waves, colors: colors, background: background,
                                            start: start, stop: stop, appearance: appearance)
        let duration = self.duration ?? (stop.map { $0 + animation.waveDuration + hold } ?? 3)
        guard duration > 0, Limits.duration.contains(duration) else {
            throw .outOfRange("--duration", "\(duration)", "more than 0 and at most 3600 seconds")
        }
        let region = self.region ?? .screen
        let plan = RenderPlan(preset: preset, animation: animation,
                              style: StyleSelection(name: style ?? "sharp", options: styleOptions),
                              fps: fps, duration: duration, region: region,
                              drawsCutout: drawsCutout ?? true,
                              masksCorners: masksCorners ?? false,
                              evenSizePolicy: evenSizePolicy ?? .pad, appearance: appearance)
        guard plan.frameCount >= 1 else {
            throw .invalid("--duration", "\(duration) s at \(fps) fps is less than one frame")
        }
        return plan
    }
}

/// A request value that is out of range or invalid; the CLI reports it as a usage error.
public enum RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    case outOfRange(String, String, String)
    case invalid(String, String)

    public var description: String {
        switch self {
        case let .outOfRange(option, value, range): return "\(option) \(value) is out of range (\(range))"
        case let .invalid(option, reason): return "\(option): \(reason)"
        }
    }
}
