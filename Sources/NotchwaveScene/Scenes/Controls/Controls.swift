import NotchwaveModel
import NotchwaveRaster
import NotchwaveText

/// The styleable controls (`--scene controls`, spec seed-systems.md section 5): objc.io's
/// custom button styles, the playground's slider, the default range slider, the capsule
/// and vertical steppers and the cart demo, with their pressed, disabled and destructive
/// looks, materials, and scripted taps, holds and drags (`ControlsScene` draws them).
public struct Controls: SceneKind {
    public static let name = "controls"
    public static let summary = "objc.io's styleable controls: custom and full-width buttons, sliders, range slider, capsule and vertical steppers, the cart demo; press, hold, drag"

    public static var options: [any AnyParameter] { ControlsOptions.parameters }

    /// The cart demo's items (spec 5 item 8: prices in EUR and quantities; the names are
    /// this renderer's, the source's are not in the spec) and its shipping cost.
    public static let cartItems: [(name: String, price: Double, quantity: Int)] = [
        ("Espresso Beans", 12.45, 1), ("House Blend", 9.99, 2), ("Decaf", 8.29, 1), ("Cold Brew", 9.95, 1),
    ]
    public static let shipping = 5.0

    /// How long a scripted clip runs on after its last event: the 0.35 s animations settle.
    public static let settleTime = 1.0

    /// The options, read.
    public let options: ControlsOptions
    /// The script, loaded (nil: the still pose).
    public let script: ControlsScript?
    /// The script's file, as found.
    public let scriptPath: String?
    /// Light or dark.
    public let appearance: Appearance
    /// The fonts: regular, semibold and bold Inter.
    public let fonts: ControlFonts

    public static func resolve(_ values: ParameterValues, options: ParameterValues, preset: Preset) throws -> Controls {
        let read = ControlsOptions(options)
        if let problem = read.problem() {
            throw values.error(Parameters.sceneOptions, "the controls scene: \(problem)")
        }
        let scriptPath = read.script.map { options.file($0) }
        let script = try scriptPath.map { try ControlsScript.load(path: $0) }
        if let script, let bad = script.events.first(where: { !ControlsScene.targets(of: read).contains($0.target.kind) }) {
            throw values.error(Parameters.sceneOptions,
                               "the controls scene: script \(scriptPath ?? ""): target \"\(bad.target)\" is not part of component=\(read.component.rawValue) (it has \(ControlsScene.targets(of: read).sorted().joined(separator: ", ")))")
        }
        // Counts are integers: a stepper's value and a cart item's quantity.
        let counts = [ControlComponent.capsuleStepper, .verticalStepper, .showcase].contains(read.component)
        if let script, let bad = script.events.first(where: { event in
            guard case let .set(target, _, value) = event else { return false }
            let isCount = (target == .value && counts) || target.kind == "item N"
            return isCount && value != value.rounded()
        }) {
            throw values.error(Parameters.sceneOptions, "the controls scene: script \(scriptPath ?? ""): \"\(bad.target)\" is a count: set it to an integer")
        }
        let fonts: ControlFonts
        do {
            fonts = try ControlFonts.standard()
        } catch {
            throw values.error(Parameters.sceneOptions, "the controls scene: \(error.description)")
        }
        let points = preset.screenPoints.value
        if let problem = ControlsScene.layoutProblem(options: read, width: points.width, height: points.height, fonts: fonts) {
            throw values.error(Parameters.sceneOptions, "the controls scene on \(preset.id): \(problem)")
        }
        return Controls(options: read, script: script, scriptPath: scriptPath, appearance: values[NotchWaves.appearance], fonts: fonts)
    }

    /// The options `pairs` give (`key=value`, as `--scene-option` does), read and checked.
    public static func options(_ pairs: [(key: String, value: String)]) throws -> ControlsOptions {
        let options = ControlsOptions(try ControlsOptions.read(pairs, owner: "the \(name) scene"))
        if let problem = options.problem() { throw ParameterProblem(problem) }
        return options
    }

    public var isOpaque: Bool { true }
    public var loopLength: Double? { nil }
    /// A script ends `settleTime` after its last event.
    public var naturalEnd: Double? { script.map { $0.lastTime + Controls.settleTime } }
    public var inputFiles: [String] { [scriptPath].compactMap { $0 } }
    public var marks: [SceneMark] {
        (script?.events ?? []).map { event in
            let verb: String
            switch event {
            case .tap: verb = "tap"
            case .press: verb = "press"
            case .hold: verb = "hold"
            case .drag: verb = "drag"
            case .set: verb = "set"
            }
            return SceneMark(time: event.start, label: "\(verb) \(event.target)")
        }
    }
    /// The options and the appearance.
    public var json: JSONOutput {
        guard case let .object(members) = options.json else { return options.json }
        return .object(members + [("appearance", .string(appearance.rawValue))])
    }

    public func makeScene(plan: RenderPlan, layout: CanvasLayout) throws -> any Scene {
        ControlsScene(options: options, script: script, screen: ScreenCanvas(plan: plan, layout: layout), appearance: appearance, fonts: fonts)
    }
}

/// The faces the controls draw text with.
public struct ControlFonts: Sendable {
    public let regular: Font, semibold: Font, bold: Font
    /// The faces.
    public init(regular: Font, semibold: Font, bold: Font) {
        self.regular = regular
        self.semibold = semibold
        self.bold = bold
    }

    /// Inter's regular, semibold and bold faces (`fonts-inter`).
    public static func standard() throws(TextError) -> ControlFonts {
        ControlFonts(regular: try Font.load(weight: .regular), semibold: try Font.load(weight: .semibold), bold: try Font.load(weight: .bold))
    }
}

extension ControlTarget {
    /// The target's kind, without a cart item's number: what a component offers.
    var kind: String {
        switch self {
        case .itemIncrement: return "item N increment"
        case .itemDecrement: return "item N decrement"
        case .item: return "item N"
        default: return description
        }
    }
}
