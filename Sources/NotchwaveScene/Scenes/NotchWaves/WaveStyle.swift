import NotchwaveModel
import NotchwaveRaster
import NotchwaveTimeline

/// What a style is given to draw with: the device in pixels, the animation, the timing
/// curve asked for (nil: the style's own) and the style's own options, read and checked
/// against its declarations.
public struct StyleConfiguration: Sendable {
    /// The device's bar in pixels.
    public var geometry: SceneGeometry
    /// Period, waves, colours, background, start and stop.
    public var animation: AnimationParameters
    /// The timing curve given, or nil for the style's default (`WaveStyle.defaultEasing`).
    public var easing: EasingCurve?
    /// The style's own options (`--style-option key=value`), typed.
    public var options: ParameterValues

    /// A configuration.
    public init(geometry: SceneGeometry, animation: AnimationParameters, easing: EasingCurve? = nil, options: ParameterValues = ParameterValues()) {
        self.geometry = geometry
        self.animation = animation
        self.easing = easing
        self.options = options
    }

    /// The shapes of this geometry.
    public var shapes: WaveShapes { WaveShapes(geometry: geometry) }
}

/// A way of drawing the waves, in the spirit of SwiftUI's `ButtonStyle`: given a
/// configuration, it contributes draw commands to each frame. The frame puts the
/// background under them and the cutout and the corner mask over them.
///
/// Adding a style is one file with a type conforming to this protocol plus its entry in
/// `WaveStyles.all`.
public protocol WaveStyle: Sendable {
    /// The name `--style` selects it by.
    static var name: String { get }
    /// One line for `notchwave styles`.
    static var summary: String { get }
    /// The options it accepts (`--style-option`), declared like the render parameters.
    static var options: [any AnyParameter] { get }
    /// Its timing curve when `--easing` is not given.
    static var defaultEasing: EasingCurve { get }
    /// The style for `configuration`.
    init(configuration: StyleConfiguration)
    /// The commands that draw the waves (and any transition) at time `t`, bottom first.
    func drawCommands(at t: Double) -> [DrawCommand]
    /// When the animation is over if nothing else decides (a stop's completion), or nil
    /// when it runs forever.
    var naturalEnd: Double? { get }
    /// The length of one seamless loop (`--loop`).
    var loopLength: Double { get }
    /// The style's settings as canonical JSON (plan equality, summaries).
    var json: JSONOutput { get }
}

/// The registered styles.
public enum WaveStyles {
    /// Every style, by name.
    public static let all: [any WaveStyle.Type] = [SharpStyle.self, SmoothStyle.self]

    /// The style type named `name`; an unknown name is an error naming it as `values` wrote it.
    public static func named(_ name: String, in values: ParameterValues) throws(ParameterError) -> any WaveStyle.Type {
        guard let style = all.first(where: { $0.name == name }) else {
            let names = all.map { $0.name }
            throw values.error(NotchWaves.style, "unknown style '\(name)'\(EditDistance.hint(for: name, in: names)) (available: \(names.joined(separator: ", ")))")
        }
        return style
    }
}
