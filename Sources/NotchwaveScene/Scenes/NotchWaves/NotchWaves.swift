import NotchwaveModel
import NotchwaveRaster

/// The notch waves (`--scene notch-waves`, the default): waves emerging from both sides
/// of the notch or island in one of the wave styles (spec notch-waves.md).
public struct NotchWaves: SceneKind {
    public static let name = "notch-waves"
    public static let summary = "the rainbow notch: coloured waves from both sides of the notch or island (styles: sharp, smooth)"
    /// Its options are render parameters of their own (`parameters`: `--waves`, ...) and
    /// the style's (`--style-option`).
    public static let options: [any AnyParameter] = []

    /// The animation's parameters.
    public let animation: AnimationParameters
    /// The style, built for the preset with its options and timing curve.
    public let style: any WaveStyle
    /// Whole screen or bar strip.
    public let region: Region
    /// Whether the black cutout is drawn on top.
    public let drawsCutout: Bool
    /// Every one of its parameters' values as read (defaults included), by key, and the
    /// shared `loop` it draws differently with (no transitions).
    let settings: [(String, JSONOutput)]

    public static func style(in values: ParameterValues) -> String? { values[NotchWaves.style] }

    public static func resolve(_ values: ParameterValues, options: ParameterValues, preset: Preset) throws -> NotchWaves {
        if values.isGiven(Parameters.hold) && values.given(NotchWaves.stop) == nil {
            throw values.error(Parameters.hold, "holds the last frame after the closing wave, so it needs \(values.mention(NotchWaves.stop, to: Parameters.hold))")
        }
        if values[Parameters.profile] == .appPreview, let region = values.given(NotchWaves.region), region != .screen {
            throw values.error(NotchWaves.region, "an App Store preview shows the whole screen")
        }
        let animation = try values.animation()
        let styleName = values[NotchWaves.style]
        let styleType = try WaveStyles.named(styleName, in: values)
        let styleOptions = try values[NotchWaves.styleOptions].read(styleType.options, option: NotchWaves.styleOptions.flag,
                                                                    owner: "the \(styleName) style", source: values.source(of: NotchWaves.styleOptions))
        let style = styleType.init(configuration: StyleConfiguration(geometry: SceneGeometry(preset: preset), animation: animation,
                                                                     easing: values[NotchWaves.easing], options: styleOptions))
        return NotchWaves(animation: animation, style: style, region: values[NotchWaves.region], drawsCutout: values[NotchWaves.cutout],
                          settings: (NotchWaves.parameters + [Parameters.loop]).map { ($0.key, $0.json(in: values)) })
    }

    public var isOpaque: Bool { animation.background.isOpaque && animation.colors.allSatisfy(\.isOpaque) }
    public var loopLength: Double? { style.loopLength }
    public var naturalEnd: Double? { style.naturalEnd }
    public var endIsAsked: Bool { animation.stop != nil }
    /// Its parameters' values by key, then the style's settings as built (its options with
    /// their defaults), so that a changed default changes the plan's identity too.
    public var json: JSONOutput { .object(settings + [("styleSettings", style.json)]) }

    public func makeScene(plan: RenderPlan, layout: CanvasLayout) throws -> any Scene {
        NotchWavesScene(plan: plan, waves: self, layout: layout)
    }
}
