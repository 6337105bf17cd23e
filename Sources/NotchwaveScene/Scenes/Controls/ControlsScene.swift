import Foundation
import NotchwaveModel
import NotchwaveRaster
import NotchwaveText

/// The controls on an app screen, in points × the preset's scale: the option's component
/// (or the cart, or every component in the showcase) stacked in the middle of the screen,
/// 16 pt from each side (SwiftUI's default padding), each drawn as spec 5 describes and
/// posed as the script (or the options) say at each time.
///
/// Geometry (points; `lh` is a text style's line height: title2 22/28, body 17/22,
/// callout 16/21, footnote 13/18, Apple's Dynamic Type defaults):
/// - custom button: full width, `lh(title2) + 24` high (padding 12/24 applied once: the
///   spec's second padding is taken as the listing's slip), a 2 pt capsule stroke centred
///   on its edge, the bold title centred; yellow, red for `.destructive`, or the tint;
/// - full-width button: `lh(body) + 32` high (default padding 16), a continuous rounded
///   rectangle of radius 8 in the tint, the white label centred;
/// - bordered-prominent: the label (or the default pair, 8 pt apart) 14 pt from each
///   side and 7 pt from top and bottom of a continuous rounded rectangle of radius 6 in
///   the tint, white text;
/// - custom slider: 44 pt high; the lower and upper bounds as tinted buttons at the ends,
///   8 pt from the track; the track a continuous rounded rectangle of radius 8 filled with
///   the material, the tint (grey at half opacity when disabled) over its first
///   `rel · width`;
/// - system slider and range slider: 27 pt high, a 4 pt capsule track, 27 pt white thumbs
///   kept inside the track (thumb centre `x0 + 13.5 + rel · (width − 27)`), the tint
///   between the track's start (or the lower thumb) and the thumb;
/// - capsule stepper: minus, the value and plus, 8 pt apart, white on a tinted capsule
///   padded `p` and `2p` (p = 4, 6, 8 by control size), the label on the left;
/// - vertical stepper: the value over a hidden "99" in tabular figures, chevrons each
///   padded 4 in a column, padded 16 and 4, on a continuous rounded rectangle of radius 8
///   filled with the material, the label on the left.
///
/// Looks: pressed is opacity 0.5 over the control; disabled is saturation 0 and
/// brightness −0.2 (spec 5 item 2) over the control (its material stays as it is).
/// Symbols follow `ControlSymbol`; text is Inter, the free face closest to SF Pro (the
/// rounded design of the custom button's title2 has no free counterpart: Inter Bold).
public struct ControlsScene: ScreenScene {
    /// The screen: its size in points, pixel scale, canvas and overlay.
    public let screen: ScreenCanvas
    /// The options as given.
    public let options: ControlsOptions
    /// What the script makes of the controls over time.
    public let timeline: ControlsTimeline
    /// The rows, top first, each with its top edge (points).
    let rows: [(top: Double, row: ControlRow)]
    let style: ControlLook

    /// The scene of `options` on `screen`, driven by `script` (nil: the still pose).
    public init(options: ControlsOptions, script: ControlsScript?, screen: ScreenCanvas, appearance: Appearance, fonts: ControlFonts) {
        self.options = options
        self.screen = screen
        let look = ControlLook(options: options, appearance: appearance, fonts: fonts, scale: screen.scale)
        style = look
        let width = screen.width - 2 * ControlLook.margin
        let built = ControlRow.rows(for: options, look: look, width: width)
        let spacing = options.component == .cart ? 16.0 : 24.0
        let total = built.reduce(0) { $0 + $1.height } + spacing * Double(Swift.max(built.count - 1, 0))
        var top = (screen.height - total) / 2
        var placed: [(Double, ControlRow)] = []
        for row in built {
            placed.append((top, row))
            top += row.height + spacing
        }
        rows = placed
        // A disabled control takes no touches: its script does nothing.
        let events = options.disabled ? [] : (script?.events ?? [])
        timeline = ControlsTimeline(script: ControlsScript(events: events), context: ControlRow.context(options: options, rows: built, width: width))
    }

    /// Why `options`' controls do not fit a `width` x `height` pt screen, or nil: the
    /// stack taller than the screen, or the custom slider's track under 44 pt wide.
    static func layoutProblem(options: ControlsOptions, width: Double, height: Double, fonts: ControlFonts) -> String? {
        let look = ControlLook(options: options, appearance: .light, fonts: fonts, scale: 1)
        let content = width - 2 * ControlLook.margin
        let rows = ControlRow.rows(for: options, look: look, width: content)
        let spacing = options.component == .cart ? 16.0 : 24.0
        let total = rows.reduce(0) { $0 + $1.height } + spacing * Double(Swift.max(rows.count - 1, 0))
        if total > height {
            return "component=\(options.component.rawValue) is \(Int(total.rounded(.up))) pt tall, the screen \(Int(height)) pt"
        }
        for row in rows {
            if case .customSlider = row.kind {
                let span = row.trackSpan(x0: 0, width: content)
                if span.x1 - span.x0 < 44 { return "the slider's bound labels leave its track under 44 pt on a \(Int(width)) pt wide screen" }
            }
        }
        return nil
    }

