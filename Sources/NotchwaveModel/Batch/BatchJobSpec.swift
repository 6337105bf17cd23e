/// A batch job file, as written: which presets, styles, formats and parameter variants to
/// render (the batch is their cross product) and how to name the outputs.
///
/// ```jsonc
/// {
///   "presets": "all",                  // or ["iphone-x", ...] or {"kind": "island", "family": "iphone"}
///   "styles": ["sharp", "smooth"],     // default: the default style only
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
        public var codec: Codec?
        public var name: String
    }

    /// The options a job gives one style, and where they were written.
    public struct StyleOptions: Sendable, Equatable {
        public var options: OptionList
        /// Where the style's object is (`$.styleOptions.smooth`).
        public var source: ParameterSource
        public var position: JSONPosition
    }

    /// A named set of parameters, and of the job settings a variant may give its own.
    public struct Variant: Sendable, Equatable {
        public var name: String
        public var parameters: BatchParameters
        /// Where the variant is in the file (`$.variants[2]`, line and column), for messages.
        public var location: String = "$.defaults"
        /// The variant's own locales, over the job's (nil: the job's).
        public var locales: LocaleSelection? = nil
        /// The variant's own layout, over the job's (nil: the job's).
        public var layout: Layout? = nil
    }

    /// The locales a job (or a variant) renders.
    public enum LocaleSelection: Sendable, Equatable {
        /// These, in order.
        case listed([LocaleEntry])
        /// Every locale of the strings file (`"locales": "all"`).
        case all
    }

    /// One locale a job renders: its name (the folder fastlane reads it from, `en-US`)
    /// and the caption font for its script, if it needs its own.
    public struct LocaleEntry: Sendable, Equatable {
        public var name: String
        public var captionFont: String?
        /// Where it is written (`$.locales[1]`).
        public var location: String
        /// Where it is written, for the values it sets (`locale`, `captionFont`).
        public var source: ParameterSource
        /// A locale.
        public init(name: String, captionFont: String? = nil, location: String, source: ParameterSource = .override) {
            self.name = name
            self.captionFont = captionFont
            self.location = location
            self.source = source
        }
    }

    /// How the outputs are laid out in the output directory.
    public enum Layout: String, Sendable, CaseIterable {
        /// The output template's names.
        case plain
        /// The folders and names fastlane's `deliver` uploads from its `app_previews_path`:
        /// `<locale>/<PREVIEW_TYPE>_<n>.mp4` (the display class's token, previews numbered
        /// in job order from 1, at most 3 per class and locale), poster frames beside them.
        case fastlane
    }

    public var file: String
    public var presets: PresetSelection
    /// The job's locales (one output each, captions in its language), written at the top
    /// level or in `defaults`; nil: the job has none. A variant may give its own.
    public var locales: LocaleSelection? = nil
    /// How the job's outputs are laid out (a variant may give its own).
    public var layout: Layout = .plain
    public var styles: [String]
    /// Values that override every output's (`batch --set key=value`), applied over the
    /// defaults and the variants; part of each output's parameters, so resume sees them.
    public var overrides = ParameterValues()
    /// Where each style was written (empty when the job names none: `["sharp"]`).
    public var stylePositions: [JSONPosition] = []
    public var formats: [Format]
    public var variants: [Variant]
    public var defaults: BatchParameters
    /// Options by style name.
    public var styleOptions: [String: StyleOptions]
    public var outputTemplate: String

    /// True when the job lists its styles.
    public var stylesGiven: Bool { !stylePositions.isEmpty }

    /// Where the job names `style` (`$.styles[1]`), for messages.
    public func stylesSource(_ style: String) -> ParameterSource {
        guard let index = styles.firstIndex(of: style), index < stylePositions.count else { return .commandLine }
        return .jobFile(path: "$.styles[\(index)]", position: stylePositions[index])
    }

    /// The locales `variant` renders (its own, else the job's; nil: none).
    public func locales(of variant: Variant) -> LocaleSelection? { variant.locales ?? locales }

    /// How `variant`'s outputs are laid out (its own layout, else the job's).
    public func layout(of variant: Variant) -> Layout { variant.layout ?? layout }

    /// True when some output of the job has a locale.
    public var hasLocales: Bool { locales != nil || variants.contains { $0.locales != nil } }

    /// The placeholders an output template may use.
    public static let placeholders = ["preset", "style", "variant", "format", "ext", "codec", "appearance", "fps", "duration", "locale"]

    /// The job settings that are not render parameters but may be written wherever a
    /// render parameter may (the placement rule): at the top level, in `defaults`, or in a
    /// variant.
    public static let settingKeys = ["locales", "layout"]

    /// The keys only the top level takes: what the job is the cross product of, and how
    /// its outputs are named.
    public static let structureKeys = ["presets", "styles", "formats", "variants", "defaults", "styleOptions", "output"]

    /// One level's settings as read: its render parameters, locales and layout.
    struct LevelSettings {
        var parameters = BatchParameters()
        var locales: LocaleSelection? = nil
        var layout: Layout? = nil
    }

    /// Reads the settings of one level (the placement rule: every render parameter and
    /// every setting key, at any level) from `reader`'s members; the caller finishes it.
    static func decodeSettings(_ reader: inout JSONObjectReader, parameters: [any AnyParameter]) throws -> LevelSettings {
        var settings = LevelSettings()
        settings.parameters = try BatchParameters.decode(&reader, parameters: parameters)
        if let node = reader.optional("locales") { settings.locales = try decodeLocales(node, reader: reader) }
        if let node = reader.optional("layout") {
            guard case let .string(text) = node.kind, let parsed = Layout(rawValue: text) else {
                throw reader.error(at: "layout", node, "expected \"plain\" or \"fastlane\" (the folders fastlane's deliver uploads previews from)")
            }
            settings.layout = parsed
        }
        return settings
    }

    /// `"locales"`: a list of locales (names, or objects with `locale` and `captionFont`)
    /// or `"all"`.
    static func decodeLocales(_ node: JSONNode, reader: JSONObjectReader) throws -> LocaleSelection {
        let file = reader.file
        if case let .string(text) = node.kind {
            guard text == "all" else { throw reader.error(at: "locales", node, "expected a list of locales or \"all\" (every locale of the strings file)") }
            return .all
        }
        let base = reader.path(of: "locales")
        let locales = try JSONValues.array(node, file: file, path: base).enumerated().map { index, item in
            let path = "\(base)[\(index)]"
            if case let .string(name) = item.kind {
                try checkLocale(name, file: file, path: path, position: item.position)
                return LocaleEntry(name: name, captionFont: nil, location: "\(path) (\(item.position))",
                                   source: .jobFile(path: path, position: item.position))
            }
            var entry = try JSONObjectReader(item, file: file, path: path)
            let name = try entry.string("locale")
            try checkLocale(name, file: file, path: entry.path(of: "locale"), position: entry.node["locale"]?.position)
            let font = try entry.optionalString("captionFont")
            try entry.finish()
            return LocaleEntry(name: name, captionFont: font, location: "\(path) (\(item.position))",
                               source: .jobFile(path: path, position: item.position))
        }
        guard !locales.isEmpty else { throw reader.error(at: "locales", node, "list at least one locale") }
        var seen = Set<String>()
        for (index, entry) in locales.enumerated() where !seen.insert(entry.name.lowercased()).inserted {
            throw ConfigurationError(file: file, path: "\(base)[\(index)]", position: nil, problem: "duplicate locale \"\(entry.name)\"")
        }
        return .listed(locales)
    }

    /// Parses a job file (JSON with `//` and `/* */` comments); errors name the file, the
    /// JSON path and the line and column. `parameters` are the render parameters (the
    /// scene module's registry, `Scenes.parameters`), and `defaultStyle` is the one style a
    /// job that lists none is drawn in.
    ///
    /// The placement rule: every render parameter and every setting key (`settingKeys`)
    /// may be written at the top level, in `defaults` (the same level: a key in both is an
    /// error) or in a variant, whose value wins for its outputs. The structure keys
    /// (`structureKeys`) are the top level's alone.
    public static func decode(_ text: String, file: String, parameters: [any AnyParameter], defaultStyle: String) throws -> BatchJobSpec {
        let root = try JSONValues.parse(text, file: file, allowingComments: true)
        var object = try JSONObjectReader(root, file: file)
        let presets = try decodePresets(&object)
        var styles = [defaultStyle]
        var stylePositions: [JSONPosition] = []
        if let node = object.optional("styles") {
            if case let .array(items) = node.kind { stylePositions = items.map(\.position) }
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
                try checkName(name, reader: reader, key: "name", what: "a variant name")
                let settings = try decodeSettings(&reader, parameters: parameters)
                try reader.finish()
                return Variant(name: name, parameters: settings.parameters, location: "$.variants[\(index)] (\(item.position))",
                               locales: settings.locales, layout: settings.layout)
            }
            guard !variants.isEmpty else { throw object.error(at: "variants", node, "list at least one variant") }
            var seen = Set<String>()
            for (index, variant) in variants.enumerated() where !seen.insert(variant.name).inserted {
                throw ConfigurationError(file: file, path: "$.variants[\(index)].name", position: nil, problem: "duplicate variant name \"\(variant.name)\"")
            }
        }
        // The top level and `defaults` are one level, written in either place.
        var defaultSettings = LevelSettings()
        if object.has("defaults") {
            var reader = try object.object("defaults")
            let keys = parameters.map(\.key).filter { !structureKeys.contains($0) } + settingKeys
            for key in keys where reader.has(key) && object.has(key) {
                throw object.error(at: key, object.node[key], "\"\(key)\" is given both here and in \"defaults\": keep one")
            }
            defaultSettings = try decodeSettings(&reader, parameters: parameters)
            try reader.finish()
        }
        // (`styleOptions` at the top level is the options by style, a structure key.)
        let topLevel = try decodeSettings(&object, parameters: parameters.filter { !structureKeys.contains($0.key) })
        let defaults = topLevel.parameters.overridden(by: defaultSettings.parameters)
        var styleOptions: [String: StyleOptions] = [:]
        if object.has("styleOptions") {
            let reader = try object.object("styleOptions")
            for member in reader.members {
                let options: OptionList
                do {
                    options = try OptionList.decode(member.value)
                } catch {
                    throw reader.error(at: member.key, member.value, error.message)
                }
                styleOptions[member.key] = StyleOptions(options: options, source: .jobFile(path: reader.path(of: member.key), position: member.value.position),
                                                        position: member.value.position)
            }
        }
        let locales = defaultSettings.locales ?? topLevel.locales
        let anyLocales = locales != nil || variants.contains { $0.locales != nil }
        let template = try object.optionalString("output") ?? (anyLocales ? "{preset}-{style}-{variant}-{locale}.{ext}" : "{preset}-{style}-{variant}.{ext}")
        try checkTemplate(template, file: file, position: object.node["output"]?.position)
        try object.finish()
        var job = BatchJobSpec(file: file, presets: presets, styles: styles, formats: formats, variants: variants, defaults: defaults,
                               styleOptions: styleOptions, outputTemplate: template)
        job.stylePositions = stylePositions
        job.locales = locales
        job.layout = defaultSettings.layout ?? topLevel.layout ?? .plain
        return job
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
        if case let .string(text) = node.kind {
            let ext = text.lowercased()
            try checkName(ext, file: file, path: path, position: node.position, what: "an extension")
            return Format(ext: ext, codec: nil, name: ext)
        }
        var reader = try JSONObjectReader(node, file: file, path: path)
        let ext = try reader.string("ext").lowercased()
        try checkName(ext, reader: reader, key: "ext", what: "an extension")
        var codec: Codec? = nil
        if let text = try reader.optionalString("codec") {
            do {
                codec = try Codec.parse(text)
            } catch {
                throw reader.error(at: "codec", reader.node["codec"], error.message)
            }
        }
        let name = try reader.optionalString("name") ?? (codec.map { "\(ext)-\($0.rawValue)" } ?? ext)
        try checkName(name, reader: reader, key: "name", what: "a format name")
        try reader.finish()
        return Format(ext: ext, codec: codec, name: name)
    }

    /// A locale names a folder and goes into file names: letters, digits, `-` and `_`
    /// (`en-US`, `zh-Hans`, `pt_BR`).
    static func checkLocale(_ name: String, file: String, path: String, position: JSONPosition?) throws {
        guard !name.isEmpty, name.count <= 35, name.unicodeScalars.allSatisfy({ ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }),
              name.first?.isLetter == true else {
            throw ConfigurationError(file: file, path: path, position: position, problem: "a locale is a language tag such as en-US, de-DE or zh-Hans, got \"\(name)\"")
        }
    }

    /// Names that go into file names ({variant}, {format}, {ext}, {codec}) are letters,
    /// digits, `-` and `_`: they can neither leave the output directory nor hide a file.
    private static func checkName(_ name: String, reader: JSONObjectReader, key: String, what: String) throws {
        try checkName(name, file: reader.file, path: reader.path(of: key), position: reader.node[key]?.position, what: what)
    }

    private static func checkName(_ name: String, file: String, path: String, position: JSONPosition?, what: String) throws {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }) else {
            throw ConfigurationError(file: file, path: path, position: position,
                                     problem: "\(what) is letters, digits, - and _ (it goes into file names), got \"\(name)\"")
        }
    }

    private static func checkTemplate(_ template: String, file: String, position: JSONPosition?) throws {
        guard !template.isEmpty else {
            throw ConfigurationError(file: file, path: "$.output", position: position, problem: "the output template is empty")
        }
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
        guard !template.contains("//") else {
            throw ConfigurationError(file: file, path: "$.output", position: position, problem: "the output template has an empty path component (//)")
        }
    }
}
