import NotchwaveModel
import NotchwaveRaster

/// How the area outside the screen's rounded corners is shown.
public enum MaskFill: Sendable, Equatable {
    /// Transparent (for formats with alpha).
    case transparent
    /// Opaque black.
    case black
}

/// What every scene draws over the screen: the corner mask and the padding an output adds
/// beyond the preset's frame.
public enum ScreenOutside {
    /// The corner mask and the padding beyond the preset's frame (odd sizes made even),
    /// which show the outside colour: transparent or black under a mask, else `base`.
    public static func commands(plan: RenderPlan, shapes: WaveShapes, layout: CanvasLayout, base: RGBA8) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        var outside = base
        if plan.masksCorners {
            outside = layout.maskFill == .transparent ? .transparent : .black
            if let mask = shapes.cornerMask(frameHeight: plan.frameHeight) {
                commands.append(layout.maskFill == .transparent
                    ? DrawCommand(shape: mask, paint: .solid(.black), blend: .destinationOut)
                    : DrawCommand(shape: mask, paint: .solid(.black)))
            }
        }
        let fw = Float(plan.frameWidth), fh = Float(plan.frameHeight)
        let cw = Float(layout.width), ch = Float(layout.height)
        if cw > fw { commands.append(DrawCommand(shape: .rectangle(x0: fw, y0: 0, x1: cw, y1: ch), paint: .solid(outside), blend: .copy)) }
        if ch > fh { commands.append(DrawCommand(shape: .rectangle(x0: 0, y0: fh, x1: fw, y1: ch), paint: .solid(outside), blend: .copy)) }
        return commands
    }
}
