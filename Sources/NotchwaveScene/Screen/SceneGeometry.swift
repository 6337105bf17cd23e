import NotchwaveModel
import NotchwaveRaster

/// A device's bar in pixels: the spec's section 1 numbers multiplied by the preset's
/// pixel scale, and the x positions both halves start from.
public struct SceneGeometry: Sendable, Equatable {
    /// Pixels per point.
    public let scale: Double
    /// Screen width in points.
    public let screenWidth: Double
    /// Screen height in points.
    public let screenHeight: Double
    /// The bar's numbers in points.
    public let bar: BarGeometry
    /// Top of the bar band in points (the island's top inset; 0 otherwise).
    public let barTop: Double
    /// The cutout kind.
    public let cutout: Cutout
    /// Display corner radius in points.
    public let cornerRadius: Double

    /// The geometry of `preset`.
    public init(preset: Preset) {
        scale = preset.pixelScale
        screenWidth = preset.screenPoints.value.width
        screenHeight = preset.screenPoints.value.height
        bar = preset.bar
        barTop = preset.barTop
        cutout = preset.cutout
        cornerRadius = preset.cornerRadius.value
    }

    /// Half width `hw = (W - cs) / 2` in points.
    public var halfWidth: Double { (screenWidth - bar.cs) / 2 }
    /// The x (points) where the right half starts, `(W + cs) / 2`.
    public var rightStart: Double { (screenWidth + bar.cs) / 2 }
    /// The vertical line the left half mirrors the right half about, in pixels.
    public var mirrorAxis: Float { Float(screenWidth * scale / 2) }
    /// Island height in points (0 without an island).
    public var islandHeight: Double {
        if case let .island(island) = cutout { return island.height.value }
        return 0
    }
    /// Top of the band the waves run in, in points.
    public var bandTop: Double { barTop }
    /// Bottom of that band, in points.
    public var bandBottom: Double { barTop + bar.h }
    /// The closing wave's gradient length `m`: `rt + rb`, or `ih / 2` for an island.
    public var closingGradientLength: Double {
        if case .island = cutout { return islandHeight / 2 }
        return bar.rt + bar.rb
    }

    /// Points to pixels.
    @inline(__always) public func px(_ points: Double) -> Float { Float(points * scale) }

    /// The rows (pixels) the bar band touches.
    public var bandRows: Range<Int> {
        let top = Int((bandTop * scale).rounded(.down))
        let bottom = Int((bandBottom * scale - 1e-6).rounded(.up))
        return top..<max(bottom, top + 1)
    }
}
