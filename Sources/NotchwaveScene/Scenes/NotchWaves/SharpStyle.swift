import NotchwaveModel
import NotchwaveRaster
import NotchwaveTimeline

/// The seed RainbowBar (spec section 2): solid waves emitted from the centre, each easing
/// out to the screen edges, and a closing gradient wave after the stop.
public struct SharpStyle: WaveStyle {
    public static let name = "sharp"
    public static let summary = "the seed RainbowBar: solid waves emitted every period, a closing gradient wave after --stop"
    public static let options: [any AnyParameter] = []
    /// SwiftUI's `easeIn`, as the seed animates.
    public static let defaultEasing = EasingCurve.easeIn

    private let timeline: SharpTimeline
    private let shapes: WaveShapes
    private let background: RGBA8
    private let loopOffset: Double
    public let json: JSONOutput

    public init(configuration: StyleConfiguration) {
        let easing = configuration.easing ?? SharpStyle.defaultEasing
        timeline = SharpTimeline(animation: configuration.animation, easing: CubicBezierEasing(easing))
        json = .object([("name", .string(SharpStyle.name)), ("easing", easing.json)])
        // A seamless loop shows the steady state: time runs from one wave duration plus
        // one period after the start, when waves are in flight and the state repeats
        // every colors.count periods.
        let animation = configuration.animation
        loopOffset = animation.loop ? animation.start + animation.waveDuration + animation.period : 0
        shapes = configuration.shapes
        background = configuration.animation.background.rgba8
    }

    public var naturalEnd: Double? { timeline.completionTime }

    /// One loop: `colors.count` periods (the colour ring comes round).
    public var loopLength: Double { Double(timeline.animation.colors.count) * timeline.animation.period }

    public func drawCommands(at t: Double) -> [DrawCommand] {
        let state = timeline.state(at: t + loopOffset)
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
