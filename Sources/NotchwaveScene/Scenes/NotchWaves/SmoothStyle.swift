import NotchwaveModel
import NotchwaveRaster
import NotchwaveTimeline

/// The smooth-gradient rainbow (seed-systems.md section 2): gradient-rimmed waves on one
/// looping clock, eased with superEaseIn, the wrapped-around duplicate that keeps the edge
/// covered, an opening curtain at the start and a closing curtain on the first wave
/// boundary after the stop.
public struct SmoothStyle: WaveStyle {
    public static let name = "smooth"
    public static let summary = "the smooth-gradient rainbow: gradient-rimmed waves on a looping clock (--cycle), curtains at --start and --stop"
    /// superEaseIn, cubic-bezier(0.2, 0, 1, 0.7), as the seed animates.
    public static let defaultEasing = EasingCurve.superEaseIn
    public static var options: [any AnyParameter] { SmoothStyleOptions.parameters }

    let timeline: SmoothTimeline
    let builder: SmoothWaveBuilder
    let dynamicCurtain: Bool
    let background: Color
    public let json: JSONOutput

    public init(configuration: StyleConfiguration) {
        let options = SmoothStyleOptions(configuration.options)
        let easing = configuration.easing ?? SmoothStyle.defaultEasing
        timeline = SmoothTimeline(animation: configuration.animation, easing: CubicBezierEasing(easing))
        builder = SmoothWaveBuilder(geometry: configuration.geometry, gradientLength: options.gradientLength,
                                    middleStop: options.middleStop, interpolation: options.interpolation)
        dynamicCurtain = options.dynamicCurtain
        background = configuration.animation.background
        json = .object([("name", .string(SmoothStyle.name)), ("easing", easing.json), ("options", options.json)])
    }

    public var naturalEnd: Double? { timeline.end }

    /// The length of one seamless loop: one cycle.
    public var loopLength: Double { timeline.animation.cycle }

    /// How much wider than at its start the band between two waves is when the first of
    /// them is at `progress`: the curtains' width factor with `dynamic-curtain`.
    public func curtainScale(_ progress: Double) -> Double {
        guard dynamicCurtain else { return 1 }
        let step = 1 / Double(timeline.animation.colors.count)
        let ease = timeline.easing
        let initial = ease(step) - ease(0)
        guard initial > 0 else { return 1 }
        return max(1, (ease(min(progress + step, 1)) - ease(progress)) / initial)
    }

    public func drawCommands(at t: Double) -> [DrawCommand] {
        let state = timeline.state(at: t)
        guard state.visible else { return [] }
        let w = builder.geometry.halfWidth
        let o = builder.travel
        // The content's clip: everything during the loop, less behind a curtain.
        var clip = 0.0...w
        if let curtain = state.curtain {
            let s = curtain.eased
            switch curtain.kind {
            case .opening: clip = 0...min(max((w + o) * s - o, 0), w)
            case .closing: clip = min(max((w + 2 * o) * s - o, 0), w)...w
            }
        }
        var commands: [DrawCommand] = []
        for wave in state.waves {
            let left = wave.isDuplicate ? o + wave.eased * (w + o) : -w + wave.eased * (w + o)
            if let layer = builder.layer(left: left, width: w, start: wave.rim, end: wave.body, clip: clip) {
                commands.append(layer)
            }
        }
        guard let curtain = state.curtain else { return commands }
        let s = curtain.eased
        let k = curtainScale(curtain.progress)
        switch curtain.kind {
        case .opening:
            // B1 (body: the first colour, rim: the background) under B2 (body: the newest
            // wave's colour, rim: the first colour); the left edges move with wave 0's rim.
            let dx = -o + (w + o) * s
            if let b1 = builder.layer(left: dx, width: 2 * o * k, start: background, end: curtain.leadColor, clip: 0...w) {
                commands.append(b1)
            }
            if let b2 = builder.layer(left: dx, width: o * k, start: curtain.leadColor, end: curtain.waveColor, clip: 0...w) {
                commands.append(b2)
            }
        case .closing:
            // A fade from the background to the next colour, then a wave of 1.5 o whose body
            // is the next colour and whose rim is the newest wave's colour.
            let dx = -w + (w + 2 * o) * s
            let width = 1.5 * o * k
            let left = dx + w - width
            let fadeWidth = o * k
            let fade = Paint.linear(start: PixelPoint(x: builder.x(left - fadeWidth), y: 0), end: PixelPoint(x: builder.x(left), y: 0),
                                    stops: [GradientStop(background.rgba8, at: 0), GradientStop(curtain.leadColor.rgba8, at: 1)],
                                    interpolation: builder.interpolation)
            if let layer = builder.layer(left: left, width: width, start: curtain.waveColor, end: curtain.leadColor, clip: 0...w,
                                         lead: SmoothWaveBuilder.Lead(width: fadeWidth, paint: fade)) {
                commands.append(layer)
            }
        }
        return commands
    }
}

extension GradientInterpolation: ChoiceValue {}

/// The smooth style's own options (`--style-option key=value`).
public struct SmoothStyleOptions: DeclaredOptions {
    /// The rim gradient's length in points.
    public var gradientLength = 8.0
    /// Where the middle colour sits in the rim.
    public var middleStop = 0.2
    /// Whether the curtains widen with the waves' easing.
    public var dynamicCurtain = false
    /// The gradients' colour space.
    public var interpolation = GradientInterpolation.srgb

    /// Defaults.
    public init() {}

    public static let scope = ParameterScope.styles([SmoothStyle.name])
    public static let declarations: [any OptionDeclaration<SmoothStyleOptions>] = [
        Option(\.gradientLength, "gradient-length", "POINTS", "length of the rim gradient, points", in: 0.01...1000),
        Option(\.middleStop, "middle-stop", "F", "where the middle colour sits in the rim, 0-1 (the seed's code: 0.2; its article: 0.3)", in: 0...1),
        Option(\.dynamicCurtain, "dynamic-curtain", "BOOL", "widen the curtains with the waves' easing (the seed's curtains keep one width)"),
        Option(\.interpolation, "interpolation", "SPACE", "gradient colour space: srgb, linear or oklab"),
    ]
}
