import NotchwaveModel
import NotchwaveRaster
import NotchwaveTimeline

/// What a style is given to draw with: the device in pixels, the animation and the
/// style's own options.
public struct StyleConfiguration: Sendable {
    /// The device's bar in pixels.
    public var geometry: SceneGeometry
    /// Period, waves, colours, background, start and stop.
    public var animation: AnimationParameters
    /// The style's own options (`--style-option key=value`), unparsed.
    public var options: [String: String]

    /// A configuration.
    public init(geometry: SceneGeometry, animation: AnimationParameters, options: [String: String] = [:]) {
        self.geometry = geometry
        self.animation = animation
        self.options = options
    }

    /// The shapes of this geometry.
    public var shapes: WaveShapes { WaveShapes(geometry: geometry) }
}

/// One option a style accepts, for `notchwave styles` and validation.
public struct StyleOption: Sendable {
    public var key: String
    public var defaultValue: String
    public var summary: String
    /// An option description.
    public init(key: String, defaultValue: String, summary: String) {
        self.key = key
        self.defaultValue = defaultValue
        self.summary = summary
    }
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
    /// The options it accepts.
    static var options: [StyleOption] { get }
    /// The style for `configuration`; throws `StyleError` for a bad option.
    init(configuration: StyleConfiguration) throws(StyleError)
    /// The commands that draw the waves (and any transition) at time `t`, bottom first.
    func drawCommands(at t: Double) -> [DrawCommand]
    /// When the animation is over if nothing else decides (a stop's completion), or nil
    /// when it runs forever.
    var naturalEnd: Double? { get }
    /// The length of one seamless loop (`--loop`).
    var loopLength: Double { get }
}

/// A style option that is unknown or has a bad value.
public struct StyleError: Error, Sendable, Equatable, CustomStringConvertible {
    public var style: String
    public var message: String
    /// An error.
    public init(style: String, message: String) { self.style = style; self.message = message }
    public var description: String { "style \(style): \(message)" }
}

extension WaveStyle {
    /// Checks that every option given is one the style declares.
    public static func checkOptionKeys(_ options: [String: String]) throws(StyleError) {
        for key in options.keys.sorted() where !Self.options.contains(where: { $0.key == key }) {
            let known = Self.options.map(\.key).joined(separator: ", ")
            throw StyleError(style: name, message: "unknown option \"\(key)\" (known: \(known.isEmpty ? "none" : known))")
        }
    }

    /// The value of option `key`, or its default.
    public static func optionValue(_ key: String, in options: [String: String]) -> String {
        options[key] ?? Self.options.first { $0.key == key }?.defaultValue ?? ""
    }
}

/// The registered styles.
public enum WaveStyles {
    /// Every style, by name.
    public static let all: [any WaveStyle.Type] = [SharpStyle.self, SmoothStyle.self]

    /// The timing of the style `selection` names, for `RenderRequest.resolve`: its loop
    /// length and natural end (built on a nominal geometry; timing never depends on it).
    public static func timing(animation: AnimationParameters, selection: StyleSelection, geometry: SceneGeometry) throws -> (loop: Double, end: Double?) {
        let style = try named(selection.name).init(configuration: StyleConfiguration(geometry: geometry, animation: animation,
                                                                                     options: selection.options))
        return (style.loopLength, style.naturalEnd)
    }

    /// The style type named `name`.
    public static func named(_ name: String) throws(StyleError) -> any WaveStyle.Type {
        guard let style = all.first(where: { $0.name == name }) else {
            throw StyleError(style: name, message: "unknown style (available: \(all.map { $0.name }.joined(separator: ", ")))")
        }
        return style
    }
}
