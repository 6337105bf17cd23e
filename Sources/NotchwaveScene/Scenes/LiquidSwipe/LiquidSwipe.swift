import NotchwaveModel
import NotchwaveRaster

/// The LiquidSwipe page slider (`--scene liquid-swipe`, spec seed-systems.md section 3):
/// its options, how they resolve, and its frames (`LiquidSwipeScene`).
public struct LiquidSwipe: SceneKind {
    public static let name = "liquid-swipe"
    public static let summary = "exyte's LiquidSwipe page slider: coloured pages, wave sliders at both edges, springs and scripted drags and taps"

    public static var options: [any AnyParameter] { LiquidSwipeOptions.parameters }

    /// How long a scripted clip runs on after the last finger lifts by default: the swipe
    /// (0.35 s), the page switch and the springing re-entry settle well within it.
    public static let settleTime = 1.5

    /// The options, read.
    public let options: LiquidSwipeOptions
    /// The script, loaded (nil: the static pose).
    public let script: InteractionScript?
    /// The script's file, as found.
    public var scriptPath: String? = nil

    public static func resolve(_ values: ParameterValues, options: ParameterValues, preset: Preset) throws -> LiquidSwipe {
        let read = try LiquidSwipe.read(options)
        let path = read.script.map { options.file($0) }
        let script = try path.map { try InteractionScript.load(path: $0) }
        return LiquidSwipe(options: read, script: script, scriptPath: path)
    }

    /// The options `pairs` give (`key=value`, as `--scene-option` does), read and checked.
    public static func options(_ pairs: [(key: String, value: String)]) throws -> LiquidSwipeOptions {
        try read(try LiquidSwipeOptions.read(pairs, owner: "the \(name) scene"))
    }

    /// The options' values, read, with the check across them (colours or a palette).
    static func read(_ values: ParameterValues) throws(ParameterError) -> LiquidSwipeOptions {
        let palette = LiquidSwipeOptions.parameter(\.palette)
        if values.isGiven(palette) && values.isGiven(LiquidSwipeOptions.parameter(\.colors)) {
            throw values.error(palette, "give colors or palette, not both")
        }
        return LiquidSwipeOptions(values)
    }

    public var isOpaque: Bool { true }
    public var loopLength: Double? { nil }
    /// A script ends `settleTime` after its last lift; a static pose has no end (3 s).
    public var naturalEnd: Double? { script.map { $0.lastLift + LiquidSwipe.settleTime } }
    public var inputFiles: [String] { scriptPath.map { [$0] } ?? [] }
    public var marks: [SceneMark] {
        (script?.events ?? []).flatMap { event -> [SceneMark] in
            switch event {
            case let .tap(side, time): return [SceneMark(time: time, label: "tap \(side.rawValue)")]
            case let .drag(side, start, _): return [SceneMark(time: start, label: "drag \(side.rawValue)"), SceneMark(time: event.end, label: "lift \(side.rawValue)")]
            }
        }
    }
    public var json: JSONOutput { options.json }

    public func makeScene(plan: RenderPlan, layout: CanvasLayout) throws -> any Scene {
        LiquidSwipeScene(options: options, script: script, screen: ScreenCanvas(plan: plan, layout: layout))
    }
}

/// The colour lists LiquidSwipe's options take: `RRGGBB` in hex, comma-separated.
public struct HexColors: ParameterValue {
    public var colors: [Color]
    /// A list.
    public init(_ colors: [Color]) { self.colors = colors }
    public static var kind: String { "HEX,HEX,..." }
    public static func parse(_ text: String) throws(ParameterProblem) -> HexColors {
        var colors: [Color] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let hex = item.hasPrefix("#") ? item.dropFirst() : item[...]
            guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let rgb = UInt32(hex, radix: 16) else {
                throw ParameterProblem("'\(item)' is not a colour (RRGGBB in hex)")
            }
            colors.append(Color(rgb: rgb))
        }
        guard colors.count >= 1, colors.count <= 1000 else { throw ParameterProblem("give 1 to 1000 colours") }
        return HexColors(colors)
    }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> HexColors {
        try parse(try TextList.decode(node).joined)
    }
    public var json: JSONOutput { .string(colors.map { String($0.description.dropFirst()) }.joined(separator: ",")) }
}

/// A slider's static pose, `P@Y`: progress (0 to 1) and centre y in points.
public struct SliderPose: ParameterValue {
    public var progress: Double
    public var centerY: Double
    /// A pose.
    public init(progress: Double, centerY: Double) { self.progress = progress; self.centerY = centerY }
    public static var kind: String { "P@Y" }
    public static func parse(_ text: String) throws(ParameterProblem) -> SliderPose {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let p = TextInput.decimal(parts[0]), let y = TextInput.decimal(parts[1]) else {
            throw ParameterProblem("'\(text)' is not P@Y (progress@centre y, such as 0.3@250)")
        }
        guard (0...1).contains(p) else { throw ParameterProblem("progress \(JSONOutput.formatNumber(p)) is out of range (0 to 1)") }
        guard (-10_000...10_000).contains(y) else { throw ParameterProblem("centre y \(JSONOutput.formatNumber(y)) is out of range (-10000 to 10000 points)") }
        return SliderPose(progress: p, centerY: y)
    }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> SliderPose { try decodeText(node) }
    public var json: JSONOutput { .string("\(JSONOutput.formatNumber(progress))@\(JSONOutput.formatNumber(centerY))") }
}

/// LiquidSwipe's palettes.
public enum Palette: String, Sendable, CaseIterable, ChoiceValue {
    /// The repository's head (spec 3.1).
    case current
    /// The article's twelve colours.
    case y2019 = "2019"
}

extension ScreenSide: ChoiceValue {}
