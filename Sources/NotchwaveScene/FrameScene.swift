import NotchwaveModel
import NotchwaveRaster

/// How the area outside the screen's rounded corners is shown.
public enum MaskFill: Sendable, Equatable {
    /// Transparent (for formats with alpha).
    case transparent
    /// Opaque black.
    case black
}

/// One render's frames as draw lists: the background, the style's waves, the cutout and
/// the corner mask, in the spec's painting order, for a canvas of a given size.
public struct FrameScene: Sendable {
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

    /// The scene of `plan` on a `canvasWidth` x `canvasHeight` canvas (defaults: the
    /// plan's frame size). Extra columns or rows beyond the frame show the outside colour.
    public init(plan: RenderPlan, canvasWidth: Int? = nil, canvasHeight: Int? = nil, maskFill: MaskFill = .black) throws(StyleError) {
        self.plan = plan
        geometry = SceneGeometry(preset: plan.preset)
        self.canvasWidth = canvasWidth ?? plan.frameWidth
        self.canvasHeight = canvasHeight ?? plan.frameHeight
        self.maskFill = maskFill
        let styleType = try WaveStyles.named(plan.style.name)
        style = try styleType.init(configuration: StyleConfiguration(geometry: geometry, animation: plan.animation,
                                                                    options: plan.style.options))
        base = plan.animation.background.rgba8
        let shapes = WaveShapes(geometry: geometry)
        var after: [DrawCommand] = []
        if plan.drawsCutout, let cutout = shapes.cutout() {
            after.append(DrawCommand(shape: cutout, paint: .solid(.black)))
        }
        var outside = base
        if plan.masksCorners {
            outside = maskFill == .transparent ? .transparent : .black
            if let mask = shapes.cornerMask(frameHeight: plan.frameHeight) {
                after.append(maskFill == .transparent
                    ? DrawCommand(shape: mask, paint: .solid(.black), blend: .destinationOut)
                    : DrawCommand(shape: mask, paint: .solid(.black)))
            }
        }
        // Padding beyond the preset's frame (odd sizes made even) shows the outside colour.
        let fw = Float(plan.frameWidth), fh = Float(plan.frameHeight)
        let cw = Float(self.canvasWidth), ch = Float(self.canvasHeight)
        if cw > fw { after.append(DrawCommand(shape: .rectangle(x0: fw, y0: 0, x1: cw, y1: ch), paint: .solid(outside), blend: .copy)) }
        if ch > fh { after.append(DrawCommand(shape: .rectangle(x0: 0, y0: fh, x1: fw, y1: ch), paint: .solid(outside), blend: .copy)) }
        fixedAfter = after
    }

    /// The frame at time `t`.
    public func drawList(at t: Double) -> DrawList {
        DrawList(base: base, commands: style.drawCommands(at: t) + fixedAfter)
    }

    /// The frame at frame index `index`.
    public func drawList(frame index: Int) -> DrawList { drawList(at: plan.time(ofFrame: index)) }

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