    /// The targets `options`' component offers to scripts.
    public static func targets(of options: ControlsOptions) -> Set<String> {
        switch options.component {
        case .button: return ["button"]
        case .slider: return options.style == .system ? ["thumb", "value"] : ["thumb", "value", "minimum", "maximum"]
        case .rangeSlider: return ["lower-thumb", "upper-thumb"]
        case .capsuleStepper, .verticalStepper: return ["increment", "decrement", "value"]
        case .cart: return ["item N", "item N increment", "item N decrement", "button"]
        case .showcase: return ["button", "thumb", "value", "minimum", "maximum", "lower-thumb", "upper-thumb", "increment", "decrement"]
        }
    }

    /// The rows' frames (points: x0, top, x1, bottom) by kind, top first: what the tests
    /// measure against.
    public var frames: [(kind: String, x0: Double, y0: Double, x1: Double, y1: Double)] {
        rows.map { (top, row) in (row.kind.name, ControlLook.margin, top, screen.width - ControlLook.margin, top + row.height) }
    }

    /// The rows the controls cover, grown by a material's blur reach (a material blurs
    /// the canvas rows within that reach, so the frame's slice must hold them): the rest
    /// of the screen is the still background.
    public var dynamicRows: Range<Int> {
        guard let first = rows.first, let last = rows.last else { return 0..<0 }
        let k = ControlLook.backdropScale
        let reach = (BoxBlur(sigma: style.material.blur * scale / Double(k)).reach + 1) * k + 2
        let low = Int((first.top * scale).rounded(.down)) - reach, high = Int(((last.top + last.row.height) * scale).rounded(.up)) + reach
        return (low..<high).clamped(to: 0..<canvasHeight)
    }

    public func drawList(at time: Double) -> DrawList { composition(at: time).flattened }

    public func composition(at time: Double) -> Composition {
        var steps: [CompositionStep] = []
        for (top, row) in rows {
            steps += row.steps(top: top, x0: ControlLook.margin, width: screen.width - 2 * ControlLook.margin, at: time, timeline: timeline, look: style)
        }
        if !screen.overlay.isEmpty { steps.append(.draw(screen.overlay)) }
        return Composition(base: screen.background(style.background), steps: ControlsScene.merged(steps))
    }

    /// Consecutive plain draws joined into one step (one layer fewer each).
    static func merged(_ steps: [CompositionStep]) -> [CompositionStep] {
        var result: [CompositionStep] = []
        for step in steps {
            if case let .draw(more) = step, case let .draw(commands)? = result.last {
                result[result.count - 1] = .draw(commands + more)
            } else if case let .draw(commands) = step, commands.isEmpty {
                continue
            } else {
                result.append(step)
            }
        }
        return result
    }
}

/// Colours, fonts and materials of one render, and the point-to-pixel drawing helpers.
struct ControlLook: Sendable {
    /// The distance from the screen's sides (SwiftUI's default padding).
    static let margin = 16.0
    /// How much coarser than the canvas a material's backdrop is blurred.
    static let backdropScale = 4
    let appearance: Appearance
    let fonts: ControlFonts
    let scale: Double
    let background: RGBA8, primary: RGBA8, secondary: RGBA8
    /// The options' tint, if given.
    let tint: RGBA8?
    let material: ControlMaterial

    init(options: ControlsOptions, appearance: Appearance, fonts: ControlFonts, scale: Double) {
        self.appearance = appearance
        self.fonts = fonts
        self.scale = scale
        background = appearance == .light ? .white : .black
        primary = appearance == .light ? .black : .white
        secondary = ControlLook.system("gray", appearance)
        tint = options.tint.map { ControlLook.rgba($0.color) }
        material = options.material
    }

    static func rgba(_ c: Color) -> RGBA8 { RGBA8(r: c.red, g: c.green, b: c.blue, a: c.alpha) }
    static func system(_ name: String, _ appearance: Appearance) -> RGBA8 {
        rgba(SystemColors.color(named: name, appearance: appearance) ?? .black)
    }
    func system(_ name: String) -> RGBA8 { ControlLook.system(name, appearance) }

    /// The tint, or `name`'s system colour.
    func tint(or name: String) -> RGBA8 { tint ?? system(name) }

    /// Shapes already decomposed (most of a frame's shapes are the previous frame's).
    let shapes = ShapeCache()

    /// A path built in points, as a shape in pixels.
    func shape(_ build: (inout Path) -> Void) -> Shape {
        var path = Path()
        build(&path)
        return shapes.shape(for: .fill(path)) { path.transformed(scale: scale).shape(fillRule: .nonZero) }
    }

    /// A path built in points, stroked `width` points wide, in pixels.
    func stroke(width: Double, cap: StrokeStyle.Cap = .butt, join: StrokeStyle.Join = .miter, _ build: (inout Path) -> Void) -> Shape {
        var path = Path()
        build(&path)
        let style = StrokeStyle(width: width * scale, cap: cap, join: join)
        return shapes.shape(for: .stroke(path, width: width, round: cap == .round)) { path.transformed(scale: scale).strokedShape(style) }
    }

