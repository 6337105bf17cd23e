import NotchwaveModel
import NotchwaveRaster
import NotchwaveTimeline

/// The seed RainbowBar (spec section 2): solid waves emitted from the centre, each easing
/// out to the screen edges, and a closing gradient wave after the stop.
public struct SharpStyle: WaveStyle {
    public static let name = "sharp"
    public static let summary = "the seed RainbowBar: solid waves emitted every period, a closing gradient wave after --stop"
    public static let options = [
        StyleOption(key: "easing", defaultValue: "ease-in",
                    summary: "timing curve of each wave: ease-in, ease-out, ease-in-out, linear, super-ease-in or cubic-bezier(x1,y1,x2,y2)"),
    ]

    private let timeline: SharpTimeline
    private let shapes: WaveShapes
    private let background: RGBA8

    public init(configuration: StyleConfiguration) throws(StyleError) {
        try SharpStyle.checkOptionKeys(configuration.options)
        let easing: CubicBezierEasing
        do {
            easing = try CubicBezierEasing.parse(SharpStyle.optionValue("easing", in: configuration.options))
        } catch {
            throw StyleError(style: SharpStyle.name, message: error.description)
        }
        timeline = SharpTimeline(animation: configuration.animation, easing: easing)
        shapes = configuration.shapes
        background = configuration.animation.background.rgba8
    }

    public var naturalEnd: Double? { timeline.completionTime }

    public func drawCommands(at t: Double) -> [DrawCommand] {
        let state = timeline.state(at: t)
        var commands = state.waves.map { wave in
            DrawCommand(shape: shapes.wave(phase: wave.phase), paint: .solid(wave.color.rgba8))
        }
        if let closing = state.closing {
            // The closing wave replaces what is below it: with an opaque background this is
            // exactly source-over; with a transparent one it erases the waves it passes
            // (the seed allowed only opaque backgrounds).
            commands.append(DrawCommand(shape: shapes.closingBand(phase: closing.phase),
                                        paint: shapes.closingPaint(phase: closing.phase, background: background,
                                                                   front: closing.front.rgba8),
                                        blend: .copy))
        }
        return commands
    }
}
