/// Where a popup sits, or (for `.default`) which edge it slides from (spec 4.2 `position`).
public enum PopupPosition: String, Sendable, CaseIterable {
    /// The top edge.
    case top
    /// The bottom edge (PV-2022's default).
    case bottom

    /// The direction (+1 down, −1 up) in which the popup leaves the screen and in which a
    /// drag dismisses it.
    public var dismissSign: Double { self == .bottom ? 1 : -1 }
}

/// The popup's kind (spec 4.2 `type`): where it is displayed. All kinds show the same
/// content; only its displayed vertical position differs.
public enum PopupKind: String, Sendable, CaseIterable {
    /// Centred on the screen (the tutorial's popup).
    case `default`
    /// Flush with the top or bottom edge of the screen (no safe-area inset, as PV-2022).
    case toast
    /// `vertical-padding` points inside the top or bottom edge.
    case floater
}

/// How the popup enters and leaves (spec 4.3, PV-HEAD's `AppearAnimation`). Without one
/// (`PopupOptions.appear == nil`) the popup slides as in 4.1/4.2: from 5 pt beyond the
/// edge of `position`.
public enum PopupAppear: String, Sendable, CaseIterable {
    /// From just above the screen (popup's bottom edge on the screen's top edge).
    case topSlide = "top-slide"
    /// From just below the screen (its top edge on the screen's bottom edge).
    case bottomSlide = "bottom-slide"
    /// From just left of the screen (its right edge on the screen's left edge).
    case leftSlide = "left-slide"
    /// From just right of the screen.
    case rightSlide = "right-slide"
    /// Grows from scale 0 at its displayed place.
    case centerScale = "center-scale"
}

/// A still pose of the popup (option `state`): shown, hidden, or a fraction of the 0.3 s
/// show or hide animation's duration elapsed (the easing is applied by the renderer).
public enum PopupPoseState: Sendable, Equatable {
    case shown
    case hidden
    /// `F` (0...1) of the show animation's duration elapsed.
    case showing(Double)
    /// `F` (0...1) of the hide animation's duration elapsed.
    case hiding(Double)

    /// Whether the popup is presented (`isPresented`) in this pose.
    public var isPresented: Bool {
        switch self {
        case .shown, .showing: return true
        case .hidden, .hiding: return false
        }
    }
}

/// The PopupView scene's options (issue 14, spec section 4), parsed and checked.
///
/// Decisions where the spec is silent:
/// - Labels are SwiftUI's `.body` font, 17 pt (`font-size` changes both); the popup's label
///   is the primary colour (black, light mode), the button's title the system tint
///   (`systemBlue`), as a default-style `Button` shows it.
/// - `color` is the popup's fill, systemBlue by default (`Color.blue`); `background` is the
///   dimming layer's colour at full opacity (transparent by default, PV-2022's `.clear`).
/// - A toast and a floater show the same content as the default popup (a `size` rectangle
///   with `text`); PV-2022 does not restyle content by type. A full-width toast is
///   `size=<screen width>x60`, for example.
public struct PopupOptions: Sendable, Equatable {
    /// Where the popup is displayed.
    public var type = PopupKind.default
    /// A floater's distance (points) from its edge (PV-2022's `floater(verticalPadding: 50)`).
    public var verticalPadding = 50.0
    /// The edge of a toast or floater, and the slide direction of every kind.
    public var position = PopupPosition.bottom
    /// The dimming layer between the presenter and the popup: this colour faded from 0 to
    /// its own opacity as the popup shows.
    public var background = Color.transparent
    /// Seconds from each show until the popup dismisses itself (nil: never).
    public var autohide: Double?
    /// The popup's size in points.
    public var width = 200.0, height = 100.0
    /// The popup's fill.
    public var color = Color(rgb: 0x007AFF)
    /// The popup's label (empty: none).
    public var text = "Popup!"
    /// The presenter's button title (empty: none).
    public var button = "Push me"
    /// The labels' size in points.
    public var fontSize = 17.0
    /// The still pose (and, with a script, the pose the clip starts from).
    public var state = PopupPoseState.hidden
    /// The 4.3 appear and disappear animation, or nil for the 4.1/4.2 slide.
    public var appear: PopupAppear?
    /// PV-2022's `closeOnTap`, `closeOnTapOutside` and `dragToDismiss`.
    public var closeOnTap = true, closeOnTapOutside = false, dragToDismiss = true
    /// A script of events (a file path), or nil.
    public var script: String?

    /// The largest size, padding or font size (points) and time (seconds) an option takes.
    public static let limit = 100_000.0

    /// The largest label size (points): glyph outlines far beyond any screen only cost time.
    public static let maxFontSize = 1000.0

