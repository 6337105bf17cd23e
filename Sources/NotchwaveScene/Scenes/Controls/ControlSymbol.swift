import NotchwaveRaster

/// The SF Symbols the controls use, drawn as stroked paths with round caps and joins in
/// the symbols' proportions (no Apple artwork): measured from the published regular-
/// weight outlines, `minus` and `plus` are 0.093 of their length thick, the chevrons 1.04
/// times as wide as `plus` and 0.585 times as tall, equally thick. A symbol beside text
/// of size `f` is `0.85 f` long (a plus at 17 pt is about 14.5 pt wide), centred on the
/// text's line.
public enum ControlSymbol: String, Sendable, CaseIterable {
    case minus, plus
    case chevronUp = "chevron.up", chevronDown = "chevron.down"

    /// The plus's arm length for text of `fontSize` (points).
    static func length(fontSize: Double) -> Double { 0.85 * fontSize }

    /// The symbol's width and height (points, caps included) beside text of `fontSize`.
    public func size(fontSize: Double) -> (width: Double, height: Double) {
        let l = ControlSymbol.length(fontSize: fontSize)
        switch self {
        case .minus: return (l, 0.093 * l)
        case .plus: return (l, l)
        case .chevronUp, .chevronDown: return (1.04 * l, 0.585 * l)
        }
    }

    /// The stroke width (points).
    public func strokeWidth(fontSize: Double) -> Double { 0.093 * ControlSymbol.length(fontSize: fontSize) }

    /// The symbol centred on `(centerX, centerY)` (points) as a stroked shape in pixels.
    func shape(centerX x: Double, centerY y: Double, fontSize: Double, look: ControlLook) -> Shape {
        let (w, h) = size(fontSize: fontSize)
        let s = strokeWidth(fontSize: fontSize)
        // The centre line: the outline less half the stroke on each side.
        let hw = (w - s) / 2, hh = Swift.max(h - s, 0) / 2
        return look.stroke(width: s, cap: .round, join: .round) { path in
            switch self {
            case .minus:
                path.move(to: x - hw, y)
                path.line(to: x + hw, y)
            case .plus:
                path.move(to: x - hw, y)
                path.line(to: x + hw, y)
                path.move(to: x, y - hw)
                path.line(to: x, y + hw)
            case .chevronUp:
                path.move(to: x - hw, y + hh)
                path.line(to: x, y - hh)
                path.line(to: x + hw, y + hh)
            case .chevronDown:
                path.move(to: x - hw, y - hh)
                path.line(to: x, y + hh)
                path.line(to: x + hw, y - hh)
            }
        }
    }
}
