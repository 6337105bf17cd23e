import NotchwaveModel
import NotchwaveRaster
import NotchwaveText
import NotchwaveTimeline

/// The PopupView tutorial and library popup (spec section 4) on a screen of `width` ×
/// `height` points at `scale` pixels per point: the options' still pose, or the pose a
/// script (or autohide) gives at each time.
///
/// Draw order, bottom first (spec 4.1 items 2 and 6a):
/// 1. white: the window behind the presenter (light mode);
/// 2. the presenter's background, `Color.red.opacity(0.2)` (systemRed at alpha 0.2) over
///    the whole screen;
/// 3. the presenter's button title (`button`), centred on the screen, in systemBlue (a
///    default-style `Button`'s tint);
/// 4. the dimming layer (`background`) over the whole screen, its alpha times the state's
///    background opacity;
/// 5. the popup: a `size` rectangle of `color` at its frame (`PopupLayout`);
/// 6. its label (`text`), black (SwiftUI's primary in light mode), centred on it and
///    scaled with it.
///
/// Labels are `fontSize` points; a label is centred on its line box (the font's ascender
/// to descender) and on its advance width, as SwiftUI centres a `Text` frame. Positions
/// are exact (no pixel snapping: the offset is an animated render transform).
public struct PopupScene: ScreenScene {
    /// The screen: its size in points, pixel scale, canvas and overlay.
    public let screen: ScreenCanvas
    /// The popup's places.
    public let layout: PopupLayout
    /// The options as given.
    public let options: PopupOptions
    private let initial: PopupState
    private let timeline: PopupTimeline?
    private let buttonLabel: Shape
    /// The popup's label in pixels, its origin at the popup's centre.
    private let popupLabel: [Contour]
    /// The window behind the presenter: white, or transparent over a backdrop (the app's
    /// screen shows there, under the presenter's tint, the dimming and the popup).
    private let window: RGBA8

    /// The presenter's background: `Color.red.opacity(0.2)`.
    public static let presenterBackground = RGBA8(r: 255, g: 59, b: 48, a: 51)
    /// The button title's colour: systemBlue.
    public static let buttonColor = RGBA8(r: 0, g: 122, b: 255)
    /// The popup label's colour: black.
    public static let textColor = RGBA8.black

    /// The scene of `options`, driven by `script` when there is one (or by the time line of
    /// the initial pose alone when `options.autohide` is set); a still pose otherwise.
    /// Labels are drawn with `font`; with nil, none are drawn.
    public init(options: PopupOptions, script: PopupScript?, width: Double, height: Double, scale: Double, font: Font?) {
        self.init(options: options, script: script, screen: ScreenCanvas(width: width, height: height, scale: scale), font: font)
    }

    /// The scene on `screen` (its canvas and overlay).
    public init(options: PopupOptions, script: PopupScript?, screen: ScreenCanvas, font: Font?) {
        self.options = options
        self.screen = screen
        let (width, height, scale) = (screen.width, screen.height, screen.scale)
        window = screen.background(.white)
        layout = PopupLayout(options: options, width: width, height: height)
        initial = PopupState(options.state)
        timeline = script != nil || options.autohide != nil ? PopupTimeline(script: script ?? PopupScript(events: []), options: options) : nil
        let size = options.fontSize * scale
        func label(_ text: String, centerX: Double, centerY: Double) -> Path {
            guard let font, !text.isEmpty else { return Path() }
            let em = size / Double(font.unitsPerEm)
            let baseline = centerY + Double(font.ascender + font.descender) / 2 * em
            return font.path(text, size: size, x: centerX - font.width(of: text, size: size) / 2, baseline: baseline)
        }
        let canvas = (width: Double(screen.canvasWidth), height: Double(screen.canvasHeight))
        buttonLabel = Contour.visible(Contour.split(label(options.button, centerX: width * scale / 2, centerY: height * scale / 2)),
                                      scale: 1, dx: 0, dy: 0, width: canvas.width, height: canvas.height).shape(fillRule: .nonZero)
        popupLabel = Contour.split(label(options.text, centerX: 0, centerY: 0))
    }

    /// The scene of `options` with the font at `fontPath` (Inter by default), loaded only
    /// when there is a label to draw.
    public init(options: PopupOptions, script: PopupScript?, width: Double, height: Double, scale: Double,
                fontPath: String?) throws(TextError) {
        let font = options.text.isEmpty && options.button.isEmpty ? nil : try Font.load(path: fontPath)
        self.init(options: options, script: script, width: width, height: height, scale: scale, font: font)
    }

