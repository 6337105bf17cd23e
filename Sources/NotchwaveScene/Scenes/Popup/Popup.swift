import NotchwaveModel
import NotchwaveRaster
import NotchwaveText

/// The PopupView popup (`--scene popup`, spec seed-systems.md section 4): its options,
/// how they resolve (the script and the font are loaded once), and its frames
/// (`PopupScene`).
public struct Popup: SceneKind {
    public static let name = "popup"
    public static let summary = "exyte's PopupView: the tutorial's presenter with its button and a sliding popup (default, toast, floater), taps, drags, autohide"

    /// The most a size, padding or time option takes.
    static let limit = PopupOptions.limit

    public static var options: [any AnyParameter] { PopupOptions.parameters }

    /// `--font`: the labels' font file.
    public static let font = Parameter<String?>("font", "FILE", "A font file (OTF, TTF) for the scene's text",
                                               defaultText: "Inter Regular from fonts-inter", group: .scene, scope: .scenes([name]))
    public static var parameters: [any AnyParameter] { [font] }

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
    /// The script's file, as found.
    public var scriptPath: String? = nil

    public static func resolve(_ values: ParameterValues, options: ParameterValues, preset: Preset) throws -> Popup {
        let read = PopupOptions(options)
        let scriptPath = read.script.map { options.file($0) }
        let script = try scriptPath.map { try PopupScript.load(path: $0) }
        let fontPath = values.file(Popup.font)
        let font: Font?
        do {
            font = read.text.isEmpty && read.button.isEmpty ? nil : try Font.load(path: fontPath)
        } catch {
            throw values.error(Popup.font, error.description)
        }
        return Popup(options: read, popupScript: script, font: font, fontPath: fontPath, scriptPath: scriptPath)
    }

    /// The options `pairs` give (`key=value`, as `--scene-option` does), read and checked.
    public static func options(_ pairs: [(key: String, value: String)]) throws -> PopupOptions {
        PopupOptions(try PopupOptions.read(pairs, owner: "the \(name) scene"))
    }

    public var isOpaque: Bool { true }
    public var loopLength: Double? { nil }
    /// A script ends `settleTime` after its last event (an autohide's dismissal counts).
    public var naturalEnd: Double? { popupScript.map { $0.lastTime(autohide: options.autohide) + Popup.settleTime } }
    public var inputFiles: [String] { [scriptPath, fontPath].compactMap { $0 } }
    public var marks: [SceneMark] {
        (popupScript?.events ?? []).map { event in
            switch event {
            case let .show(time, _): return SceneMark(time: time, label: "show")
            case let .hide(time): return SceneMark(time: time, label: "hide")
            case let .tapInside(time): return SceneMark(time: time, label: "tap inside")
            case let .tapOutside(time): return SceneMark(time: time, label: "tap outside")
            case let .drag(start, _): return SceneMark(time: start, label: "drag")
            }
        }
    }
    /// The options, and the font the labels are drawn in.
    public var json: JSONOutput {
        guard case let .object(members) = options.json else { return options.json }
        return .object(members + [("font", fontPath.map { .string($0) } ?? .null)])
    }

    public func makeScene(plan: RenderPlan, layout: CanvasLayout) throws -> any Scene {
        PopupScene(options: options, script: popupScript, screen: ScreenCanvas(plan: plan, layout: layout), font: font)
    }
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
