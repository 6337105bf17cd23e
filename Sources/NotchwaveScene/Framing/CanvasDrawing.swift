import Foundation
import NotchwaveModel
import NotchwaveRaster
import NotchwaveText

extension Framing {
    /// The paint of a colour or gradient background over the whole canvas; nil for a
    /// transparent one or a file (decoded by the renderer).
    public var backgroundPaint: Paint? {
        let w = Float(width), h = Float(height)
        func stops(_ colors: [Color]) -> [GradientStop] {
            colors.enumerated().map { GradientStop($1.rgba8, at: colors.count > 1 ? Float($0) / Float(colors.count - 1) : 0) }
        }
        switch background {
        case .transparent, .file: return nil
        case let .color(c): return .solid(c.rgba8)
        case let .linear(colors, angle):
            // CSS: 0deg points up, 90deg right; the line through the centre is as long as
            // the canvas's extent along it, so the end colours reach the corners.
            let radians = Float(angle) * .pi / 180
            let dx = sin(radians), dy = -cos(radians)
            let half = (abs(w * dx) + abs(h * dy)) / 2
            let cx = w / 2, cy = h / 2
            return .linear(start: PixelPoint(x: cx - dx * half, y: cy - dy * half), end: PixelPoint(x: cx + dx * half, y: cy + dy * half),
                           stops: stops(colors), interpolation: .srgb)
        case let .radial(colors):
            return .radial(center: PixelPoint(x: w / 2, y: h / 2), startRadius: 0, endRadius: (w * w + h * h).squareRoot() / 2,
                           stops: stops(colors), interpolation: .srgb)
        }
    }

    /// The canvas's texts as draw commands (each line centred in its box, or at its
    /// leading or trailing side).
    public func textCommands() throws -> [DrawCommand] {
        var commands: [DrawCommand] = []
        for text in texts {
            let style = text.style
            let font = try text.font.map { try Font.load(path: $0) }
                ?? Font.load(weight: style.weight == .bold ? .bold : style.weight == .semibold ? .semibold : .regular)
            let lines = font.wrap(text.text, size: style.size, maxWidth: text.width, language: text.language)
            let faces = [font] + lines.flatMap(\.fallbacks)
            let ascent = (faces.map { Double($0.ascender) / Double($0.unitsPerEm) }.max() ?? 0) * style.size
            let lineHeight = ascent + (faces.map { -Double($0.descender) / Double($0.unitsPerEm) }.max() ?? 0) * style.size
            let unit = style.size / Double(font.unitsPerEm)
            var path = Path()
            for (index, line) in lines.enumerated() {
                let w = line.width * unit
                let leftToRight = line.direction == .leftToRight
                let x: Double
                switch style.align {
                case .center: x = text.x + (text.width - w) / 2
                case .leading: x = leftToRight ? text.x : text.x + text.width - w
                case .trailing: x = leftToRight ? text.x + text.width - w : text.x
                }
                path.addPath(font.path(line, size: style.size, x: x, baseline: text.y + ascent + lineHeight * Double(index)))
            }
            commands.append(DrawCommand(shape: path.shape(fillRule: .nonZero), paint: .solid(style.color.rgba8)))
        }
        return commands
    }
}
