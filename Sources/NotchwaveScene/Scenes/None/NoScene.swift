import NotchwaveModel
import NotchwaveRaster

/// No scene (`--scene none`): the frames are the layers under and over it alone, the
/// app's recording or picture (`--backdrop`, `segments`) with any captions. It draws
/// nothing, so it needs something under it: a render without a backdrop is refused.
public struct NoScene: SceneKind {
    public static let name = "none"
    public static let summary = "nothing drawn: the backdrop alone (an app recording or picture, its segments), with any captions"
    public static var options: [any AnyParameter] { [] }
    public static var drawsAlone: Bool { false }

    public static func resolve(_ values: ParameterValues, options: ParameterValues, preset: Preset) throws -> NoScene {
        guard values[Parameters.backdrop] != nil || values[Parameters.segments] != nil else {
            throw values.error(Scenes.scene, "the none scene draws nothing: give what is shown, --backdrop FILE (a recording or a picture) or segments in a job file")
        }
        return NoScene()
    }

    /// Transparent everywhere: the backdrop shows through.
    public var isOpaque: Bool { false }
    public var loopLength: Double? { nil }
    public var naturalEnd: Double? { nil }
    public var json: JSONOutput { .object([]) }

    public func makeScene(plan: RenderPlan, layout: CanvasLayout) throws -> any Scene {
        EmptyScene(canvasWidth: layout.width, canvasHeight: layout.height)
    }
}

/// A scene with an empty draw list: every pixel transparent, no row changing.
struct EmptyScene: Scene {
    let canvasWidth: Int
    let canvasHeight: Int
    func drawList(at time: Double) -> DrawList { DrawList(base: .transparent, commands: []) }
    var dynamicRows: Range<Int> { 0..<0 }
}
