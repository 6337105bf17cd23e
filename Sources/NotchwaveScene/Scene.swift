import NotchwaveModel
import NotchwaveRaster

/// What a scene is to the renderer: a canvas size and, for any time, the draw list of
/// that moment (a pure function of the time, so frames render alone, in any order, on any
/// worker).
public protocol Scene: Sendable {
    /// The canvas size in pixels.
    var canvasWidth: Int { get }
    var canvasHeight: Int { get }
    /// Everything the frame `time` seconds into the clip shows, as plain draw commands.
    func drawList(at time: Double) -> DrawList
    /// The frame `time` seconds into the clip as the renderer composes it: the draw list
    /// by default; a scene with effects (filtered layers, materials) returns its steps.
    func composition(at time: Double) -> Composition
    /// The rows that can change from frame to frame (every other row is rendered once).
    var dynamicRows: Range<Int> { get }
}

extension Scene {
    /// Every row, by default.
    public var dynamicRows: Range<Int> { 0..<canvasHeight }
    /// The draw list as one step.
    public func composition(at time: Double) -> Composition { Composition(drawList(at: time)) }
}

/// How the canvas a scene draws on is laid out by the output.
public struct CanvasLayout: Sendable {
    /// The canvas size: the plan's frame, possibly made even or padded for an encoder.
    public var width: Int, height: Int
    /// How the outside of the screen's corners (and any padding) is filled.
    public var maskFill: MaskFill
    /// A layout.
    public init(width: Int, height: Int, maskFill: MaskFill) {
        self.width = width
        self.height = height
        self.maskFill = maskFill
    }
}

/// An app screen in points drawn at a pixel scale onto a canvas — the screen's size, or
/// the size an output lays out (even sizes) — with an overlay on top (the corner mask, the
/// padding): what the app-screen scenes (LiquidSwipe, the popup) draw on.
public struct ScreenCanvas: Sendable {
    /// The screen in points and the pixel scale.
    public let width: Double, height: Double, scale: Double
    /// The canvas size in pixels.
    public let canvasWidth: Int, canvasHeight: Int
    /// Drawn over every frame.
    public let overlay: [DrawCommand]
    /// True when a backdrop layer (the app's own screen) lies under the scene: the scene
    /// then leaves its own background out (transparent), so the backdrop shows there.
    public let overBackdrop: Bool

    /// A screen of `width` x `height` points at `scale`, on a canvas of its own size unless
    /// `canvasWidth` x `canvasHeight` says otherwise.
    public init(width: Double, height: Double, scale: Double, canvasWidth: Int? = nil, canvasHeight: Int? = nil, overlay: [DrawCommand] = [],
                overBackdrop: Bool = false) {
        self.width = width
        self.height = height
        self.scale = scale
        self.canvasWidth = canvasWidth ?? Int((width * scale).rounded())
        self.canvasHeight = canvasHeight ?? Int((height * scale).rounded())
        self.overlay = overlay
        self.overBackdrop = overBackdrop
    }

    /// The scene's background: `own`, or transparent over a backdrop.
    public func background(_ own: RGBA8) -> RGBA8 { overBackdrop ? .transparent : own }

    /// The screen of `plan`'s preset on the canvas `layout` gives, with the corner mask
    /// (when the plan asks for it) and black padding beyond the screen.
    public init(plan: RenderPlan, layout: CanvasLayout) {
        let points = plan.preset.screenPoints.value
        let shapes = WaveShapes(geometry: SceneGeometry(preset: plan.preset))
        self.init(width: points.width, height: points.height, scale: plan.preset.pixelScale, canvasWidth: layout.width,
                  canvasHeight: layout.height, overlay: ScreenOutside.commands(plan: plan, shapes: shapes, layout: layout, base: .black),
                  overBackdrop: plan.backdrop != nil)
    }
}

/// A scene drawn on an app screen (`ScreenCanvas`): its canvas and screen come from it.
public protocol ScreenScene: Scene {
    /// The screen it draws on.
    var screen: ScreenCanvas { get }
}

extension ScreenScene {
    public var canvasWidth: Int { screen.canvasWidth }
    public var canvasHeight: Int { screen.canvasHeight }
    /// The screen's width and height in points, and its pixel scale.
    public var width: Double { screen.width }
    public var height: Double { screen.height }
    public var scale: Double { screen.scale }
}

