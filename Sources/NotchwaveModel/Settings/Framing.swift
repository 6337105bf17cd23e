/// What is drawn around the screen (`--frame`).
public enum FrameKind: String, Sendable, CaseIterable {
    /// The screen alone (on a canvas when one is asked for).
    case none
    /// The device's body around the screen, from its preset's body data.
    case device
}

extension FrameKind: ChoiceValue {}

/// The size of the canvas a framed clip is drawn on (`--canvas`): tight around the
/// device (`auto`), a size in pixels, or a named aspect of the usual marketing sizes.
public enum CanvasSize: Sendable, Equatable, ParameterValue {
    /// The device at `--device-scale` with a margin around it.
    case auto
    /// This many pixels.
    case pixels(width: Int, height: Int)

    /// The named sizes: `square` 1080 x 1080 (a feed post), `portrait` 1080 x 1350 (a 4:5
    /// post), `landscape` 1920 x 1080 (a slide, a landing page), `story` 1080 x 1920 (9:16).
    public static let named: [(name: String, width: Int, height: Int)] = [
        ("square", 1080, 1080), ("portrait", 1080, 1350), ("landscape", 1920, 1080), ("story", 1080, 1920),
    ]

    /// The largest side a canvas may have.
    public static let maximumSide = 8192

    public static var kind: String { "WxH, auto, \(named.map(\.name).joined(separator: ", "))" }

    public static func parse(_ text: String) throws(ParameterProblem) -> CanvasSize {
        let lower = text.trimmingSpaces.lowercased()
        if lower == "auto" { return .auto }
        if let entry = named.first(where: { $0.name == lower }) { return .pixels(width: entry.width, height: entry.height) }
        let parts = lower.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            let hint = EditDistance.hint(for: lower, in: ["auto"] + named.map(\.name))
            throw ParameterProblem("expected WxH (1080x1920), auto or one of \(named.map(\.name).joined(separator: ", ")), got '\(text)'\(hint)")
        }
        guard w >= 16, h >= 16, w <= maximumSide, h <= maximumSide else {
            throw ParameterProblem("\(w)x\(h) is out of range (16 to \(maximumSide) pixels a side)")
        }
        return .pixels(width: w, height: h)
    }

    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> CanvasSize { try decodeText(node) }

    public var json: JSONOutput {
        switch self {
        case .auto: return .string("auto")
        case let .pixels(w, h): return .string("\(w)x\(h)")
        }
    }

    public static var choices: [String] { ["auto"] + named.map(\.name) }
}

/// Where the devices go in the canvas's free space (`--device-position`): a side or the
/// centre, or fractions across and down (`0.5,0.5` is the centre, `0,0` the top left).
public struct DevicePosition: Sendable, Equatable, ParameterValue {
    /// Across and down, 0 to 1.
    public var x: Double, y: Double

    /// A position.
    public init(x: Double, y: Double) { (self.x, self.y) = (x, y) }

    /// The named positions.
    public static let named: [(name: String, x: Double, y: Double)] = [
        ("center", 0.5, 0.5), ("top", 0.5, 0), ("bottom", 0.5, 1), ("left", 0, 0.5), ("right", 1, 0.5),
    ]

    public static let center = DevicePosition(x: 0.5, y: 0.5)

    public static var kind: String { "center, top, bottom, left, right or X,Y (0 to 1)" }

    public static func parse(_ text: String) throws(ParameterProblem) -> DevicePosition {
        let lower = text.trimmingSpaces.lowercased()
        if let entry = named.first(where: { $0.name == lower }) { return DevicePosition(x: entry.x, y: entry.y) }
        let parts = lower.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        guard parts.count == 2, let x = TextInput.decimal(parts[0]), let y = TextInput.decimal(parts[1]) else {
            throw ParameterProblem("expected center, top, bottom, left, right or X,Y, got '\(text)'\(EditDistance.hint(for: lower, in: named.map(\.name)))")
        }
        guard (0...1).contains(x), (0...1).contains(y) else {
            throw ParameterProblem("\(parts[0]),\(parts[1]) is out of range (each 0 to 1: fractions of the free space across and down)")
        }
        return DevicePosition(x: x, y: y)
    }

    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> DevicePosition { try decodeText(node) }

