import NotchwaveModel

/// Which control the scene shows (`component=`).
public enum ControlComponent: String, Sendable, CaseIterable, ChoiceValue {
    /// objc.io's cart demo: four coffees with steppers, shipping, the total, a full-width
    /// button.
    case cart
    /// One button, in the style `style` names.
    case button
    /// The playground's custom slider (`style=custom`) or the system slider (`style=system`).
    case slider
    /// The article's default range slider: two thumbs on a capsule track.
    case rangeSlider = "range-slider"
    /// The capsule stepper: label, then minus, value and plus on a tinted capsule.
    case capsuleStepper = "capsule-stepper"
    /// The vertical stepper: label, then the value and chevrons on a material.
    case verticalStepper = "vertical-stepper"
    /// Every component stacked: the custom, destructive and full-width buttons, both
    /// sliders, the range slider and both steppers.
    case showcase
}

/// A style of a button or a slider (`style=`).
public enum ControlStyle: String, Sendable, CaseIterable, ChoiceValue {
    /// The article's (buttons: capsule stroke; sliders: the playground's track).
    case custom
    /// objc.io's full-width button (a button style).
    case fullWidth = "full-width"
    /// SwiftUI's `.borderedProminent` button (the article's Undo/Redo example).
    case borderedProminent = "bordered-prominent"
    /// The system slider (a slider style).
    case system
}

/// `.controlSize` (`control-size=`): the capsule stepper's padding and font follow it.
public enum ControlSize: String, Sendable, CaseIterable, ChoiceValue {
    case mini, small, regular, large
}

/// A button's role (`role=`).
public enum ControlRole: String, Sendable, CaseIterable, ChoiceValue {
    /// No role.
    case none
    /// `.destructive`: the custom button strokes in red.
    case destructive
}

/// A control's value (`value=`): a number (slider, stepper), or `LOWER...UPPER` for the
/// range slider's two thumbs.
public struct ControlValue: ParameterValue {
    /// The value, or the lower thumb's.
    public var lower: Double
    /// The upper thumb's value (a range), or nil for a single value.
    public var upper: Double?
    /// A value.
    public init(_ lower: Double, upper: Double? = nil) {
        self.lower = lower
        self.upper = upper
    }
    public static var kind: String { "a number or LOWER...UPPER" }
    public static func parse(_ text: String) throws(ParameterProblem) -> ControlValue {
        let parts = text.components(separatedBy: "...")
        guard parts.count <= 2, let a = TextInput.decimal(Substring(parts[0])), abs(a) <= ControlsOptions.limit else {
            throw ParameterProblem("'\(text)' is not a number or LOWER...UPPER (within ±\(Int(ControlsOptions.limit)))")
        }
        guard parts.count == 2 else { return ControlValue(a) }
        guard let b = TextInput.decimal(Substring(parts[1])), abs(b) <= ControlsOptions.limit, b >= a else {
            throw ParameterProblem("'\(text)' is not a range LOWER...UPPER with LOWER at most UPPER")
        }
        return ControlValue(a, upper: b)
    }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> ControlValue {
        if case let .number(n) = node.kind { return try parse(JSONOutput.formatNumber(n)) }
        return try decodeText(node)
    }
    public var json: JSONOutput {
        upper.map { .string("\(JSONOutput.formatNumber(lower))...\(JSONOutput.formatNumber($0))") } ?? .number(lower)
    }
}

/// A range `LOWER...UPPER` (`bounds=`), LOWER below UPPER.
public struct ControlBounds: ParameterValue {
    public var lower: Double, upper: Double
    /// Bounds.
    public init(_ lower: Double, _ upper: Double) {
        self.lower = lower
        self.upper = upper
    }
    public static var kind: String { "LOWER...UPPER" }
    public static func parse(_ text: String) throws(ParameterProblem) -> ControlBounds {
        let parts = text.components(separatedBy: "...")
        guard parts.count == 2, let a = TextInput.decimal(Substring(parts[0])), let b = TextInput.decimal(Substring(parts[1])),
              abs(a) <= ControlsOptions.limit, abs(b) <= ControlsOptions.limit else {
            throw ParameterProblem("'\(text)' is not LOWER...UPPER (such as 0...1, within ±\(Int(ControlsOptions.limit)))")
        }
        guard a < b else { throw ParameterProblem("'\(text)': LOWER must be below UPPER") }
        return ControlBounds(a, b)
    }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> ControlBounds { try decodeText(node) }
    public var json: JSONOutput { .string("\(JSONOutput.formatNumber(lower))...\(JSONOutput.formatNumber(upper))") }
}

