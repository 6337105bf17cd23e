#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NotchwaveRaster

/// LiquidSwipe's constants (spec `seed-systems.md` 3.2, exyte's `SliderData.swift` `Config`).
public enum LiquidSwipeConfig {
    /// Initial centre y of the left and the right wave (points).
    public static let leftWaveY = 100.0, rightWaveY = 300.0
    /// The button's circle radius and its gap to the bump's tip (points).
    public static let buttonRadius = 24.0, buttonMargin = 8.0
    /// The chevron's width and height (points).
    public static let arrowWidth = 4.0, arrowHeight = 10.0
    /// Drag distance → progress gain, and the progress below which a release cancels.
    public static let swipeVelocity = 0.45, swipeCancelThreshold = 0.15
    /// The ledge at progress ≤ 0.2, and the bump's radii at progress 0 (points).
    public static let waveMinLedge = 15.0, waveMinHR = 48.0, waveMinVR = 82.0
    /// The normalised bump (spec 3.4): ten cubic segments of six numbers each, x in [0, 1]
    /// outwards, y in [0, 2] upwards from the curve's start.
    public static let bump: [Double] = [
        0, 0.13461, 0.05341, 0.24127, 0.15615, 0.33223,
        0.23616, 0.40308, 0.33052, 0.45611, 0.50124, 0.53505,
        0.51587, 0.54182, 0.56641, 0.56503, 0.57493, 0.56896,
        0.72837, 0.63973, 0.80866, 0.68334, 0.87740, 0.73990,
        0.96534, 0.81226, 1, 0.89361, 1, 1,
        1, 1.10014, 0.95957, 1.18879, 0.86084, 1.27048,
        0.78521, 1.33305, 0.70338, 1.37958, 0.52911, 1.46651,
        0.52418, 1.46896, 0.50573, 1.47816, 0.50153, 1.48026,
        0.31874, 1.57142, 0.23320, 1.62041, 0.15411, 1.68740,
        0.05099, 1.77475, 0, 1.87092, 0, 2,
    ]
}

/// Which edge a slider sits on.
public enum SliderSide: String, Sendable, CaseIterable {
    /// The left slider shows the previous page.
    case left
    /// The right slider shows the next page.
    case right

    /// +1 for the left slider (its bump points right), −1 for the right one.
    public var sign: Double { self == .left ? 1 : -1 }
}

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
        self.side = side
        self.centerY = centerY
        self.progress = progress
        self.width = width
        self.height = height
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
