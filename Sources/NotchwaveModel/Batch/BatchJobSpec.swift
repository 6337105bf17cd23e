/// A batch job file, as written: which presets, styles, formats and parameter variants to
/// render (the batch is their cross product) and how to name the outputs.
///
/// ```jsonc
/// {
///   "presets": "all",                  // or ["iphone-x", ...] or {"kind": "island", "family": "iphone"}
///   "styles": ["sharp", "smooth"],     // default ["sharp"]
///   "formats": ["mp4", {"ext": "mp4", "codec": "hevc", "name": "hevc"}],   // default ["mp4"]
///   "variants": [{"name": "light"}, {"name": "dark", "appearance": "dark"}], // default one unnamed
///   "defaults": {"duration": 3, "quality": "draft"},  // parameters for every output
///   "styleOptions": {"smooth": {"middle-stop": "0.3"}},
///   "output": "{preset}-{style}-{variant}.{ext}"
/// }
/// ```
public struct BatchJobSpec: Sendable, Equatable {
    /// Which presets.
    public enum PresetSelection: Sendable, Equatable {
        case all
        case ids([String])
        /// Presets whose cutout kind and family match (nil matches any).
        case filter(kind: String?, family: String?)
    }

    /// One output format: a file extension and, optionally, a codec and a name for `{format}`.
    public struct Format: Sendable, Equatable {
        public var ext: String
        public var codec: String?
        public var name: String
    }

    /// A named set of parameters.
    public struct Variant: Sendable, Equatable {
        public var name: String
        public var parameters: BatchParameters
        /// Where the variant is in the file (`$.variants[2]`, line and column), for messages.
        public var location: String = "$.defaults"
    }

    public var file: String
    public var presets: PresetSelection
    public var styles: [String]
    public var formats: [Format]
    public var variants: [Variant]
    public var defaults: BatchParameters
    public var styleOptions: [String: [String: String]]
    public var outputTemplate: String

    /// The placeholders an output template may use.
    public static let placeholders = ["preset", "style", "variant", "format", "ext", "codec", "appearance", "fps", "duration"]