    /// `text` in `style`, its left end at `x` and its line box centred on `centerY`
    /// (points), as a shape in pixels.
    func text(_ text: String, _ style: TextStyle, x: Double, centerY: Double) -> Shape {
        shapes.shape(for: .text(text, size: style.size, weight: "\(style.weight)", features: style.features, x: x, centerY: centerY)) {
            let font = style.font(fonts)
            let size = style.size * scale
            let em = size / Double(font.unitsPerEm)
            let baseline = centerY * scale + Double(font.ascender + font.descender) / 2 * em
            return font.path(text, size: size, x: x * scale, baseline: baseline, features: style.features).shape(fillRule: .nonZero)
        }
    }

    /// The advance width of `text` in `style` (points).
    func width(_ text: String, _ style: TextStyle) -> Double {
        style.font(fonts).width(of: text, size: style.size, features: style.features)
    }

    /// A material filling `shape`: its backdrop blurred at a quarter of the pixel
    /// resolution, as Core Animation's material recipes do (`backdropScale` 0.25).
    func material(_ shape: Shape) -> CompositionStep {
        .material(Material(shape: shape, blur: BoxBlur(sigma: material.blur * scale / Double(ControlLook.backdropScale)),
                           downscale: ControlLook.backdropScale, saturation: material.saturation,
                           tint: appearance == .light ? material.lightTint : material.darkTint))
    }
}

/// The shapes one scene has decomposed, by what they were made from (a shape is a pure
/// function of that, so a cached one is the same bytes): shared by the workers rendering
/// its frames, under a lock, and emptied when it grows past `capacity` (an animated
/// shape makes a new entry every frame).
final class ShapeCache: @unchecked Sendable {
    enum Key: Hashable {
        case fill(Path)
        case stroke(Path, width: Double, round: Bool)
        case text(String, size: Double, weight: String, features: [String], x: Double, centerY: Double)
    }
    static let capacity = 2048
    private var shapes: [Key: Shape] = [:]
    private let lock = NSLock()

    func shape(for key: Key, make: () -> Shape) -> Shape {
        lock.lock()
        if let shape = shapes[key] {
            lock.unlock()
            return shape
        }
        lock.unlock()
        let shape = make()
        lock.lock()
        if shapes.count >= ShapeCache.capacity { shapes.removeAll(keepingCapacity: true) }
        shapes[key] = shape
        lock.unlock()
        return shape
    }
}

/// A text style: SwiftUI's Dynamic Type size at the default ("Large") setting.
struct TextStyle: Sendable {
    enum Weight: Sendable { case regular, semibold, bold }
    var size: Double, lineHeight: Double, weight: Weight = .regular
    /// OpenType features (`tnum` for `.monospacedDigit()`).
    var features: [String] = []

    static let title2 = TextStyle(size: 22, lineHeight: 28, weight: .bold)
    static let body = TextStyle(size: 17, lineHeight: 22)
    static let callout = TextStyle(size: 16, lineHeight: 21)
    static let footnote = TextStyle(size: 13, lineHeight: 18)

    func font(_ fonts: ControlFonts) -> Font {
        switch weight {
        case .regular: return fonts.regular
        case .semibold: return fonts.semibold
        case .bold: return fonts.bold
        }
    }
    var semibold: TextStyle { var s = self; s.weight = .semibold; return s }
    var monospacedDigits: TextStyle { var s = self; s.features = ["tnum"]; return s }
}

/// SwiftUI's light materials as Apple's CoreMaterial recipes give them (blur radius and
/// saturation of `platformContentThinLight`, `platformContentLight`,
/// `platformContentThickLight`), with the recipe's luminance map and brightness replaced by
/// one flat tint fitted to iOS's measured output over black, grey and white (thin: 59 % of
/// 238; regular: 81 % of 243; thick: 96 % of 244). The blur radius is taken as two
/// standard deviations. Dark materials use the same blur and alpha over a dark grey (a
/// decision: no measurement was found).
public enum ControlMaterial: String, Sendable, CaseIterable, ChoiceValue {
    case thin, regular, thick

    /// The Gaussian's standard deviation (points).
    public var blur: Double {
        switch self {
        case .thin, .regular: return 15
        case .thick: return 22.5
        }
    }
    /// The saturation applied to the blurred pixels.
    public var saturation: Double {
        switch self {
        case .thin: return 1.35
        case .regular, .thick: return 1.5
        }
    }
    /// The tint laid over them (light appearance).
    public var lightTint: RGBA8 {
        switch self {
        case .thin: return RGBA8(r: 238, g: 238, b: 238, a: 150)
        case .regular: return RGBA8(r: 243, g: 243, b: 243, a: 207)
        case .thick: return RGBA8(r: 244, g: 244, b: 244, a: 245)
        }
    }
    /// The tint in the dark appearance.
    public var darkTint: RGBA8 {
        let light = lightTint
        return RGBA8(r: 37, g: 37, b: 37, a: light.a)
    }
}
