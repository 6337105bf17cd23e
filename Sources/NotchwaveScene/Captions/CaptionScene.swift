import NotchwaveModel
import NotchwaveRaster
import NotchwaveText

/// The captions as a layer over the frame: each caption laid out once (its text wrapped
/// to its width and shaped, its pill), then drawn at every time with its opacity then
/// (`CaptionSpec.opacity`: 0 outside its time range, linear fades at both ends).
///
/// Layout, in points of the screen as the viewer holds it (for a landscape preview the
/// screen turned, its pixels drawn a quarter turn clockwise onto the portrait canvas,
/// which the preview turns back): the safe area is the screen less the preset's insets
/// (`Preset.safeAreaInsets`; in landscape the status bar's height on both sides and the
/// home indicator's 21 pt at the bottom, as UIKit gives them); a line is at most the
/// caption's `width`, else the safe area's width less two margins and the pill's padding;
/// lines are `(ascender - descender)` apart, of the tallest of the fonts they draw with
/// (the caption's and the fallbacks for what it lacks); the block is `margin` below
/// the safe area's top (`top`), above its bottom (`bottom`) or centred in it (`center`),
/// centred across unless aligned to the leading or trailing side (the reading
/// direction's: the right for Arabic and Hebrew), where it keeps `margin` from the edge.
/// The pill is the block plus `padding` on every side, with `radius` (default: half the
/// height of a one-line pill) in `cornerStyle`.
public struct CaptionScene: Scene {
    public let canvasWidth: Int
    public let canvasHeight: Int
    /// One laid-out caption: its shapes and colours, and when it shows.
    struct Placed {
        var text: Shape
        var pill: Shape?
        var color: Color
        var background: Color?
        var spec: CaptionSpec
        /// Its bounds in canvas pixels (tests, dynamic rows).
        var bounds: (x0: Double, y0: Double, x1: Double, y1: Double)
    }
    let placed: [Placed]
    /// Where on the screen a caption keeps to, and its lines within it.
    enum Side { case left, middle, right }
    /// The clip's end (a caption without an end lasts until it).
    let clipEnd: Double

    /// The captions of `track` on `plan`'s screen, on a canvas laid out by `layout`.
    public init(track: CaptionTrack, plan: RenderPlan, layout: CanvasLayout) {
        canvasWidth = layout.width
        canvasHeight = layout.height
        clipEnd = plan.duration
        let preset = plan.preset
        let scale = preset.pixelScale
        let landscape = plan.appPreview?.landscape ?? false
        let points = preset.screenPoints.value
        let insets = preset.safeAreaInsets
        // The screen as held: its size and safe area (left, top, right, bottom) in points.
        let width = landscape ? points.height : points.width
        let height = landscape ? points.width : points.height
        let safe: (left: Double, top: Double, right: Double, bottom: Double) = landscape
            ? (insets.top, 0, insets.top, insets.bottom > 0 ? 21 : 0)
            : (0, insets.top, 0, insets.bottom)
        // Points as held → canvas pixels (a quarter turn clockwise in landscape).
        let portraitWidth = Double(preset.pixelWidth)
        func toCanvas(_ p: PathPoint) -> PathPoint {
            landscape ? PathPoint(x: portraitWidth - p.y * scale, y: p.x * scale) : PathPoint(x: p.x * scale, y: p.y * scale)
        }
        let turn = landscape ? Double.pi / 2 : 0
        var placed: [Placed] = []
        for caption in track.captions {
            let spec = caption.spec
            let font = caption.font
            let em = Double(font.unitsPerEm)
            let pad = spec.background == nil ? 0 : spec.padding
            let available = width - safe.left - safe.right - 2 * spec.margin - 2 * pad
            let maxWidth = max(spec.width.map { min($0, available + 2 * pad) - 2 * pad } ?? available, spec.size)
            let lines = font.wrap(caption.text, size: spec.size, maxWidth: maxWidth, language: track.locale)
            // The tallest of the fonts the lines draw with (a fallback's script may reach
            // higher or lower than the caption's font), in ems.
            let faces = [font] + lines.flatMap(\.fallbacks)
            let ascentEm = faces.map { Double($0.ascender) / Double($0.unitsPerEm) }.max() ?? 0
            let descentEm = faces.map { -Double($0.descender) / Double($0.unitsPerEm) }.max() ?? 0
            let lineHeight = (ascentEm + descentEm) * spec.size
            let ascent = ascentEm * spec.size
            let unit = spec.size / em
            let blockWidth = lines.map { $0.width * unit }.max() ?? 0
            let blockHeight = lineHeight * Double(lines.count)
            let pillWidth = blockWidth + 2 * pad, pillHeight = blockHeight + 2 * pad
            let direction = lines.first?.direction ?? .leftToRight
            // The side of the screen the caption keeps to: leading is the reading direction's start.
            let side: Side = spec.align == .center ? .middle : (spec.align == .leading) == (direction == .leftToRight) ? .left : .right
            let left: Double
            switch side {
            case .middle: left = safe.left + (width - safe.left - safe.right - pillWidth) / 2
            case .left: left = safe.left + spec.margin
            case .right: left = width - safe.right - spec.margin - pillWidth
            }
            let top: Double
            switch spec.position {
            case .top: top = safe.top + spec.margin
            case .bottom: top = height - safe.bottom - spec.margin - pillHeight
            case .center: top = safe.top + (height - safe.top - safe.bottom - pillHeight) / 2
            }
            var textPath = Path()
            for (index, line) in lines.enumerated() {
                let lineWidth = line.width * unit
                let x: Double
                switch side {
                case .middle: x = left + pad + (blockWidth - lineWidth) / 2
                case .left: x = left + pad
                case .right: x = left + pad + blockWidth - lineWidth
                }
                textPath.addPath(font.path(line, size: spec.size, x: x, baseline: top + pad + ascent + lineHeight * Double(index)))
            }
            var pill: Shape? = nil
            if spec.background != nil {
                var path = Path()
                let radius = spec.radius ?? (lineHeight + 2 * pad) / 2
                path.addRoundedRect(x0: left, y0: top, x1: left + pillWidth, y1: top + pillHeight, radius: radius,
                                    style: spec.cornerStyle == .continuous ? .continuous : .circular)
                pill = path.mapped(toCanvas, scale: scale, turn: turn).shape(fillRule: .nonZero)
            }
            let corners = [toCanvas(PathPoint(x: left, y: top)), toCanvas(PathPoint(x: left + pillWidth, y: top + pillHeight))]
            placed.append(Placed(text: textPath.mapped(toCanvas, scale: scale, turn: turn).shape(fillRule: .nonZero), pill: pill, color: spec.color, background: spec.background,
                                 spec: spec, bounds: (min(corners[0].x, corners[1].x), min(corners[0].y, corners[1].y),
                                                      max(corners[0].x, corners[1].x), max(corners[0].y, corners[1].y))))
        }
        self.placed = placed
    }