    public var json: JSONOutput {
        if let entry = DevicePosition.named.first(where: { $0.x == x && $0.y == y }) { return .string(entry.name) }
        return .string("\(JSONOutput.formatNumber(x)),\(JSONOutput.formatNumber(y))")
    }

    public static var choices: [String] { named.map(\.name) }
}

/// What the canvas shows behind the devices (`--canvas-background`): a colour, a linear
/// or radial gradient of colours, a picture or a video (a file, fitted to cover the
/// canvas), or nothing (transparent, in the formats that carry alpha).
public enum CanvasBackground: Sendable, Equatable, ParameterValue {
    case transparent
    case color(Color)
    /// Colours spread evenly along a line at `angle` degrees (CSS's: 180 runs top to
    /// bottom, 90 left to right).
    case linear(colors: [Color], angle: Double)
    /// Colours spread evenly from the centre out to the farthest corner.
    case radial(colors: [Color])
    /// A still or a video, as written (relative to a job file's folder there).
    case file(String)

    public static var kind: String { "a colour, linear-gradient(...), radial-gradient(...), transparent, or a picture or video file" }

    /// `#F2F2F7`, `systemBlue`, `linear-gradient(180deg, #FFFFFF, #D1D1D6)`,
    /// `radial-gradient(#FFFFFF, #8E8E93)`, `transparent`, `screen.png`, `loop.mp4`.
    public static func parse(_ text: String) throws(ParameterProblem) -> CanvasBackground {
        let trimmed = text.trimmingSpaces
        let lower = trimmed.lowercased()
        if lower == "transparent" { return .transparent }
        for (prefix, radial) in [("linear-gradient(", false), ("radial-gradient(", true)] where lower.hasPrefix(prefix) {
            guard lower.hasSuffix(")") else { throw ParameterProblem("\(prefix)...) is missing its closing parenthesis") }
            var items = trimmed.dropFirst(prefix.count).dropLast().split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
            var angle = 180.0
            if !radial, let first = items.first, first.lowercased().hasSuffix("deg") {
                guard let degrees = TextInput.decimal(String(first.dropLast(3))), degrees.isFinite, abs(degrees) <= 3600 else {
                    throw ParameterProblem("'\(first)' is not an angle in degrees (180deg)")
                }
                angle = degrees
                items.removeFirst()
            }
            guard items.count >= 2, items.count <= 16 else {
                throw ParameterProblem("a gradient takes 2 to 16 colours, got \(items.count)")
            }
            var colors: [Color] = []
            for item in items {
                do {
                    colors.append(try Color.parse(item))
                } catch {
                    throw ParameterProblem(error.description)
                }
            }
            return radial ? .radial(colors: colors) : .linear(colors: colors, angle: angle)
        }
        if let color = try? Color.parse(trimmed) { return .color(color) }
        guard !trimmed.isEmpty else { throw ParameterProblem("expected a colour, a gradient, transparent or a file") }
        // Anything else names a file (its existence is checked when the plan is made).
        if !trimmed.contains("/") && !trimmed.contains(".") {
            throw ParameterProblem("'\(text)' is not a colour (#RRGGBB, a system colour name), a gradient, transparent, or a file name\(EditDistance.hint(for: trimmed, in: ["transparent"] + SystemColors.names))")
        }
        return .file(trimmed)
    }

    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> CanvasBackground { try decodeText(node) }

    public var json: JSONOutput {
        func hex(_ c: Color) -> String { c.description }
        switch self {
        case .transparent: return .string("transparent")
        case let .color(c): return .string(hex(c))
        case let .linear(colors, angle): return .string("linear-gradient(\(JSONOutput.formatNumber(angle))deg, \(colors.map(hex).joined(separator: ", ")))")
        case let .radial(colors): return .string("radial-gradient(\(colors.map(hex).joined(separator: ", ")))")
        case let .file(path): return .string(path)
        }
    }

    /// True when some of it is not opaque.
    public var hasTransparency: Bool {
        switch self {
        case .transparent: return true
        case let .color(c): return c.alpha < 255
        case let .linear(colors, _), let .radial(colors): return colors.contains { $0.alpha < 255 }
        case .file: return false
        }
    }
}