/// The controls scene's options (`--scene controls`), declared once.
///
/// Defaults where the sources leave things open (each a decision of this renderer):
/// - `value` and `bounds` by component: sliders 0.2 in 0...1 (the playground's example;
///   a fifth of the way along other bounds), the range slider a quarter and three
///   quarters of the way, steppers 1 in 0...10.
/// - `tint` by component: the custom button yellow (the article's), the custom slider
///   orange (the playground's example), everything else systemBlue (SwiftUI's default
///   accent).
/// - Options that do not apply to the component (`role` but on a custom button, `label`
///   on a slider, ...) are refused rather than ignored.
/// - `label` by component (`DefaultLabel`): the sources' titles for buttons (a pair for
///   the bordered-prominent style) and steppers; sliders show their bounds, not a label.
public struct ControlsOptions: DeclaredOptions {
    /// The labels a component shows when `label` is not given, each written once here.
    public enum DefaultLabel {
        /// A custom or full-width button's title (the article's).
        public static let button = "Hello"
        /// The bordered-prominent pair's titles.
        public static let pair = ["Undo", "Redo"]
        /// The steppers' label.
        public static let stepper = "Quantity"
        /// The cart's button.
        public static let buy = "Buy"
        /// The showcase's destructive button.
        public static let delete = "Delete"
        /// The defaults as help and the docs list them.
        static var help: String {
            "\(button) (buttons; \(pair.joined(separator: " and ")) bordered-prominent), \(stepper) (steppers), \(buy) (the cart's button)"
        }
    }

    public var component = ControlComponent.cart
    public var style = ControlStyle.custom
    /// nil: the component's default tint.
    public var tint: OptionColor?
    /// nil: the component's default value.
    public var value: ControlValue?
    /// nil: the component's default bounds.
    public var bounds: ControlBounds?
    public var role = ControlRole.none
    public var disabled = false
    public var pressed = false
    public var controlSize = ControlSize.regular
    /// The material of the slider tracks and the vertical stepper.
    public var material = ControlMaterial.regular
    /// nil: the component's default label; empty: none.
    public var label: String?
    /// A script of events (a file path), or nil.
    public var script: String?

    /// The largest value or bound taken.
    public static let limit = 1e9

    /// Defaults: the cart.
    public init() {}

    public static let scope = ParameterScope.scenes([Controls.name])
    public static let declarations: [any OptionDeclaration<ControlsOptions>] = [
        Option(\.component, "component", "NAME", "cart, button, slider, range-slider, capsule-stepper, vertical-stepper or showcase"),
        Option(\.style, "style", "STYLE", "buttons: custom, full-width or bordered-prominent; slider: custom or system"),
        Option(\.tint, "tint", "COLOR", "the control's tint", defaultText: "yellow for the custom button, orange for the custom slider, blue otherwise"),
        Option(\.value, "value", "VALUE", "slider: a number in the bounds; range slider: LOWER...UPPER; stepper: an integer",
               defaultText: "0.2 (slider), 0.25...0.75 (range), 1 (stepper)"),
        Option(\.bounds, "bounds", "LOWER...UPPER", "the value's range (steppers step beyond it, as the source does)",
               defaultText: "0...1 (sliders), 0...10 (steppers)"),
        Option(\.role, "role", "ROLE", "none or destructive (a red custom button)"),
        Option(\.disabled, "disabled", "BOOL", "the disabled look: saturation 0, brightness -0.2"),
        Option(\.pressed, "pressed", "BOOL", "the button (a stepper's increment) held down: opacity 0.5"),
        Option(\.controlSize, "control-size", "SIZE", "mini, small, regular or large (the capsule stepper's padding and font)"),
        Option(\.material, "material", "MATERIAL", "thin, regular or thick: the tracks' and the vertical stepper's material"),
        Option(\.label, "label", "TEXT", "the control's label (empty: none)",
               defaultText: DefaultLabel.help,
               check: { $0.map { $0.unicodeScalars.count <= 200 ? nil : "is longer than 200 characters" } ?? nil }),
        Option(\.script, "script", "FILE", "a JSON time line of taps, presses, holds, drags and sets (examples/controls-*.json)",
               defaultText: "none: the still pose", check: { $0 == "" ? "give the script's file" : nil }),
    ]
}