    public func drawList(at time: Double) -> DrawList {
        var commands: [DrawCommand] = []
        for caption in placed {
            let opacity = caption.spec.opacity(at: time, clipEnd: clipEnd)
            guard opacity > 0 else { continue }
            func paint(_ c: Color) -> Paint {
                .solid(RGBA8(r: c.red, g: c.green, b: c.blue, a: UInt8((Double(c.alpha) * opacity).rounded())))
            }
            if let pill = caption.pill, let background = caption.background { commands.append(DrawCommand(shape: pill, paint: paint(background))) }
            commands.append(DrawCommand(shape: caption.text, paint: paint(caption.color)))
        }
        return DrawList(base: .transparent, commands: commands)
    }

    /// The rows any caption covers (the others never change).
    public var dynamicRows: Range<Int> {
        guard !placed.isEmpty else { return 0..<0 }
        let y0 = placed.map(\.bounds.y0).min() ?? 0, y1 = placed.map(\.bounds.y1).max() ?? 0
        return max(0, Int(y0.rounded(.down)) - 1)..<min(canvasHeight, Int(y1.rounded(.up)) + 1)
    }

    /// Each caption's bounds in canvas pixels (x0, y0, x1, y1), in order.
    public var captionBounds: [(x0: Double, y0: Double, x1: Double, y1: Double)] { placed.map(\.bounds) }
}

extension Path {
    /// The path with every point moved by `transform`, a similarity that scales lengths by
    /// `scale` and turns by `turn` radians (curves and arcs stay exact).
    func mapped(_ transform: (PathPoint) -> PathPoint, scale: Double, turn: Double) -> Path {
        var result = Path()
        for element in elements {
            switch element {
            case let .move(p): let q = transform(p); result.move(to: q.x, q.y)
            case let .line(p): let q = transform(p); result.line(to: q.x, q.y)
            case let .quad(control, to): result.quadCurve(to: transform(to), control: transform(control))
            case let .cubic(c1, c2, to): result.curve(to: transform(to), control1: transform(c1), control2: transform(c2))
            case let .arc(center, radius, start, end, clockwise):
                result.addArc(center: transform(center), radius: radius * scale, startAngle: start + turn, endAngle: end + turn, clockwise: clockwise)
            case .close: result.closeSubpath()
            }
        }
        return result
    }
}