/// A text on the canvas (`--headline`, `--subtitle`): the caption model's text (literal,
/// or a key of the app's strings, per locale), its size and weight, colour and where it
/// goes (`position` top or bottom of the canvas), as a JSON object; on the command line
/// plain text is the text itself. Sizes are in pixels of a canvas 1080 pixels wide
/// (scaled with the canvas's width).
public struct CanvasText: Sendable, Equatable, ParameterValue {
    public var caption: CaptionSpec
    /// The keys written (the others take the canvas's own defaults, not a caption's).
    public var given: Set<String>

    /// A text.
    public init(_ caption: CaptionSpec, given: Set<String> = ["text"]) { (self.caption, self.given) = (caption, given) }

    /// The keys a canvas text takes: a caption's, less its timing (a canvas text shows
    /// throughout).
    public static let keys = CaptionSpec.keys.filter { !["start", "end", "fade"].contains($0) }

    public static var kind: String { "text, or a caption object ({\"text\" or \"key\": ..., \"size\": PX, \"weight\": ..., \"color\": C, \"position\": \"top\"|\"bottom\"})" }

    public static func parse(_ text: String) throws(ParameterProblem) -> CanvasText {
        if text.trimmingSpaces.hasPrefix("{") { return try decodeJSONText(text, what: "a JSON caption object") }
        guard !text.trimmingSpaces.isEmpty else { throw ParameterProblem("the text is empty") }
        return CanvasText(CaptionSpec(text: text))
    }

    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> CanvasText {
        if case let .string(text) = node.kind { return try parse(text) }
        guard case let .object(members) = node.kind else { throw ParameterProblem("expected text or a caption object, found \(node.typeDescription)", typeMismatch: true) }
        for member in members where !keys.contains(member.key) {
            let timing = ["start", "end", "fade"].contains(member.key)
            throw ParameterProblem("the text (\(node.position)): \(timing ? "\"\(member.key)\" does not apply: a canvas text shows throughout" : "unknown key \"\(member.key)\"\(EditDistance.hint(for: member.key, in: keys)) (it takes \(keys.joined(separator: ", ")))")")
        }
        return CanvasText(try CaptionList.decodeCaption(node, at: "the text (\(node.position))"), given: Set(members.map(\.key)))
    }

    public var json: JSONOutput { CaptionList([caption]).json.arrayItems.first ?? .null }
}

/// Several devices on one canvas (`devices` in a job variant; `--devices` the same JSON):
/// each entry a preset and the render parameters of its own screen (scene, backdrop,
/// options), over the output's. They are laid out side by side in a row on a canvas wider
/// than it is high, one above the other otherwise, at one physical scale.
public struct DeviceList: Sendable, Equatable, ParameterValue {
    /// One device: its preset, and its own parameters as written (job-file keys).
    public struct Entry: Sendable, Equatable {
        public var preset: String
        public var parameters: JSONNode
        /// An entry.
        public init(preset: String, parameters: JSONNode) { (self.preset, self.parameters) = (preset, parameters) }
    }

    public var entries: [Entry]

    /// A list.
    public init(_ entries: [Entry]) { self.entries = entries }

    /// The most devices on one canvas.
    public static let limit = 8

    public static var kind: String { "a list of devices ([{\"preset\": ID, ...its own parameters}])" }

    public static func parse(_ text: String) throws(ParameterProblem) -> DeviceList { try decodeJSONText(text, what: "a JSON list of devices") }

    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> DeviceList {
        guard case let .array(items) = node.kind else { throw ParameterProblem("expected a list of devices, found \(node.typeDescription)", typeMismatch: true) }
        guard !items.isEmpty, items.count <= limit else { throw ParameterProblem("list 1 to \(limit) devices, got \(items.count)") }
        var entries: [Entry] = []
        for (index, item) in items.enumerated() {
            guard case .object = item.kind else {
                throw ParameterProblem("device \(index + 1): expected an object with a \"preset\", found \(item.typeDescription)", typeMismatch: true)
            }
            guard let presetNode = item["preset"], case let .string(preset) = presetNode.kind, !preset.isEmpty else {
                throw ParameterProblem("device \(index + 1) (\(item.position)): give its \"preset\" (an id, as `notchwave presets` lists them)")
            }
            entries.append(Entry(preset: preset, parameters: item))
        }
        return DeviceList(entries)
    }

    public var json: JSONOutput { .array(entries.map { $0.parameters.output }) }
}

extension JSONOutput {
    /// The items of an array (empty for anything else).
    var arrayItems: [JSONOutput] {
        if case let .array(items) = self { return items }
        return []
    }
}