extension ControlsOptions {
    /// The styles `component` takes (the first is its default).
    static func styles(of component: ControlComponent) -> [ControlStyle] {
        switch component {
        case .button: return [.custom, .fullWidth, .borderedProminent]
        case .slider: return [.custom, .system]
        default: return [.custom]
        }
    }

    /// The bounds in force: the option's, or the component's default.
    public var resolvedBounds: ControlBounds {
        if let bounds { return bounds }
        switch component {
        case .capsuleStepper, .verticalStepper, .cart: return ControlBounds(0, 10)
        default: return ControlBounds(0, 1)
        }
    }

    /// The single value in force (slider, steppers): the option's, or by default a fifth
    /// of the way along a slider's bounds (0.2 in 0...1, the playground's example) and a
    /// stepper's 1 (its lower bound when that is above 1).
    public var resolvedValue: Double {
        if let value { return value.lower }
        let b = resolvedBounds
        switch component {
        case .capsuleStepper, .verticalStepper: return Swift.min(Swift.max(1, b.lower), b.upper)
        default: return b.lower + (b.upper - b.lower) / 5
        }
    }

    /// The range slider's two values in force.
    public var resolvedRange: (lower: Double, upper: Double) {
        if let value { return (value.lower, value.upper ?? value.lower) }
        let b = resolvedBounds
        return (b.lower + (b.upper - b.lower) / 4, b.lower + (b.upper - b.lower) * 3 / 4)
    }

    /// Checks that the options fit together; the problem in words, or nil.
    func problem() -> String? {
        let allowed = ControlsOptions.styles(of: component)
        if !allowed.contains(style) {
            return "style=\(style.rawValue) does not apply to component=\(component.rawValue) (\(allowed.map(\.rawValue).joined(separator: " or ")))"
        }
        let sliders: [ControlComponent] = [.slider, .rangeSlider]
        let notApplying: [(Bool, String, [ControlComponent])] = [
            (role != .none, "role", [.button]),
            (bounds != nil, "bounds", [.slider, .rangeSlider, .capsuleStepper, .verticalStepper, .showcase]),
            (controlSize != .regular, "control-size", [.capsuleStepper, .cart, .showcase]),
            (pressed, "pressed", ControlComponent.allCases.filter { !sliders.contains($0) }),
            (label != nil, "label", ControlComponent.allCases.filter { !sliders.contains($0) }),
            (material != .regular, "material", [.slider, .rangeSlider, .verticalStepper, .showcase]),
        ]
        for (given, key, components) in notApplying where given && !components.contains(component) {
            return "\(key) does not apply to component=\(component.rawValue) (only \(components.map(\.rawValue).joined(separator: ", ")))"
        }
        if role != .none && style != .custom { return "role=\(role.rawValue) applies to the custom button style only" }
        if material != .regular && component == .slider && style == .system { return "the system slider has no material" }
        let b = resolvedBounds
        switch component {
        case .rangeSlider:
            let r = resolvedRange
            if value != nil && value?.upper == nil { return "the range slider's value is LOWER...UPPER" }
            if r.lower < b.lower || r.upper > b.upper { return "value=\(r.lower)...\(r.upper) lies outside bounds=\(b.lower)...\(b.upper)" }
        case .slider, .capsuleStepper, .verticalStepper:
            if value?.upper != nil { return "value is one number for component=\(component.rawValue)" }
            let v = resolvedValue
            if v < b.lower || v > b.upper { return "value=\(JSONOutput.formatNumber(v)) lies outside bounds=\(JSONOutput.formatNumber(b.lower))...\(JSONOutput.formatNumber(b.upper))" }
            if component != .slider && (v != v.rounded() || b.lower != b.lower.rounded() || b.upper != b.upper.rounded()) {
                return "a stepper's value and bounds are integers"
            }
        default:
            if value != nil { return "component=\(component.rawValue) takes no value" }
        }
        return nil
    }
}