    /// The options' keys, with what each takes (for help and error messages).
    public static let keys: [(key: String, takes: String)] = [
        ("type", "default, toast or floater (default default)"),
        ("vertical-padding", "PT: a floater's distance from its edge (default 50)"),
        ("position", "top or bottom: a toast's or floater's edge, every popup's slide direction (default bottom)"),
        ("background", "COLOR: the dimming layer behind the popup, faded in with it (default transparent)"),
        ("autohide", "SECONDS: dismiss this long after each show (needs no script)"),
        ("size", "WxH: the popup's size in points (default 200x100)"),
        ("color", "COLOR: the popup's fill (default blue, #007AFF)"),
        ("text", "STRING: the popup's label (default Popup!; empty for none)"),
        ("button", "STRING: the presenter's button title (default Push me; empty for none)"),
        ("font-size", "PT: both labels' size, up to 1000 (default 17, SwiftUI's body)"),
        ("state", "shown, hidden, showing:F or hiding:F with F the fraction (0 to 1) of the 0.3 s animation (default hidden)"),
        ("appear", "top-slide, bottom-slide, left-slide, right-slide or center-scale (PopupView 5's animations; default: slide from position)"),
        ("close-on-tap", "true or false: a tap on the popup dismisses it (default true)"),
        ("close-on-tap-outside", "true or false: a tap beside it dismisses it (default false)"),
        ("drag-to-dismiss", "true or false (default true)"),
        ("script", "FILE: a JSON time line of shows, hides, taps and drags"),
    ]

    /// Defaults: the tutorial's hidden 200x100 blue popup.
    public init() {}

    /// The options given as `key=value` pairs, each checked; unknown keys are errors.
    public static func parse(_ pairs: [(key: String, value: String)]) throws(SceneOptionError) -> PopupOptions {
        var options = PopupOptions()
        for (key, value) in pairs {
            func fail(_ problem: String) -> SceneOptionError { SceneOptionError(key: key, problem: problem) }
            func points(_ text: Substring, what: String, allowZero: Bool) throws(SceneOptionError) -> Double {
                guard let v = TextInput.decimal(text), v.isFinite, allowZero ? v >= 0 : v > 0, v <= limit else {
                    throw fail("\"\(text)\" is not \(what) (\(allowZero ? "0" : "more than 0") to \(Int(limit)))")
                }
                return v
            }
            func flag() throws(SceneOptionError) -> Bool {
                switch value {
                case "true", "yes", "1": return true
                case "false", "no", "0": return false
                default: throw fail("\"\(value)\" is not true or false")
                }
            }
            switch key {
            case "type":
                guard let kind = PopupKind(rawValue: value) else { throw fail("\"\(value)\" is not default, toast or floater") }
                options.type = kind
            case "vertical-padding":
                options.verticalPadding = try points(value[...], what: "a padding in points", allowZero: true)
            case "position":
                guard let position = PopupPosition(rawValue: value) else { throw fail("\"\(value)\" is not top or bottom") }
                options.position = position
            case "background", "color":
                let color: Color
                do { color = try Color.parse(Self.isBareHex(value) ? "#" + value : value) } catch { throw fail(error.description) }
                if key == "color" { options.color = color } else { options.background = color }
            case "autohide":
                options.autohide = try points(value[...], what: "a time in seconds", allowZero: true)
            case "size":
                let parts = value.split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2 else { throw fail("\"\(value)\" is not WxH (such as 200x100)") }
                options.width = try points(parts[0], what: "a width in points", allowZero: false)
                options.height = try points(parts[1], what: "a height in points", allowZero: false)
            case "text":
                guard value.unicodeScalars.count <= 1000 else { throw fail("is longer than 1000 characters") }
                options.text = value
            case "button":
                guard value.unicodeScalars.count <= 1000 else { throw fail("is longer than 1000 characters") }
                options.button = value
            case "font-size":
                options.fontSize = try points(value[...], what: "a size in points", allowZero: false)
                guard options.fontSize <= maxFontSize else { throw fail("\(options.fontSize) is larger than \(Int(maxFontSize)) points") }
            case "state":
                options.state = try parseState(value)
            case "appear":
                guard let appear = PopupAppear(rawValue: value) else {
                    throw fail("\"\(value)\" is not \(PopupAppear.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                options.appear = appear
            case "close-on-tap": options.closeOnTap = try flag()
            case "close-on-tap-outside": options.closeOnTapOutside = try flag()
            case "drag-to-dismiss": options.dragToDismiss = try flag()
            case "script":
                guard !value.isEmpty else { throw fail("give the script's file") }
                options.script = value
            default:
                throw fail("unknown (the popup scene takes \(keys.map(\.key).joined(separator: ", ")))")
            }
        }
        return options
    }

    /// `shown`, `hidden`, `showing:F` or `hiding:F`.
    static func parseState(_ value: String) throws(SceneOptionError) -> PopupPoseState {
        switch value {
        case "shown": return .shown
        case "hidden": return .hidden
        default: break
        }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == "showing" || parts[0] == "hiding" else {
            throw SceneOptionError(key: "state", problem: "\"\(value)\" is not shown, hidden, showing:F or hiding:F")
        }
        guard let f = TextInput.decimal(parts[1]), f.isFinite, (0...1).contains(f) else {
            throw SceneOptionError(key: "state", problem: "\"\(parts[1])\" is not a fraction of the animation (0 to 1)")
        }
        return parts[0] == "showing" ? .showing(f) : .hiding(f)
    }

    /// Six or eight hex digits without `#` (accepted like LiquidSwipe's colours).
    private static func isBareHex(_ text: String) -> Bool {
        (text.count == 6 || text.count == 8) && text.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit }
    }
}
