import Foundation
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene

/// The benchmark's frames written out for the peer renderers (`make bench-peers` and
/// `make bench-instructions` run small Cairo and Blend2D programs on them), so that all
/// draw exactly the same geometry at the same size.
///
/// A text file of lines: `canvas W H`, `rows Y0 Y1` (the rows to render), then per frame
/// `frame`, `base R G B A`, and per command `fill R G B A OP` (OP: over, source or
/// dest_out) or `stroke R G B A WIDTH` followed by path lines `M x y`, `L x y`,
/// `C x1 y1 x2 y2 x y`, `A cx cy r a0 a1 dir` (dir 1: increasing angle, 0: decreasing)
/// and `Z`, closed by `end`. Colours are straight 8-bit. LiquidSwipe's paths are written
/// as built (curves and arcs for the peer to flatten itself); the notch bar's bands as
/// their boundaries (lines and arcs). Gradient paints are written as their first stop
/// (the bar's sharp style has none).
public enum PeerScenes {
    /// Writes `liquid-swipe.txt` and `bar.txt` for `preset` into `directory`.
    public static func write(preset: Preset, directory: String) throws {
        var liquid = header(width: preset.pixelWidth, height: preset.pixelHeight, rows: 0..<preset.pixelHeight)
        let scale = preset.pixelScale
        for pose in RasterBenchmark.liquidSwipePoses(preset) {
            liquid += "frame\nbase \(color(pose.page))\n"
            let order: [SliderSide] = pose.top == .right ? [.left, .right] : [.right, .left]
            for side in order {
                let wave = side == .left ? pose.left : pose.right
                liquid += "fill \(color(side == .left ? pose.previous : pose.next)) over\n" + commands(wave.path.transformed(scale: scale)) + "end\n"
                let opacity = min(max(wave.buttonOpacity, 0), 1)
                guard opacity > 0 else { continue }
                liquid += "stroke 0 0 0 \(Int((255 * 0.2 * opacity).rounded())) \(1 * scale)\n" + commands(wave.buttonCircle.transformed(scale: scale)) + "end\n"
                liquid += "stroke 255 255 255 \(Int((255 * opacity).rounded())) \(2 * scale)\n" + commands(wave.chevron.transformed(scale: scale)) + "end\n"
            }
        }
        try liquid.write(toFile: (directory as NSString).appendingPathComponent("liquid-swipe.txt"), atomically: true, encoding: .utf8)

        let plan = try RasterBenchmark.plan(preset)
        let scene = try plan.makeScene()
        var bar = header(width: scene.canvasWidth, height: scene.canvasHeight, rows: scene.dynamicRows)
        for frame in RasterBenchmark.benchmarkFrames(plan) {
            let list = scene.drawList(at: plan.time(ofFrame: frame))
            bar += "frame\nbase \(color(list.base))\n"
            for command in list.commands {
                let op: String
                switch command.blend {
                case .copy: op = "source"
                case .destinationOut: op = "dest_out"
                default: op = "over"
                }
                bar += "fill \(color(command.paint.representativeColor)) \(op)\n" + bands(command.shape) + "end\n"
            }
        }
        try bar.write(toFile: (directory as NSString).appendingPathComponent("bar.txt"), atomically: true, encoding: .utf8)
    }

    private static func header(width: Int, height: Int, rows: Range<Int>) -> String {
        "canvas \(width) \(height)\nrows \(rows.lowerBound) \(rows.upperBound)\n"
    }

    private static func color(_ c: RGBA8) -> String { "\(c.r) \(c.g) \(c.b) \(c.a)" }

    private static func commands(_ path: Path) -> String {
        var out = ""
        for element in path.elements {
            switch element {
            case let .move(p): out += "M \(p.x) \(p.y)\n"
            case let .line(p): out += "L \(p.x) \(p.y)\n"
            case let .quad(c, p): out += "Q \(c.x) \(c.y) \(p.x) \(p.y)\n"
            case let .cubic(c1, c2, p): out += "C \(c1.x) \(c1.y) \(c2.x) \(c2.y) \(p.x) \(p.y)\n"
            case let .arc(c, r, a0, a1, clockwise): out += "A \(c.x) \(c.y) \(r) \(a0) \(a1) \(clockwise ? 0 : 1)\n"
            case .close: out += "Z\n"
            }
        }
        return out
    }

    /// Each band as one closed subpath: down its left boundary, up its right one.
    private static func bands(_ shape: Shape) -> String {
        var out = ""
        for band in shape.bands {
            guard let first = band.left.pieces.first else { continue }
            out += "M \(first.x(at: first.y0)) \(first.y0)\n"
            for piece in band.left.pieces { out += segment(piece, downwards: true) }
            if let last = band.right.pieces.last { out += "L \(last.x(at: last.y1)) \(last.y1)\n" }
            for piece in band.right.pieces.reversed() { out += segment(piece, downwards: false) }
            out += "Z\n"
        }
        return out
    }

    private static func segment(_ piece: BoundaryPiece, downwards: Bool) -> String {
        let (ya, yb) = downwards ? (piece.y0, piece.y1) : (piece.y1, piece.y0)
        switch piece.curve {
        case .line:
            return "L \(piece.x(at: yb)) \(yb)\n"
        case let .arc(cx, cy, r, _):
            let a0 = atan2(Double(ya - cy), Double(piece.x(at: ya) - cx))
            var d = atan2(Double(yb - cy), Double(piece.x(at: yb) - cx)) - a0
            if d > .pi { d -= 2 * .pi }
            if d <= -.pi { d += 2 * .pi }
            return "A \(cx) \(cy) \(r) \(a0) \(a0 + d) \(d > 0 ? 1 : 0)\n"
        }
    }
}

extension Paint {
    /// A solid colour that stands for the paint (the peer benchmark's stand-in for a gradient).
    var representativeColor: RGBA8 {
        switch self {
        case let .solid(c): return c
        case let .linear(_, _, stops, _), let .radial(_, _, _, stops, _), let .conic(_, _, _, stops, _):
            return stops.first?.color ?? .transparent
        case let .mirrored(paint, _): return paint.representativeColor
        case let .regions(bands): return bands.first?.paints.first?.representativeColor ?? .transparent
        }
    }
}
