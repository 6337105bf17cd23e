import NotchwaveModel
import NotchwaveRaster

/// The notch waves' frames as draw lists: the background, the style's waves, the cutout
/// and the corner mask, in the spec's painting order, for a canvas of a given size.
public struct NotchWavesScene: Scene {
    /// The resolved plan.
    public let plan: RenderPlan
    /// The device in pixels.
    public let geometry: SceneGeometry
    /// Canvas size (the preset's frame size, or that made even by padding or cropping).
    public let canvasWidth: Int
    public let canvasHeight: Int
    /// How the outside of the screen's corners is filled.
    public let maskFill: MaskFill
    private let style: any WaveStyle
    private let fixedAfter: [DrawCommand]
    private let base: RGBA8

    /// The scene of `plan` drawing `waves` on a canvas laid out by `layout`. Extra columns
    /// or rows beyond the frame show the outside colour.
    public init(plan: RenderPlan, waves: NotchWaves, layout: CanvasLayout) {
        self.plan = plan
        geometry = SceneGeometry(preset: plan.preset)
        canvasWidth = layout.width
        canvasHeight = layout.height
        maskFill = layout.maskFill
        style = waves.style
        base = waves.animation.background.rgba8
        let shapes = WaveShapes(geometry: geometry)
        var after: [DrawCommand] = []
        if waves.drawsCutout, let cutout = shapes.cutout() {
            after.append(DrawCommand(shape: cutout, paint: .solid(.black)))
        }
        after += ScreenOutside.commands(plan: plan, shapes: shapes, layout: layout, base: base)
        fixedAfter = after
    }

    /// The frame at time `t`.
    public func drawList(at t: Double) -> DrawList {
        DrawList(base: base, commands: style.drawCommands(at: t) + fixedAfter)
    }

    /// The rows that can change from frame to frame (the bar band, widened to even row
    /// boundaries so that 4:2:0 chroma rows never straddle it); every other row is the
    /// same in every frame and can be rendered once.
    public var dynamicRows: Range<Int> {
        let band = geometry.bandRows
        let top = band.lowerBound - band.lowerBound % 2
        let bottom = band.upperBound + band.upperBound % 2
        return (top..<bottom).clamped(to: 0..<canvasHeight)
    }
}
