import NotchwaveModel
import NotchwaveRaster

/// One still moment of LiquidSwipe: the page underneath and both sliders (spec 3.1), as a
/// draw list in pixels.
///
/// Order, bottom first: the page's colour (the base), the slider not touched last (its
/// wave, then its button), then the top slider. A slider's wave is filled non-zero with the
/// colour of the page it leads to; its button is the circle stroked 1 pt in the foreground
/// colour at opacity 0.2 and the chevron stroked 2 pt in white, both times the button's
/// opacity (the layer's opacity, applied to each since they do not overlap).
public struct LiquidSwipePose: Sendable, Equatable {
    /// The two sliders.
    public var left: LiquidSwipeWave, right: LiquidSwipeWave
    /// The slider touched last, drawn on top.
    public var top: SliderSide
    /// The current page's colour, the previous page's (under the left wave) and the next
    /// page's (under the right wave).
    public var page: RGBA8, previous: RGBA8, next: RGBA8
    /// After a page change both sliders enter from this many points beyond their edges
    /// (spec 3.6 `sliderOffset`): the left slider moves left by it, the right one right.
    public var sliderOffset: Double
    /// The button circle's colour: SwiftUI's primary (black in light mode; spec 3.5 GUESS).
    public var foreground: RGBA8

    /// A pose.
    public init(left: LiquidSwipeWave, right: LiquidSwipeWave, top: SliderSide = .right, page: RGBA8, previous: RGBA8, next: RGBA8,
                sliderOffset: Double = 0, foreground: RGBA8 = RGBA8(r: 0, g: 0, b: 0)) {
        self.left = left
        self.right = right
        self.top = top
        self.page = page
        self.previous = previous
        self.next = next
        self.sliderOffset = sliderOffset
        self.foreground = foreground
    }

    /// The draw list at `scale` pixels per point; with `shapes`, a wave's filled shape is
    /// taken from those kept there when it has not moved (the same shape to the bit).
    public func drawList(scale: Double, shapes: LiquidSwipeWaveShapes? = nil) -> DrawList {
        var commands: [DrawCommand] = []
        let order: [SliderSide] = top == .right ? [.left, .right] : [.right, .left]
        for side in order {
            let wave = side == .left ? left : right
            let dx = (side == .left ? -sliderOffset : sliderOffset) * scale
            func pixels(_ path: Path) -> Path { path.transformed(scale: scale, dx: dx) }
            let decompose = { pixels(wave.path).shape(fillRule: .nonZero) }
            let fill = shapes?.shape(of: wave, scale: scale, dx: dx, make: decompose) ?? decompose()
            commands.append(DrawCommand(shape: fill, paint: .solid(side == .left ? previous : next)))
            let opacity = Swift.min(Swift.max(wave.buttonOpacity, 0), 1)
            guard opacity > 0 else { continue }
            // The stroked circle is a ring of exact arcs (the same region the general stroker
            // gives, without flattening).
            let c = wave.buttonCenter, r = LiquidSwipeConfig.buttonRadius * scale, half = 0.5 * scale
            let ring = Shape.ring(centerX: Float(c.x * scale + dx), centerY: Float(c.y * scale), inner: Float(r - half), outer: Float(r + half))
            commands.append(DrawCommand(shape: ring, paint: .solid(foreground.scaledAlpha(0.2 * opacity))))
            commands.append(DrawCommand(shape: pixels(wave.chevron).strokedShape(StrokeStyle(width: 2 * scale)),
                                        paint: .solid(RGBA8(r: 255, g: 255, b: 255).scaledAlpha(opacity))))
        }
        return DrawList(base: page, commands: commands)
    }
}

extension RGBA8 {
    /// The colour with its alpha multiplied by `factor` (0...1), rounded.
    func scaledAlpha(_ factor: Double) -> RGBA8 {
        RGBA8(r: r, g: g, b: b, a: UInt8((Double(a) * Swift.min(Swift.max(factor, 0), 1)).rounded()))
    }
}
