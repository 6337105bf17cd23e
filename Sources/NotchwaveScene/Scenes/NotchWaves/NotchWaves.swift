import NotchwaveModel
import NotchwaveRaster

/// The notch waves (`--scene notch-waves`, the default): waves emerging from both sides
/// of the notch or island in one of the wave styles (spec notch-waves.md).
public struct NotchWaves: SceneKind {
    public static let name = "notch-waves"
    public static let summary = "the rainbow notch: coloured waves from both sides of the notch or island (styles: sharp, smooth)"
    /// Its options are the render parameters of the Notch waves group (`--period`, ...) and
    /// the style's (`--style-option`).
    public static let options: [any AnyParameter] = []

    /// The animation's parameters.
    public let animation: AnimationParameters
    /// The style, built for the preset with its options and timing curve.
    public let style: any WaveStyle

    public static func resolve(_ values: ParameterValues, options: ParameterValues, preset: Preset) throws -> NotchWaves {
        let animation = try values.animation()
        let styleName = values[Parameters.style]
        let styleType = try WaveStyles.named(styleName, in: values)
        let styleOptions = try values[Parameters.styleOptions].read(styleType.options, option: Parameters.styleOptions.flag,
                                                                                      owner: "the \(styleName) style", source: values.source(of: Parameters.styleOptions))
        let style = styleType.init(configuration: StyleConfiguration(geometry: SceneGeometry(preset: preset), animation: animation,
                                                                     easing: values[Parameters.easing], options: styleOptions))
        return NotchWaves(animation: animation, style: style)
    }

    public var isOpaque: Bool { animation.background.isOpaque && animation.colors.allSatisfy(\.isOpaque) }
    public var loopLength: Double? { style.loopLength }
    public var naturalEnd: Double? { style.naturalEnd }
    public var json: JSONOutput {
        .object([("period", .number(animation.period)), ("waves", .number(Double(animation.waves))),
                 ("colors", .array(animation.colors.map { .string($0.description) })), ("background", .string(animation.background.description)),
                 ("start", .number(animation.start)), ("stop", animation.stop.map { .number($0) } ?? .null),
                 ("cycle", .number(animation.cycle)), ("loop", .bool(animation.loop)), ("style", style.json)])
    }

    public func makeScene(plan: RenderPlan, layout: CanvasLayout) throws -> any Scene {
        NotchWavesScene(plan: plan, waves: self, layout: layout)
    }
}
