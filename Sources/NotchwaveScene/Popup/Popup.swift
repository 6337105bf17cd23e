import NotchwaveModel
import NotchwaveRaster
import NotchwaveText

/// The PopupView popup (`--scene popup`, spec seed-systems.md section 4): its options,
/// how they resolve (the script and the font are loaded once), and its frames
/// (`PopupScene`).
public struct Popup: SceneKind {
    public static let name = "popup"
    public static let summary = "exyte's PopupView: the tutorial's \"Push me\" presenter and a sliding popup (default, toast, floater), taps, drags, autohide"

    static let scope = ParameterScope.scenes([name])
    /// The most a size, padding or time option takes.
    static let limit = PopupOptions.limit

    public static let type = Parameter<PopupKind>("type", "default|toast|floater", "where the popup is displayed", default: .default, group: .scene, scope: scope)
    public static let verticalPadding = Parameter<Double>("vertical-padding", "PT", "a floater's distance from its edge", default: 50,
                                                          in: 0...limit, unit: "points", group: .scene, scope: scope)
    public static let position = Parameter<PopupPosition>("position", "top|bottom", "a toast's or floater's edge, and every popup's slide direction",
                                                          default: .bottom, group: .scene, scope: scope)
    public static let background = Parameter<PopupColor>("background", "COLOR", "the dimming layer behind the popup, faded in with it",
                                                         default: PopupColor(.transparent), group: .scene, scope: scope)
    public static let autohide = Parameter<Double>("autohide", "SECONDS", "dismiss this long after each show", defaultText: "never",
                                                   in: 0...limit, unit: "seconds", group: .scene, scope: scope)
    public static let size = Parameter<PopupSize>("size", "WxH", "the popup's size in points", default: PopupSize(width: 200, height: 100),
                                                  group: .scene, scope: scope)
    public static let color = Parameter<PopupColor>("color", "COLOR", "the popup's fill", default: PopupColor(Color(rgb: 0x007AFF)), group: .scene, scope: scope)
    public static let text = Parameter<String>("text", "STRING", "the popup's label (empty: none)", default: "Popup!", group: .scene, scope: scope,
                                               check: Popup.checkLabel)
    public static let button = Parameter<String>("button", "STRING", "the presenter's button title (empty: none)", default: "Push me",
                                                 group: .scene, scope: scope, check: Popup.checkLabel)
    public static let fontSize = Parameter<Double>("font-size", "PT", "both labels' size (SwiftUI's body is 17)", default: 17, group: .scene,
                                                   scope: scope) { size in
        size > 0 && size <= PopupOptions.maxFontSize ? nil : "\(JSONOutput.formatNumber(size)) is out of range (more than 0 to \(Int(PopupOptions.maxFontSize)) points)"
    }
    public static let state = Parameter<PopupPoseState>("state", "POSE", "shown, hidden, showing:F or hiding:F, F the fraction (0 to 1) of the 0.3 s animation",
                                                        default: .hidden, group: .scene, scope: scope)
    public static let appear = Parameter<PopupAppear>("appear", "ANIMATION", "top-slide, bottom-slide, left-slide, right-slide or center-scale (PopupView 5)",
                                                      defaultText: "slide from position", group: .scene, scope: scope)
    public static let closeOnTap = Parameter<Bool>("close-on-tap", "BOOL", "a tap on the popup dismisses it", default: true, group: .scene, scope: scope)
    public static let closeOnTapOutside = Parameter<Bool>("close-on-tap-outside", "BOOL", "a tap beside it dismisses it", default: false,
                                                          group: .scene, scope: scope)
    public static let dragToDismiss = Parameter<Bool>("drag-to-dismiss", "BOOL", "a drag beyond a third of its height dismisses it", default: true,
                                                      group: .scene, scope: scope)
    public static let script = Parameter<String>("script", "FILE", "a JSON time line of shows, hides, taps and drags (examples/popup-*.json)",
                                                 defaultText: "none: the still pose", group: .scene, scope: scope)

    public static let options: [any AnyParameter] = [type, verticalPadding, position, background, autohide, size, color, text, button, fontSize,
                                                     state, appear, closeOnTap, closeOnTapOutside, dragToDismiss, script]

    static func checkLabel(_ text: String) -> String? {
        text.unicodeScalars.count <= 1000 ? nil : "is longer than 1000 characters"
    }

    /// How long a scripted clip runs on after its last event by default: the 0.3 s
    /// animations settle well within it.
    public static let settleTime = 1.0

    /// The options, read.
    public let options: PopupOptions
    /// The script, loaded.
    public let popupScript: PopupScript?
    /// The labels' font (nil when there is no label to draw).
    public let font: Font?
    /// The font file as given (nil: the default).
    public let fontPath: String?

    public static func resolve(_ values: ParameterValues, options: ParameterValues, preset: Preset) throws -> Popup {
        let read = try Popup.read(options)
        let script = try read.script.map { try PopupScript.load(path: $0) }
        let fontPath = values.file(Parameters.font)
        let font: Font?
        do {
            font = read.text.isEmpty && read.button.isEmpty ? nil : try Font.load(path: fontPath)
        } catch {
            throw values.error(Parameters.font, error.description)
        }
        return Popup(options: read, popupScript: script, font: font, fontPath: fontPath)
    }