/// A kind of scene (`--scene NAME`): its options, declared like the render parameters;
/// how the request's values resolve into it (once per output: options read, scripts
/// loaded, styles built); and the frames it draws. A new scene is one folder with a type
/// conforming to this protocol, plus its line in `Scenes.all`.
public protocol SceneKind: PlannedScene {
    /// The name `--scene` selects it by.
    static var name: String { get }
    /// One line for `notchwave scenes`.
    static var summary: String { get }
    /// Its own options (`--scene-option key=value`, `"sceneOptions"` in job files).
    static var options: [any AnyParameter] { get }
    /// Whether it draws something on its own; false for a scene that only shows the
    /// layers under it (the none scene), which needs a backdrop. True by default.
    static var drawsAlone: Bool { get }
    /// Render parameters of its own, beside the shared ones (the notch waves' `--waves`,
    /// the popup's `--font`), scoped to it; none by default.
    static var parameters: [any AnyParameter] { get }
    /// The style `values` draw it in, for scenes that have styles (parameters scoped to
    /// other styles are refused); nil by default.
    static func style(in values: ParameterValues) -> String?
    /// The scene `values` describe on `preset`, with its options already read (`options`).
    static func resolve(_ values: ParameterValues, options: ParameterValues, preset: Preset) throws -> Self
    /// The scene's frames on a canvas laid out by `layout`, for `plan`.
    func makeScene(plan: RenderPlan, layout: CanvasLayout) throws -> any Scene
}

extension SceneKind {
    public var name: String { Self.name }
    public static var parameters: [any AnyParameter] { [] }
    public static var drawsAlone: Bool { true }
    public static func style(in values: ParameterValues) -> String? { nil }
}

/// The registered scenes.
public enum Scenes {
    /// Every scene, by name (the first is the default).
    public static let all: [any SceneKind.Type] = [NotchWaves.self, LiquidSwipe.self, Popup.self, Controls.self, NoScene.self]

    /// The scenes that draw something on their own (`drawsAlone`), by name.
    public static var drawing: [String] { all.filter { $0.drawsAlone }.map { $0.name } }

    /// `--scene`: which scene is drawn (the first registered is the default).
    public static let scene = Parameter<String>("scene", "NAME", "What is drawn: \(all.dropLast().map { $0.name }.joined(separator: ", ")) or \(all[all.count - 1].name); see `notchwave scenes`",
                                                default: all[0].name, group: .scene)

    /// Every render parameter, in help order: the shared ones (`Parameters.all`), `--scene`
    /// and each scene's own, grouped (a group's shared parameters first).
    public static let parameters: [any AnyParameter] = {
        let listed: [any AnyParameter] = [scene] + Parameters.all + all.flatMap { $0.parameters }
        return ParameterGroup.of(listed).flatMap { group in listed.filter { $0.group == group } }
    }()

    /// The parameter a job file calls `key`.
    public static func parameter(key: String) -> (any AnyParameter)? { parameters.first { $0.key == key } }

    /// The parameters of `groups`, in help order.
    public static func parameters(in groups: [ParameterGroup]) -> [any AnyParameter] { parameters.filter { groups.contains($0.group) } }

    /// The scene `values` ask for (`scene`, default notch-waves), resolved: its options read
    /// against its declarations, parameters that belong to other scenes refused.
    public static func resolve(_ values: ParameterValues, preset: Preset, among registered: [any SceneKind.Type] = all) throws -> any SceneKind {
        let name = values[Scenes.scene]
        guard let kind = registered.first(where: { $0.name == name }) else {
            let names = registered.map { $0.name }
            let hint = EditDistance.hint(for: name, in: names)
            throw values.error(Scenes.scene, "unknown scene '\(name)'\(hint) (available: \(names.joined(separator: ", ")))")
        }
        try values.checkScope(scene: name, style: kind.style(in: values))
        let options = try values[Parameters.sceneOptions].read(kind.options, option: Parameters.sceneOptions.flag,
                                                                                 owner: "the \(name) scene", source: values.source(of: Parameters.sceneOptions),
                                                                                 baseDirectory: values.baseDirectory)
        return try kind.resolve(values, options: options, preset: preset)
    }
}

/// The plan's scene as the renderer builds it.
extension RenderPlan {
    /// The frames of this plan on a canvas laid out by `layout`.
    public func makeScene(layout: CanvasLayout) throws -> any Scene {
        try scene.makeScene(plan: self, layout: layout)
    }

    /// The frames of this plan at the plan's own frame size.
    public func makeScene(maskFill: MaskFill = .black) throws -> any Scene {
        try makeScene(layout: CanvasLayout(width: frameWidth, height: frameHeight, maskFill: maskFill))
    }
}

extension Scenes {
    /// The plan of `values` on `preset`: the scene resolved, then the rest of the values
    /// (`RenderSession.plan` adds the output's defaults and App Store previews).
    public static func plan(_ values: ParameterValues, preset: Preset, defaultFPS: Int? = nil,
                            among registered: [any SceneKind.Type] = all) throws -> RenderPlan {
        let scene = try resolve(values, preset: preset, among: registered)
        return try values.resolve(preset: preset, scene: scene, defaultFPS: defaultFPS)
    }
}

extension BatchJobSpec {
    /// Parses a job file against the whole registry (`Scenes.parameters`), the notch waves'
    /// default style for a job that lists none.
    public static func decode(_ text: String, file: String) throws -> BatchJobSpec {
        try decode(text, file: file, parameters: Scenes.parameters, defaultStyle: NotchWaves.style.defaultValue)
    }
}