    /// The state at `time`: the still pose without a time line.
    public func state(at time: Double) -> PopupState {
        timeline?.state(at: time) ?? initial
    }

    /// The popup's frame at `time`.
    public func frame(at time: Double) -> PopupLayout.Frame {
        let s = state(at: time)
        return layout.frame(presence: s.presence, drag: s.drag)
    }

    public func drawList(at time: Double) -> DrawList {
        let s = state(at: time)
        let w = Float(width * scale), h = Float(height * scale)
        let screen = Shape.rectangle(x0: 0, y0: 0, x1: w, y1: h)
        var commands = [DrawCommand(shape: screen, paint: .solid(Self.presenterBackground))]
        if !buttonLabel.bands.isEmpty { commands.append(DrawCommand(shape: buttonLabel, paint: .solid(Self.buttonColor))) }
        let dim = options.background.color
        let dimAlpha = (Double(dim.alpha) * Swift.min(Swift.max(s.background, 0), 1)).rounded()
        if dimAlpha > 0 {
            commands.append(DrawCommand(shape: screen, paint: .solid(RGBA8(r: dim.red, g: dim.green, b: dim.blue, a: UInt8(dimAlpha)))))
        }
        let f = layout.frame(presence: s.presence, drag: s.drag)
        let k = Swift.max(f.scale, 0)
        let cx = f.centerX * scale, cy = f.centerY * scale
        let hw = options.width * k * scale / 2, hh = options.height * k * scale / 2
        // Skip a popup wholly off the screen (hidden) or shrunk to nothing.
        if k > 0, cx + hw > 0, cx - hw < Double(w), cy + hh > 0, cy - hh < Double(h) {
            let c = options.color.color
            commands.append(DrawCommand(shape: .rectangle(x0: Float(cx - hw), y0: Float(cy - hh), x1: Float(cx + hw), y1: Float(cy + hh)),
                                        paint: .solid(RGBA8(r: c.red, g: c.green, b: c.blue, a: c.alpha))))
            let label = Contour.visible(popupLabel, scale: k, dx: cx, dy: cy, width: Double(w), height: Double(h))
            if !label.elements.isEmpty {
                commands.append(DrawCommand(shape: label.shape(fillRule: .nonZero), paint: .solid(Self.textColor)))
            }
        }
        return DrawList(base: window, commands: commands + self.screen.overlay)
    }
}

/// One contour (subpath) of a label with the box around its points and control points
/// (pixels). A contour wholly outside the canvas changes no pixel of it, even a hole's (its
/// winding only counts where it lies), so leaving it out is exact and spares flattening
/// glyphs far off the screen.
struct Contour: Sendable {
    var path: Path
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    /// The contours of `path`, each starting at a move.
    static func split(_ path: Path) -> [Contour] {
        var contours: [Contour] = []
        var current = Contour(path: Path())
        func include(_ p: PathPoint, _ r: Double = 0) {
            current.minX = Swift.min(current.minX, p.x - r)
            current.maxX = Swift.max(current.maxX, p.x + r)
            current.minY = Swift.min(current.minY, p.y - r)
            current.maxY = Swift.max(current.maxY, p.y + r)
        }
        for element in path.elements {
            switch element {
            case let .move(p):
                if !current.path.elements.isEmpty { contours.append(current) }
                current = Contour(path: Path())
                current.path.move(to: p.x, p.y)
                include(p)
            case let .line(p):
                current.path.line(to: p.x, p.y)
                include(p)
            case let .quad(c, p):
                current.path.quadCurve(to: p, control: c)
                include(c)
                include(p)
            case let .cubic(c1, c2, p):
                current.path.curve(to: p, control1: c1, control2: c2)
                include(c1)
                include(c2)
                include(p)
            case let .arc(c, r, start, end, clockwise):
                current.path.addArc(center: c, radius: r, startAngle: start, endAngle: end, clockwise: clockwise)
                include(c, r)
            case .close:
                current.path.closeSubpath()
            }
        }
        if !current.path.elements.isEmpty { contours.append(current) }
        return contours
    }

    /// The contours scaled by `scale` and moved by `(dx, dy)` that reach into a `width` ×
    /// `height` canvas, as one path.
    static func visible(_ contours: [Contour], scale: Double, dx: Double, dy: Double, width: Double, height: Double) -> Path {
        var result = Path()
        for c in contours where c.maxX * scale + dx > 0 && c.minX * scale + dx < width && c.maxY * scale + dy > 0 && c.minY * scale + dy < height {
            result.addPath(c.path.transformed(scale: scale, dx: dx, dy: dy))
        }
        return result
    }
}
