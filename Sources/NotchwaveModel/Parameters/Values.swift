/// The codecs notchwave writes, with the spellings users type (`x264`, `h265`, ...).
public enum Codec: String, Sendable, CaseIterable, ChoiceValue {
    case h264, hevc, vp9, av1, prores, gif, apng, png

    /// Other names users give each codec.
    static let aliases: [String: Codec] = [
        "avc": .h264, "x264": .h264, "libx264": .h264, "h265": .hevc, "x265": .hevc, "libx265": .hevc,
        "libvpx-vp9": .vp9, "libsvtav1": .av1, "libaom-av1": .av1, "prores_ks": .prores, "prores4444": .prores,
    ]

    public static func parse(_ text: String) throws(ParameterProblem) -> Codec {
        let lower = text.lowercased()
        guard let codec = Codec(rawValue: lower) ?? aliases[lower] else {
            throw ParameterProblem("unknown codec '\(text)'\(EditDistance.hint(for: lower, in: allCases.map(\.rawValue))) (known: \(names))")
        }
        return codec
    }
}

/// GIF dithering (`--dither`), as libavfilter's paletteuse names it.
public enum Dither: String, Sendable, CaseIterable, ChoiceValue {
    case none, bayer
    case floydSteinberg = "floyd_steinberg"
    case sierra2
    case sierra24a = "sierra2_4a"
}

/// Encoder speed presets (x264/x265 names; mapped for VP9 and AV1).
public enum SpeedPreset: String, Sendable, CaseIterable, ChoiceValue {
    case ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo
}

/// Output profiles (`--profile`).
public enum OutputProfile: String, Sendable, CaseIterable, ChoiceValue {
    /// A file App Store Connect accepts as an app preview.
    case appPreview = "app-preview"
}

/// A bit rate as users write it: `4M`, `2.5M`, `800k`, `1200000` (bits per second).
public struct BitRate: ParameterValue {
    /// Bits per second.
    public var bitsPerSecond: Int
    /// A rate.
    public init(bitsPerSecond: Int) { self.bitsPerSecond = bitsPerSecond }
    public static var kind: String { "a bit rate (4M, 800k)" }
    public static func parse(_ text: String) throws(ParameterProblem) -> BitRate {
        guard let bits = Bitrate.parse(text) else { throw ParameterProblem("'\(text)' is not a bit rate (such as 4M, 2.5M, 800k; 1k to 10G)") }
        return BitRate(bitsPerSecond: bits)
    }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> BitRate {
        if case let .number(n) = node.kind { return try parse(JSONOutput.formatNumber(n)) }
        return try decodeText(node)
    }
    public var json: JSONOutput { .number(Double(bitsPerSecond)) }
}

/// A CSS / Core Animation timing curve: a name or `cubic-bezier(x1,y1,x2,y2)`, read into
/// its control points (the timeline solves it).
public struct EasingCurve: ParameterValue, CustomStringConvertible {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    /// A curve; `x1` and `x2` must lie in 0...1 so that x is monotone.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// SwiftUI's `easeIn`: cubic-bezier(0.42, 0, 1, 1).
    public static let easeIn = EasingCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// SwiftUI's `easeOut`: cubic-bezier(0, 0, 0.58, 1).
    public static let easeOut = EasingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// SwiftUI's `easeInOut`: cubic-bezier(0.42, 0, 0.58, 1).
    public static let easeInOut = EasingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// `linear`: y = x.
    public static let linear = EasingCurve(x1: 0, y1: 0, x2: 1, y2: 1)
    /// The smooth-gradient rainbow's superEaseIn: cubic-bezier(0.2, 0, 1, 0.7).
    public static let superEaseIn = EasingCurve(x1: 0.2, y1: 0, x2: 1, y2: 0.7)

    /// The named curves `--easing` accepts.
    public static let named: [(String, EasingCurve)] = [
        ("ease-in", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInOut),
        ("linear", .linear), ("super-ease-in", .superEaseIn),
    ]

    /// The range `cubic-bezier` accepts for y1 and y2: overshoot up to ten times the
    /// travel either way, which keeps every wave position finite and bounded.
    public static let yRange = -10.0...10.0

    public static var kind: String { "a timing curve" }