    /// Parses a job file (JSON with `//` and `/* */` comments); errors name the file, the
    /// JSON path and the line and column.
    public static func decode(_ text: String, file: String) throws -> BatchJobSpec {
        let root = try JSONValues.parse(text, file: file, allowingComments: true)
        var object = try JSONObjectReader(root, file: file)
        let presets = try decodePresets(&object)
        var styles = ["sharp"]
        if let node = object.optional("styles") {
            styles = try JSONValues.array(node, file: file, path: "$.styles").enumerated().map { index, item in
                try JSONValues.string(item, file: file, path: "$.styles[\(index)]")
            }
            guard !styles.isEmpty else { throw object.error(at: "styles", node, "list at least one style") }
        }
        var formats = [Format(ext: "mp4", codec: nil, name: "mp4")]
        if let node = object.optional("formats") {
            formats = try JSONValues.array(node, file: file, path: "$.formats").enumerated().map { index, item in
                try decodeFormat(item, file: file, path: "$.formats[\(index)]")
            }
            guard !formats.isEmpty else { throw object.error(at: "formats", node, "list at least one format") }
        }
        var variants = [Variant(name: "default", parameters: BatchParameters())]
        if let node = object.optional("variants") {
            variants = try JSONValues.array(node, file: file, path: "$.variants").enumerated().map { index, item in
                var reader = try JSONObjectReader(item, file: file, path: "$.variants[\(index)]")
                let name = try reader.string("name")
                guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }) else {
                    throw reader.error(at: "name", reader.node["name"], "a variant name is letters, digits, - and _ (it goes into file names)")
                }
                let parameters = try BatchParameters.decode(&reader)
                try reader.finish()
                return Variant(name: name, parameters: parameters, location: "$.variants[\(index)] (\(item.position))")
            }
            guard !variants.isEmpty else { throw object.error(at: "variants", node, "list at least one variant") }
            var seen = Set<String>()
            for (index, variant) in variants.enumerated() where !seen.insert(variant.name).inserted {
                throw ConfigurationError(file: file, path: "$.variants[\(index)].name", position: nil, problem: "duplicate variant name \"\(variant.name)\"")
            }
        }
        var defaults = BatchParameters()
        if object.has("defaults") {
            var reader = try object.object("defaults")
            defaults = try BatchParameters.decode(&reader)
            try reader.finish()
        }
        var styleOptions: [String: [String: String]] = [:]
        if object.has("styleOptions") {
            let reader = try object.object("styleOptions")
            guard case let .object(members) = reader.node.kind else {
                throw reader.error(at: "styleOptions", reader.node, "expected an object")
            }
            for member in members {
                var options = try JSONObjectReader(member.value, file: file, path: reader.path(of: member.key))
                guard case let .object(pairs) = options.node.kind else { continue }
                var values: [String: String] = [:]
                for pair in pairs {
                    switch pair.value.kind {
                    case let .string(s): values[pair.key] = s
                    case let .number(n): values[pair.key] = JSONOutput.formatNumber(n)
                    case let .bool(b): values[pair.key] = b ? "true" : "false"
                    default: throw options.error(at: pair.key, pair.value, "expected a string, number or boolean")
                    }
                    _ = options.optional(pair.key)
                }
                styleOptions[member.key] = values
            }
        }
        let template = try object.optionalString("output") ?? "{preset}-{style}-{variant}.{ext}"
        try checkTemplate(template, file: file, position: object.node["output"]?.position)
        try object.finish()
        return BatchJobSpec(file: file, presets: presets, styles: styles, formats: formats, variants: variants, defaults: defaults,
                            styleOptions: styleOptions, outputTemplate: template)
    }

    private static func decodePresets(_ object: inout JSONObjectReader) throws -> PresetSelection {
        let node = try object.required("presets")
        let file = object.file
        switch node.kind {
        case let .string(s):
            guard s == "all" else { throw object.error(at: "presets", node, "expected \"all\", a list of preset ids or a filter object") }
            return .all
        case let .array(items):
            let ids = try items.enumerated().map { index, item in try JSONValues.string(item, file: file, path: "$.presets[\(index)]") }
            guard !ids.isEmpty else { throw object.error(at: "presets", node, "list at least one preset") }
            return .ids(ids)
        case .object:
            var reader = try JSONObjectReader(node, file: file, path: "$.presets")
            let kind = try reader.optionalString("kind")
            if let kind, !["notch", "island", "none"].contains(kind) {
                throw reader.error(at: "kind", reader.node["kind"], "unknown cutout kind \"\(kind)\" (expected notch, island or none)")
            }
            let family = try reader.optionalString("family")
            try reader.finish()
            return .filter(kind: kind, family: family)
        default:
            throw object.error(at: "presets", node, "expected \"all\", a list of preset ids or a filter object, found \(node.typeDescription)")
        }
    }

    private static func decodeFormat(_ node: JSONNode, file: String, path: String) throws -> Format {
        if case let .string(ext) = node.kind { return Format(ext: ext.lowercased(), codec: nil, name: ext.lowercased()) }
        var reader = try JSONObjectReader(node, file: file, path: path)
        let ext = try reader.string("ext").lowercased()
        let codec = try reader.optionalString("codec")
        let name = try reader.optionalString("name") ?? (codec.map { "\(ext)-\($0)" } ?? ext)
        try reader.finish()
        return Format(ext: ext, codec: codec, name: name)
    }

    private static func checkTemplate(_ template: String, file: String, position: JSONPosition?) throws {
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw ConfigurationError(file: file, path: "$.output", position: position, problem: "unclosed { in the output template")
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard placeholders.contains(name) else {
                throw ConfigurationError(file: file, path: "$.output", position: position,
                                         problem: "unknown placeholder {\(name)} (known: \(placeholders.map { "{\($0)}" }.joined(separator: ", ")))")
            }
            rest = rest[rest.index(after: close)...]
        }
        guard !template.hasPrefix("/"), !template.split(separator: "/").contains("..") else {
            throw ConfigurationError(file: file, path: "$.output", position: position, problem: "the output template must stay inside the output directory")
        }
    }
}

