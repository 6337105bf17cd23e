/// Where a caption sits on the screen: inside the safe area, `margin` points from its top
/// or bottom edge, or centred on it.
public enum CaptionPosition: String, Sendable, CaseIterable {
    case top, bottom, center
}

/// How a caption's lines line up: centred, or at the side text of its direction starts
/// (`leading`: the left for English, the right for Arabic) or ends.
public enum CaptionAlignment: String, Sendable, CaseIterable {
    case center, leading, trailing
}

/// The corners of a caption's background pill: SwiftUI's `.continuous` (the smooth
/// squircle-like curve) or `.circular` arcs.
public enum CaptionCornerStyle: String, Sendable, CaseIterable {
    case continuous, circular
}

/// A weight of the default caption font (Inter).
public enum CaptionWeight: String, Sendable, CaseIterable {
    case regular, semibold, bold
}

/// One text overlay, as written: its text (literal or a key of the app's strings), when it
/// shows, where, and how it looks. Sizes are in points (the preset's scale makes pixels).
public struct CaptionSpec: Sendable, Equatable {
    /// A key of the strings file (`"strings"`): the text is its translation per locale.
    public var key: String?
    /// Literal text (used as is in every locale).
    public var text: String?
    /// When it starts to show and when it has gone (seconds of the output; nil: the end).
    public var start: Double
    public var end: Double?
    /// Seconds it takes to fade in and out (inside `start`...`end`).
    public var fade: Double
    public var position: CaptionPosition
    /// Points between the safe area's edge and the caption (top or bottom).
    public var margin: Double
    /// The font size in points.
    public var size: Double
    public var weight: CaptionWeight
    public var color: Color
    /// The pill behind the text (none when nil).
    public var background: Color?
    /// The pill's corner radius in points (nil: a capsule, half its height for one line).
    public var radius: Double?
    public var cornerStyle: CaptionCornerStyle
    /// Points between the text and the pill's edges.
    public var padding: Double
    /// The widest a line may be (points); longer text wraps. Nil: the safe area's width
    /// less two margins.
    public var width: Double?
    public var align: CaptionAlignment
    /// A font file for this caption (else the locale's, else Inter of `weight`).
    public var font: String?

    /// A caption with the defaults.
    public init(key: String? = nil, text: String? = nil, start: Double = 0, end: Double? = nil) {
        self.key = key
        self.text = text
        self.start = start
        self.end = end
        fade = CaptionSpec.defaultFade
        position = .bottom
        margin = 24
        size = 34
        weight = .semibold
        color = .white
        background = nil
        radius = nil
        cornerStyle = .continuous
        padding = 12
        width = nil
        align = .center
        font = nil
    }

    /// The default fade in and out.
    public static let defaultFade = 0.25

    /// The keys a caption takes.
    public static let keys = ["key", "text", "start", "end", "fade", "position", "margin", "size", "weight", "color", "background",
                              "radius", "cornerStyle", "padding", "width", "align", "font"]

    /// The caption shifted `seconds` later (a segment's captions on the output's time line).
    public func shifted(by seconds: Double, endingBy limit: Double) -> CaptionSpec {
        var copy = self
        copy.start += seconds
        copy.end = min((end ?? .infinity) + seconds, limit)
        return copy
    }

    /// How visible it is at `t`: 0 outside `start`...`end`, rising and falling linearly over
    /// `fade` seconds at each end (a fade longer than half the caption is shortened to half).
    public func opacity(at t: Double, clipEnd: Double) -> Double {
        let end = self.end ?? clipEnd
        guard t >= start, t < end else { return 0 }
        let fade = min(self.fade, (end - start) / 2)
        guard fade > 0 else { return 1 }
        return min(1, (t - start) / fade, (end - t) / fade)
    }
}

/// A list of captions (`"captions"` in a job file; on the command line the same JSON).
public struct CaptionList: ParameterValue {
    public var captions: [CaptionSpec]
    /// A list.
    public init(_ captions: [CaptionSpec]) { self.captions = captions }

    public static var kind: String { "a list of captions ({\"text\" or \"key\": ..., \"start\": SECONDS, \"end\": SECONDS, ...})" }

    /// The text form is the JSON form: `--captions '[{"text": "Hello", "start": 1}]'`.
    public static func parse(_ text: String) throws(ParameterProblem) -> CaptionList {
        try decodeJSONText(text, what: "a JSON list of captions")
    }

    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> CaptionList {
        guard case let .array(items) = node.kind else {
            throw ParameterProblem("expected a list of captions, found \(node.typeDescription)", typeMismatch: true)
        }
        guard items.count <= 200 else { throw ParameterProblem("\(items.count) captions: at most 200") }
        var captions: [CaptionSpec] = []
        for (index, item) in items.enumerated() {
            captions.append(try decodeCaption(item, at: "caption \(index + 1) (\(item.position))"))
        }
        return CaptionList(captions)
    }

