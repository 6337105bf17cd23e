#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NotchwaveModel
import NotchwaveRaster

/// The slider sides are the model's screen sides.
public typealias SliderSide = ScreenSide

/// One slider's geometry at one pose, in points on a `width` × `height` screen: the
/// derived quantities of spec 3.3 and the paths of 3.4 and 3.5, pure functions of the pose.
public struct LiquidSwipeWave: Sendable, Equatable {
    public var side: SliderSide
    /// The bump's centre y (points).
    public var centerY: Double
    /// The swipe progress, 0 (resting) to 1 (the page has gone over).
    public var progress: Double
    /// The screen's size in points (`UIScreen.main.bounds`).
    public var width: Double, height: Double

    /// A pose.
    public init(side: SliderSide, centerY: Double, progress: Double, width: Double, height: Double) {
        (self.side, self.centerY, self.progress, self.width, self.height) = (side, centerY, progress, width, height)
    }

    /// `Double.interpolate(to:in:min:max:)`: a → b as f goes lo → hi, clamped outside.
    public static func interpolate(_ a: Double, _ b: Double, _ f: Double, _ lo: Double = 0, _ hi: Double = 1) -> Double {
        if f <= lo { return a }
        if f >= hi { return b }
        return a + (b - a) * (f - lo) / (hi - lo)
    }

    /// x of the straight edge (the ledge): 15 pt until p = 0.2, then out to the far edge
    /// by p = 0.8.
    public var ledgeX: Double {
        let ledge = Self.interpolate(LiquidSwipeConfig.waveMinLedge, width, progress, 0.2, 0.8)
        return side == .left ? ledge : width - ledge
    }

    /// The bump's depth: linear to 0.8 W at p = 0.4, then a damped cosine that turns the
    /// bump into a dent after p ≈ 0.6016, back to 0.8 W at p = 1.
    public var horizontalRadius: Double {
        let p1 = 0.4, to = 0.8 * width
        if progress <= p1 { return Self.interpolate(LiquidSwipeConfig.waveMinHR, to, progress, 0, p1) }
        if progress >= 1 { return to }
        let t = (progress - p1) / (1 - p1)
        let m = 9.8
        let beta = 40 / (2 * m)
        let omega = (-beta * beta + (50 / m) * (50 / m)).squareRoot()
        return to * exp(-beta * t) * cos(omega * t)
    }

    /// The bump's half height: 82 pt at p = 0 to 0.9 H at p = 0.4.
    public var verticalRadius: Double {
        Self.interpolate(LiquidSwipeConfig.waveMinVR, 0.9 * height, progress, 0, 0.4)
    }

    /// x of the bump's tip.
    public var tipX: Double { ledgeX + side.sign * horizontalRadius }

    /// The button's centre: its circle sits `buttonMargin` inside the tip.
    public var buttonCenter: PathPoint {
        PathPoint(x: ledgeX + side.sign * (horizontalRadius - (LiquidSwipeConfig.buttonRadius + LiquidSwipeConfig.buttonMargin)), y: centerY)
    }

    /// The button's layer opacity: 1 − 5p, not below 0 (above 1 when a spring overshoots
    /// below p = 0; the renderer clamps when it paints).
    public var buttonOpacity: Double { Swift.max(1 - 5 * progress, 0) }

    /// The wave (spec 3.4): from the ledge at the bottom of the screen up to the bump, the
    /// ten cubic segments through the tip, and back along the ledge to 100 pt above the
    /// screen, closed through 50 pt beyond the slider's own edge. Fill it non-zero.
    public var path: Path {
        let ledge = ledgeX, hr = horizontalRadius, vr = verticalRadius
        let start = vr + centerY
        let sign = side.sign
        let xOut = side == .left ? -50 : width + 50
        var path = Path()
        path.move(to: ledge, -100)
        path.line(to: xOut, -100)
        path.line(to: xOut, height)
        path.line(to: ledge, height)
        path.line(to: ledge, start)
        let d = LiquidSwipeConfig.bump
        func point(_ i: Int) -> PathPoint { PathPoint(x: ledge + sign * hr * d[i], y: start - vr * d[i + 1]) }
        for k in 0..<10 {
            path.curve(to: point(6 * k + 4), control1: point(6 * k), control2: point(6 * k + 2))
        }
        path.closeSubpath()
        return path
    }

    /// The button's circle (spec 3.5), to be stroked 1 pt wide.
    public var buttonCircle: Path {
        var path = Path()
        path.addCircle(center: buttonCenter, radius: LiquidSwipeConfig.buttonRadius)
        return path
    }

    /// The button's chevron, an open polyline to be stroked 2 pt wide: ">" on the left
    /// slider, "<" on the right.
    public var chevron: Path {
        let c = buttonCenter
        let aw = side.sign * LiquidSwipeConfig.arrowWidth / 2, ah = LiquidSwipeConfig.arrowHeight / 2
        var path = Path()
        path.move(to: c.x - aw, c.y - ah)
        path.line(to: c.x + aw, c.y)
        path.line(to: c.x - aw, c.y + ah)
        return path
    }
}