/// Render parameters a job sets for every output (`defaults`) or per variant; nil means
/// "not set here".
public struct BatchParameters: Sendable, Equatable {
    public var period: Double?
    public var waves: Int?
    public var colors: String?
    public var background: String?
    public var appearance: String?
    public var start: Double?
    public var stop: Double?
    public var duration: Double?
    public var hold: Double?
    public var fps: Int?
    public var region: String?
    public var cutout: Bool?
    public var mask: Bool?
    public var even: String?
    public var easing: String?
    public var cycle: Double?
    public var loop: Bool?
    public var quality: String?
    public var crf: Int?
    public var bitrate: String?
    public var speed: String?
    public var tenBit: Bool?
    public var dither: String?

    /// None set.
    public init() {}

    /// `self` with every parameter `other` sets replaced by `other`'s.
    public func overridden(by other: BatchParameters) -> BatchParameters {
        var p = self
        p.period = other.period ?? period
        p.waves = other.waves ?? waves
        p.colors = other.colors ?? colors
        p.background = other.background ?? background
        p.appearance = other.appearance ?? appearance
        p.start = other.start ?? start
        p.stop = other.stop ?? stop
        p.duration = other.duration ?? duration
        p.hold = other.hold ?? hold
        p.fps = other.fps ?? fps
        p.region = other.region ?? region
        p.cutout = other.cutout ?? cutout
        p.mask = other.mask ?? mask
        p.even = other.even ?? even
        p.easing = other.easing ?? easing
        p.cycle = other.cycle ?? cycle
        p.loop = other.loop ?? loop
        p.quality = other.quality ?? quality
        p.crf = other.crf ?? crf
        p.bitrate = other.bitrate ?? bitrate
        p.speed = other.speed ?? speed
        p.tenBit = other.tenBit ?? tenBit
        p.dither = other.dither ?? dither
        return p
    }

    static func decode(_ reader: inout JSONObjectReader) throws -> BatchParameters {
        var p = BatchParameters()
        func int(_ key: String) throws -> Int? {
            guard let value = try reader.optionalNumber(key) else { return nil }
            guard value == value.rounded(), abs(value) < 1e9 else { throw reader.error(at: key, reader.node[key], "expected a whole number") }
            return Int(value)
        }
        p.period = try reader.optionalNumber("period")
        p.waves = try int("waves")
        if let node = reader.optional("colors") {
            switch node.kind {
            case let .string(s): p.colors = s
            case let .array(items):
                p.colors = try items.enumerated().map { index, item in
                    try JSONValues.string(item, file: reader.file, path: "\(reader.path(of: "colors"))[\(index)]")
                }.joined(separator: ",")
            default: throw reader.error(at: "colors", node, "expected a list of colours or a comma-separated string")
            }
        }
        p.background = try reader.optionalString("background")
        p.appearance = try reader.optionalString("appearance")
        p.start = try reader.optionalNumber("start")
        p.stop = try reader.optionalNumber("stop")
        p.duration = try reader.optionalNumber("duration")
        p.hold = try reader.optionalNumber("hold")
        p.fps = try int("fps")
        p.region = try reader.optionalString("region")
        p.cutout = try reader.optionalBool("cutout")
        p.mask = try reader.optionalBool("mask")
        p.even = try reader.optionalString("even")
        p.easing = try reader.optionalString("easing")
        p.cycle = try reader.optionalNumber("cycle")
        p.loop = try reader.optionalBool("loop")
        p.quality = try reader.optionalString("quality")
        p.crf = try int("crf")
        p.bitrate = try reader.optionalString("bitrate")
        p.speed = try reader.optionalString("speed")
        p.tenBit = try reader.optionalBool("tenBit")
        p.dither = try reader.optionalString("dither")
        return p
    }
}