    static func decodeCaption(_ item: JSONNode, at: String) throws(ParameterProblem) -> CaptionSpec {
        guard case let .object(members) = item.kind else {
            throw ParameterProblem("\(at): expected an object, found \(item.typeDescription)", typeMismatch: true)
        }
        for member in members where !CaptionSpec.keys.contains(member.key) {
            throw ParameterProblem("\(at): unknown key \"\(member.key)\"\(EditDistance.hint(for: member.key, in: CaptionSpec.keys)) (a caption takes \(CaptionSpec.keys.joined(separator: ", ")))")
        }
        func string(_ key: String) throws(ParameterProblem) -> String? {
            guard let value = item[key] else { return nil }
            guard case let .string(text) = value.kind else {
                throw ParameterProblem("\(at): \"\(key)\" expects a string, found \(value.typeDescription)", typeMismatch: true)
            }
            return text
        }
        func number(_ key: String, _ range: ClosedRange<Double>, _ unit: String) throws(ParameterProblem) -> Double? {
            guard let value = item[key] else { return nil }
            guard case let .number(n) = value.kind, n.isFinite else {
                throw ParameterProblem("\(at): \"\(key)\" expects a number, found \(value.typeDescription)", typeMismatch: true)
            }
            guard range.contains(n) else {
                throw ParameterProblem("\(at): \"\(key)\" \(JSONOutput.formatNumber(n)) is out of range (\(JSONOutput.formatNumber(range.lowerBound)) to \(JSONOutput.formatNumber(range.upperBound)) \(unit))")
            }
            return n
        }
        func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(ParameterProblem) -> T? where T.RawValue == String {
            guard let text = try string(key) else { return nil }
            guard let value = T(rawValue: text) else {
                throw ParameterProblem("\(at): \"\(key)\" is \(T.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(text)\"")
            }
            return value
        }
        func color(_ key: String) throws(ParameterProblem) -> Color? {
            guard let text = try string(key) else { return nil }
            do {
                return try Color.parse(text)
            } catch {
                throw ParameterProblem("\(at): \"\(key)\": \(error)")
            }
        }
        var caption = CaptionSpec(key: try string("key"), text: try string("text"), start: try number("start", 0...3600, "seconds") ?? 0,
                                  end: try number("end", 0...3600, "seconds"))
        switch (caption.key, caption.text) {
        case (nil, nil): throw ParameterProblem("\(at): give \"text\" (the words) or \"key\" (a key of the strings file)")
        case (.some, .some): throw ParameterProblem("\(at): give \"text\" or \"key\", not both")
        case let (key?, nil) where key.isEmpty: throw ParameterProblem("\(at): \"key\" is empty")
        default: break
        }
        if let end = caption.end, end <= caption.start {
            throw ParameterProblem("\(at): \"end\" (\(JSONOutput.formatNumber(end))) must come after \"start\" (\(JSONOutput.formatNumber(caption.start)))")
        }
        caption.fade = try number("fade", 0...10, "seconds") ?? caption.fade
        caption.position = try choice("position", CaptionPosition.self) ?? caption.position
        caption.margin = try number("margin", 0...2000, "points") ?? caption.margin
        caption.size = try number("size", 4...400, "points") ?? caption.size
        caption.weight = try choice("weight", CaptionWeight.self) ?? caption.weight
        caption.color = try color("color") ?? caption.color
        caption.background = try color("background")
        caption.radius = try number("radius", 0...1000, "points")
        caption.cornerStyle = try choice("cornerStyle", CaptionCornerStyle.self) ?? caption.cornerStyle
        caption.padding = try number("padding", 0...400, "points") ?? caption.padding
        caption.width = try number("width", 20...4000, "points")
        caption.align = try choice("align", CaptionAlignment.self) ?? caption.align
        if let font = try string("font") {
            guard !font.isEmpty else { throw ParameterProblem("\(at): \"font\" expects a file name") }
            caption.font = font
        }
        return caption
    }

    public var json: JSONOutput {
        .array(captions.map { c in
            var members: [(String, JSONOutput)] = []
            if let key = c.key { members.append(("key", .string(key))) }
            if let text = c.text { members.append(("text", .string(text))) }
            members += [("start", .number(c.start))]
            if let end = c.end { members.append(("end", .number(end))) }
            members += [("fade", .number(c.fade)), ("position", .string(c.position.rawValue)), ("margin", .number(c.margin)),
                        ("size", .number(c.size)), ("weight", .string(c.weight.rawValue)), ("color", .string(c.color.description))]
            if let background = c.background { members.append(("background", .string(background.description))) }
            if let radius = c.radius { members.append(("radius", .number(radius))) }
            members += [("cornerStyle", .string(c.cornerStyle.rawValue)), ("padding", .number(c.padding))]
            if let width = c.width { members.append(("width", .number(width))) }
            members.append(("align", .string(c.align.rawValue)))
            if let font = c.font { members.append(("font", .string(font))) }
            return .object(members)
        })
    }
}

/// What a caption key without a translation in the locale does.
public enum MissingTranslation: String, Sendable, CaseIterable {
    /// The render fails, naming the keys and the locale.
    case error
    /// The source language's text is shown.
    case source
}
