import NotchwaveModel
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
/// edge of `position`. The slides come from just beyond one edge of the screen (from
/// above: the popup's bottom edge on the screen's top edge, and so on); `centerScale`
/// grows from scale 0 at the popup's displayed place.
public enum PopupAppear: String, Sendable, CaseIterable {
    case topSlide = "top-slide", bottomSlide = "bottom-slide", leftSlide = "left-slide", rightSlide = "right-slide"
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

/// The PopupView scene's options (issue 14, spec section 4), read and checked (the scene
/// module declares them: `Popup.options`).
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
public struct PopupOptions: DeclaredOptions {
    /// Where the popup is displayed.
    public var type = PopupKind.default
    /// A floater's distance (points) from its edge (PV-2022's `floater(verticalPadding: 50)`).
    public var verticalPadding = 50.0
    /// The edge of a toast or floater, and the slide direction of every kind.
    public var position = PopupPosition.bottom
    /// The dimming layer between the presenter and the popup: this colour faded from 0 to
    /// its own opacity as the popup shows.
    public var background = OptionColor(.transparent)
    /// Seconds from each show until the popup dismisses itself (nil: never).
    public var autohide: Double?
    /// The popup's size in points.
    public var size = PopupSize(width: 200, height: 100)
    /// The popup's fill.
    public var color = OptionColor(Color(rgb: 0x007AFF))
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

    /// Defaults: the tutorial's hidden 200x100 blue popup.
    public init() {}

    /// The popup's width and height in points.
    public var width: Double { size.width }
    public var height: Double { size.height }

    public static let scope = ParameterScope.scenes([Popup.name])
    public static let declarations: [any OptionDeclaration<PopupOptions>] = [
        Option(\.type, "type", "default|toast|floater", "where the popup is displayed"),
        Option(\.verticalPadding, "vertical-padding", "PT", "a floater's distance from its edge", in: 0...limit, unit: "points"),
        Option(\.position, "position", "top|bottom", "a toast's or floater's edge, and every popup's slide direction"),
        Option(\.background, "background", "COLOR", "the dimming layer behind the popup, faded in with it"),
        Option(\.autohide, "autohide", "SECONDS", "dismiss this long after each show", defaultText: "never", in: 0...limit, unit: "seconds"),
        Option(\.size, "size", "WxH", "the popup's size in points"),
        Option(\.color, "color", "COLOR", "the popup's fill"),
        Option(\.text, "text", "STRING", "the popup's label (empty: none)", check: checkLabel),
        Option(\.button, "button", "STRING", "the presenter's button title (empty: none)", check: checkLabel),
        Option(\.fontSize, "font-size", "PT", "both labels' size (SwiftUI's body is 17)") { size in
            size > 0 && size <= maxFontSize ? nil : "\(JSONOutput.formatNumber(size)) is out of range (more than 0 to \(Int(maxFontSize)) points)"
        },
        Option(\.state, "state", "POSE", "shown, hidden, showing:F or hiding:F, F the fraction (0 to 1) of the 0.3 s animation"),
        Option(\.appear, "appear", "ANIMATION", "top-slide, bottom-slide, left-slide, right-slide or center-scale (PopupView 5)",
               defaultText: "slide from position"),
        Option(\.closeOnTap, "close-on-tap", "BOOL", "a tap on the popup dismisses it"),
        Option(\.closeOnTapOutside, "close-on-tap-outside", "BOOL", "a tap beside it dismisses it"),
        Option(\.dragToDismiss, "drag-to-dismiss", "BOOL", "a drag beyond a third of its height dismisses it"),
        Option(\.script, "script", "FILE", "a JSON time line of shows, hides, taps and drags (examples/popup-*.json)",
               defaultText: "none: the still pose", check: { $0 == "" ? "give the script's file" : nil }),
    ]

    /// A label of at most 1000 characters.
    static func checkLabel(_ text: String) -> String? {
        text.unicodeScalars.count <= 1000 ? nil : "is longer than 1000 characters"
    }
}