    /// Parses a name (`ease-in`, `ease-out`, `ease-in-out`, `linear`, `super-ease-in`) or
    /// `cubic-bezier(x1,y1,x2,y2)` with x1 and x2 in 0...1 and y1 and y2 in `yRange`.
    public static func parse(_ text: String) throws(ParameterProblem) -> EasingCurve {
        let lowered = text.lowercased().filter { $0 != " " }
        if let match = named.first(where: { $0.0 == lowered }) { return match.1 }
        func invalid(_ reason: String) -> ParameterProblem { ParameterProblem("invalid easing \"\(text)\": \(reason)") }
        guard lowered.hasPrefix("cubic-bezier("), lowered.hasSuffix(")") else {
            throw invalid("expected one of \(named.map(\.0).joined(separator: ", ")) or cubic-bezier(x1,y1,x2,y2)")
        }
        let inner = lowered.dropFirst("cubic-bezier(".count).dropLast()
        let numbers = inner.split(separator: ",", omittingEmptySubsequences: false).map { TextInput.decimal($0) }
        guard numbers.count == 4, numbers.allSatisfy({ $0 != nil }) else { throw invalid("cubic-bezier needs four numbers") }
        let v = numbers.map { $0 ?? 0 }
        guard (0...1).contains(v[0]), (0...1).contains(v[2]) else { throw invalid("x1 and x2 must lie between 0 and 1") }
        guard yRange.contains(v[1]), yRange.contains(v[3]) else {
            throw invalid("y1 and y2 must lie between \(Int(yRange.lowerBound)) and \(Int(yRange.upperBound))")
        }
        return EasingCurve(x1: v[0], y1: v[1], x2: v[2], y2: v[3])
    }

    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> EasingCurve { try decodeText(node) }

    /// The curve's name when it has one, else `cubic-bezier(x1,y1,x2,y2)`.
    public var description: String {
        if let name = EasingCurve.named.first(where: { $0.1 == self })?.0 { return name }
        return "cubic-bezier(\([x1, y1, x2, y2].map(JSONOutput.formatNumber).joined(separator: ",")))"
    }

    public var json: JSONOutput { .string(description) }
}

/// Options of a scene or style as written: `--scene-option key=value` (repeatable) or a
/// job file's `"sceneOptions": {"key": value}`. The scene or style reads them against its
/// own declarations when the plan is resolved. (A variant's `sceneOptions` replace the
/// defaults' as a whole, like every other parameter.)
public struct OptionList: ParameterValue {
    /// One option as written.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var input: ParameterInput
        /// Where a job file wrote its key.
        public var position: JSONPosition?
        /// An entry.
        public init(key: String, input: ParameterInput, position: JSONPosition? = nil) {
            self.key = key; self.input = input; self.position = position
        }
    }

    public var entries: [Entry]
    /// A list.
    public init(_ entries: [Entry] = []) { self.entries = entries }

    public static var kind: String { "KEY=VALUE" }
    public static func parse(_ text: String) throws(ParameterProblem) -> OptionList {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw ParameterProblem("expected KEY=VALUE, got '\(text)'")
        }
        return OptionList([Entry(key: String(text[..<equals]), input: .text(String(text[text.index(after: equals)...])))])
    }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> OptionList {
        guard case let .object(members) = node.kind else { throw ParameterProblem("expected an object of options, found \(node.typeDescription)", typeMismatch: true) }
        return OptionList(members.map { Entry(key: $0.key, input: .json($0.value), position: $0.keyPosition) })
    }

    /// `self` followed by `other`'s entries (a later value for a key wins).
    public func appending(_ other: OptionList) -> OptionList { OptionList(entries + other.entries) }

    public var json: JSONOutput {
        var latest: [String: JSONOutput] = [:]
        for entry in entries {
            switch entry.input {
            case let .text(text): latest[entry.key] = .string(text)
            case let .json(node): latest[entry.key] = node.output
            }
        }
        return .object(latest.keys.sorted().compactMap { key in latest[key].map { (key, $0) } })
    }

    /// Reads the entries against `declarations` into typed values; an unknown key or a bad
    /// value is an error naming the option as written: `--OPTION key` on the command line,
    /// or its JSON path under `source`'s with line and column. `owner` names whose
    /// options they are in messages ("the popup scene").
    public func read(_ declarations: [any AnyParameter], option: String, owner: String, source: ParameterSource?,
                     baseDirectory: String? = nil) throws(ParameterError) -> ParameterValues {
        var values = ParameterValues(option: option, baseDirectory: baseDirectory)
        for entry in entries {
            var entrySource = ParameterSource.commandLine
            if case let .jobFile(path, position)? = source {
                entrySource = .jobFile(path: "\(path).\(entry.key)", position: entry.position ?? position)
            }
            guard let declaration = declarations.first(where: { $0.key == entry.key }) else {
                let known = declarations.map(\.key)
                let hint = EditDistance.hint(for: entry.key, in: known)
                var subject = "--\(option) \(entry.key)"
                if case let .jobFile(path, position) = entrySource { subject = "\(path) (\(position))" }
                throw ParameterError(subject: subject, problem: "\(owner) has no option '\(entry.key)'\(hint) (it takes \(known.isEmpty ? "none" : known.joined(separator: ", ")))",
                                     origin: entrySource)
            }
            try values.set(entry.input, for: declaration, from: entrySource)
        }
        return values
    }
}

