import NotchwaveModel
import NotchwaveRaster

/// The LiquidSwipe page slider (`--scene liquid-swipe`, spec seed-systems.md section 3):
/// its options, how they resolve, and its frames (`LiquidSwipeScene`).
public struct LiquidSwipe: SceneKind {
    public static let name = "liquid-swipe"
    public static let summary = "exyte's LiquidSwipe page slider: coloured pages, wave sliders at both edges, springs and scripted drags and taps"

    public static let page = Parameter<Int>("page", "N", "the page shown, an index into the colours", default: 0, in: 0...999_999,
                                            group: .scene, scope: .scenes([name]))
    public static let colors = Parameter<HexColors>("colors", "HEX,HEX,...", "the pages' colours, in order",
                                                    default: HexColors(LiquidSwipeOptions.currentPalette), group: .scene, scope: .scenes([name]))
    public static let palette = Parameter<Palette>("palette", "current|2019", "a palette instead of colors: the repository's or the article's twelve colours",
                                                   defaultText: "current", group: .scene, scope: .scenes([name]))
    public static let seed = Parameter<Int>("seed", "N", "shuffle the colours deterministically (the original shuffles at launch)",
                                            defaultText: "no shuffle", in: 0...Int.max, group: .scene, scope: .scenes([name]))
    public static let left = Parameter<SliderPose>("left", "P@Y", "the left slider's progress (0 to 1) and centre y in points",
                                                   default: SliderPose(progress: 0, centerY: LiquidSwipeConfig.leftWaveY), group: .scene, scope: .scenes([name]))
    public static let right = Parameter<SliderPose>("right", "P@Y", "the right slider's progress (0 to 1) and centre y in points",
                                                    default: SliderPose(progress: 0, centerY: LiquidSwipeConfig.rightWaveY), group: .scene, scope: .scenes([name]))
    public static let top = Parameter<ScreenSide>("top", "left|right", "the slider drawn on top", default: .right, group: .scene, scope: .scenes([name]))
    public static let springs = Parameter<LiquidSwipeOptions.Springs>("springs", "head|article", "the springs of 3.6: the repository's head or the article's .spring()",
                                                                      default: .head, group: .scene, scope: .scenes([name]))
    public static let script = Parameter<String>("script", "FILE", "a JSON time line of drags and taps (examples/liquid-swipe-*.json)",
                                                 defaultText: "none: the static pose", group: .scene, scope: .scenes([name]))

    public static let options: [any AnyParameter] = [page, colors, palette, seed, left, right, top, springs, script]

    /// How long a scripted clip runs on after the last finger lifts by default: the swipe
    /// (0.35 s), the page switch and the springing re-entry settle well within it.
    public static let settleTime = 1.5

    /// The options, read.
    public let options: LiquidSwipeOptions

    public static func resolve(_ values: ParameterValues, options: ParameterValues, preset: Preset) throws -> LiquidSwipe {
        LiquidSwipe(options: try read(options))
    }

    /// The options `pairs` give (`key=value`, as `--scene-option` does), read and checked.
    public static func options(_ pairs: [(key: String, value: String)]) throws -> LiquidSwipeOptions {
        let list = OptionList(pairs.map { OptionList.Entry(key: $0.key, input: .text($0.value)) })
        return try read(try list.read(options, option: Parameters.sceneOptions.flag, owner: "the \(name) scene", source: nil))
    }

    /// The options' values, read into the scene's settings (a script is loaded).
    static func read(_ o: ParameterValues) throws -> LiquidSwipeOptions {
        var options = LiquidSwipeOptions()
        options.page = o[page] ?? 0
        if o.isGiven(palette) && o.isGiven(colors) {
            throw o.error(palette, "give colors or palette, not both")
        }
        options.colors = o.given(palette).map { $0 == .current ? LiquidSwipeOptions.currentPalette : LiquidSwipeOptions.palette2019 }
            ?? (o[colors]?.colors ?? LiquidSwipeOptions.currentPalette)
        options.seed = o.given(seed).map { UInt64($0) }
        let l = o[left] ?? SliderPose(progress: 0, centerY: LiquidSwipeConfig.leftWaveY)
        let r = o[right] ?? SliderPose(progress: 0, centerY: LiquidSwipeConfig.rightWaveY)
        options.left = (l.progress, l.centerY)
        options.right = (r.progress, r.centerY)
        options.top = o[top] ?? .right
        options.springs = o[springs] ?? .head
        if let path = o.file(script) {
            guard !path.isEmpty else { throw o.error(script, "give the script's file") }
            options.script = try InteractionScript.load(path: path)
        }
        return options
    }

    public var isOpaque: Bool { true }
    public var loopLength: Double? { nil }
    /// A script ends `settleTime` after its last lift; a static pose has no end (3 s).
    public var naturalEnd: Double? { options.script.map { $0.lastLift + LiquidSwipe.settleTime } }
    public var json: JSONOutput {
        .object([("page", .number(Double(options.page))), ("colors", .array(options.pageColors.map { .string($0.description) })),
                 ("left", SliderPose(progress: options.left.progress, centerY: options.left.centerY).json),
                 ("right", SliderPose(progress: options.right.progress, centerY: options.right.centerY).json),
                 ("top", .string(options.top.rawValue)), ("springs", .string(options.springs.rawValue)),
                 ("script", .number(Double(options.script?.events.count ?? 0)))])
    }

    public func makeScene(plan: RenderPlan, layout: CanvasLayout) throws -> any Scene {
        LiquidSwipeScene(options: options, screen: ScreenCanvas(plan: plan, layout: layout))
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
extension LiquidSwipeOptions.Springs: ChoiceValue {}