    /// The options `pairs` give (`key=value`, as `--scene-option` does), read and checked.
    public static func options(_ pairs: [(key: String, value: String)]) throws -> PopupOptions {
        let list = OptionList(pairs.map { OptionList.Entry(key: $0.key, input: .text($0.value)) })
        return try read(try list.read(options, option: Parameters.sceneOptions.flag, owner: "the \(name) scene", source: nil))
    }

    /// The options' values, read into the scene's settings.
    static func read(_ o: ParameterValues) throws -> PopupOptions {
        var options = PopupOptions()
        options.type = o[type] ?? .default
        options.verticalPadding = o[verticalPadding] ?? 50
        options.position = o[position] ?? .bottom
        options.background = (o[background] ?? PopupColor(.transparent)).color
        options.autohide = o[autohide]
        let s = o[size] ?? PopupSize(width: 200, height: 100)
        (options.width, options.height) = (s.width, s.height)
        options.color = (o[color] ?? PopupColor(Color(rgb: 0x007AFF))).color
        options.text = o[text] ?? "Popup!"
        options.button = o[button] ?? "Push me"
        options.fontSize = o[fontSize] ?? 17
        options.state = o[state] ?? .hidden
        options.appear = o[appear]
        options.closeOnTap = o[closeOnTap] ?? true
        options.closeOnTapOutside = o[closeOnTapOutside] ?? false
        options.dragToDismiss = o[dragToDismiss] ?? true
        if o.given(script)?.isEmpty == true { throw o.error(script, "give the script's file") }
        options.script = o.file(script)
        return options
    }

    public var isOpaque: Bool { true }
    public var loopLength: Double? { nil }
    /// A script ends `settleTime` after its last event (an autohide's dismissal counts).
    public var naturalEnd: Double? { popupScript.map { $0.lastTime(autohide: options.autohide) + Popup.settleTime } }
    public var json: JSONOutput {
        .object([("type", .string(options.type.rawValue)), ("position", .string(options.position.rawValue)),
                 ("size", PopupSize(width: options.width, height: options.height).json), ("text", .string(options.text)),
                 ("button", .string(options.button)), ("state", options.state.json), ("font", .string(fontPath ?? "default")),
                 ("script", .number(Double(popupScript?.events.count ?? 0)))])
    }

    public func makeScene(plan: RenderPlan, layout: CanvasLayout) throws -> any Scene {
        PopupScene(options: options, script: popupScript, screen: ScreenCanvas(plan: plan, layout: layout), font: font)
    }
}

/// A colour as the popup's options take it: a system name, `#RRGGBB[AA]`, or bare hex.
public struct PopupColor: ParameterValue {
    public var color: Color
    /// A colour.
    public init(_ color: Color) { self.color = color }
    public static var kind: String { "a colour" }
    public static func parse(_ text: String) throws(ParameterProblem) -> PopupColor {
        let bareHex = (text.count == 6 || text.count == 8) && text.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit }
        do {
            return PopupColor(try Color.parse(bareHex ? "#" + text : text))
        } catch {
            throw ParameterProblem(error.description)
        }
    }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> PopupColor { try decodeText(node) }
    public var json: JSONOutput { .string(color.description) }
}

/// A size `WxH` in points.
public struct PopupSize: ParameterValue {
    public var width: Double, height: Double
    /// A size.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static var kind: String { "WxH" }
    public static func parse(_ text: String) throws(ParameterProblem) -> PopupSize {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ParameterProblem("'\(text)' is not WxH (such as 200x100)") }
        func side(_ part: Substring, _ what: String) throws(ParameterProblem) -> Double {
            guard let v = TextInput.decimal(part), v > 0, v <= Popup.limit else {
                throw ParameterProblem("'\(part)' is not a \(what) in points (more than 0 to \(Int(Popup.limit)))")
            }
            return v
        }
        return PopupSize(width: try side(parts[0], "width"), height: try side(parts[1], "height"))
    }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> PopupSize { try decodeText(node) }
    public var json: JSONOutput { .string("\(JSONOutput.formatNumber(width))x\(JSONOutput.formatNumber(height))") }
}

extension PopupPoseState: ParameterValue {
    public static var kind: String { "shown, hidden, showing:F or hiding:F" }
    public static func parse(_ text: String) throws(ParameterProblem) -> PopupPoseState {
        switch text {
        case "shown": return .shown
        case "hidden": return .hidden
        default: break
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == "showing" || parts[0] == "hiding" else {
            throw ParameterProblem("'\(text)' is not shown, hidden, showing:F or hiding:F")
        }
        guard let f = TextInput.decimal(parts[1]), (0...1).contains(f) else {
            throw ParameterProblem("'\(parts[1])' is not a fraction of the animation (0 to 1)")
        }
        return parts[0] == "showing" ? .showing(f) : .hiding(f)
    }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> PopupPoseState { try decodeText(node) }
    public var json: JSONOutput {
        switch self {
        case .shown: return .string("shown")
        case .hidden: return .string("hidden")
        case let .showing(f): return .string("showing:\(JSONOutput.formatNumber(f))")
        case let .hiding(f): return .string("hiding:\(JSONOutput.formatNumber(f))")
        }
    }
}

extension PopupKind: ChoiceValue {}
extension PopupPosition: ChoiceValue {}
extension PopupAppear: ChoiceValue {}
