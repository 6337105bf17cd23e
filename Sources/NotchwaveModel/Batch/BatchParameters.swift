/// Render parameters a job sets for every output (`defaults`) or per variant: job-file
/// keys with their values as written, and where each was written. One table,
/// `BatchParameters.fields`, says which keys exist, what type each takes and which
/// request field it sets; decoding, overriding, the manifest and the requests all follow it.
public struct BatchParameters: Sendable, Equatable {
    /// A parameter as written.
    public struct Entry: Sendable, Equatable {
        /// The value (canonical JSON: it goes into the manifest and its hash).
        public var value: JSONOutput
        /// Where it was written: `$.variants[1].period (line 5, column 20)`.
        public var location: String
    }

    /// The parameters set here, by key.
    public private(set) var entries: [String: Entry] = [:]

    /// None set.
    public init() {}

    /// `self` with every parameter `other` sets replaced by `other`'s.
    public func overridden(by other: BatchParameters) -> BatchParameters {
        var merged = self
        merged.entries.merge(other.entries) { _, new in new }
        return merged
    }

    /// The value set for `key`, if any.
    public subscript(key: String) -> JSONOutput? { entries[key]?.value }

    /// The parameters as `(key, value)` pairs sorted by key.
    public var sortedValues: [(String, JSONOutput)] {
        entries.keys.sorted().compactMap { key in entries[key].map { (key, $0.value) } }
    }

    // MARK: - The table

    /// What a parameter's value is.
    enum Kind: Sendable {
        case number, wholeNumber, text, flag
        /// A list of colours, or one comma-separated string of them.
        case colors
    }

    /// One parameter: its job-file key, its type, and how it sets the requests (nil
    /// when the text does not name a valid choice).
    struct Field: Sendable {
        let key: String
        let kind: Kind
        let apply: @Sendable (inout RenderRequest, inout EncodeRequest, JSONOutput) throws(ParameterProblem) -> Void

        init(_ key: String, _ kind: Kind,
             _ apply: @escaping @Sendable (inout RenderRequest, inout EncodeRequest, JSONOutput) throws(ParameterProblem) -> Void) {
            self.key = key
            self.kind = kind
            self.apply = apply
        }
    }

    /// Every parameter a job file may set, in the order they are applied.
    static let fields: [Field] = [
        Field("period", .number) { r, _, v in r.period = v.numberValue },
        Field("waves", .wholeNumber) { r, _, v in r.waves = v.intValue },
        Field("colors", .colors) { r, _, v in r.colors = v.stringValue },
        Field("background", .text) { r, _, v in r.background = v.stringValue },
        Field("appearance", .text) { r, _, v throws(ParameterProblem) in r.appearance = try choice(v, Appearance.self) },
        Field("start", .number) { r, _, v in r.start = v.numberValue },
        Field("stop", .number) { r, _, v in r.stop = v.numberValue },
        Field("duration", .number) { r, _, v in r.duration = v.numberValue },
        Field("hold", .number) { r, _, v in r.hold = v.numberValue },
        Field("fps", .wholeNumber) { r, _, v in r.fps = v.intValue },
        Field("region", .text) { r, _, v throws(ParameterProblem) in r.region = try choice(v, Region.self) },
        Field("cutout", .flag) { r, _, v in r.drawsCutout = v.boolValue },
        Field("mask", .flag) { r, _, v in r.masksCorners = v.boolValue },
        Field("even", .text) { r, _, v throws(ParameterProblem) in r.evenSizePolicy = try choice(v, EvenSizePolicy.self) },
        Field("easing", .text) { r, _, v in r.easing = v.stringValue },
        Field("cycle", .number) { r, _, v in r.cycle = v.numberValue },
        Field("loop", .flag) { r, _, v in r.loop = v.boolValue },
        Field("loops", .wholeNumber) { r, _, v in r.loops = v.intValue },
        Field("backdrop", .text) { r, _, v in r.backdrop = v.stringValue },
        Field("backdropStart", .number) { r, _, v in r.backdropStart = v.numberValue },
        Field("backdropFit", .text) { r, _, v throws(ParameterProblem) in r.backdropFit = try choice(v, BackdropFit.self) },
        Field("profile", .text) { r, _, v throws(ParameterProblem) in
            guard v.stringValue == "app-preview" else { throw ParameterProblem(message: "\"\(v.stringValue ?? "")\" is not a profile (available: app-preview)") }
            r.appPreview = r.appPreview ?? AppPreviewRequest()
        },
        Field("audio", .text) { r, _, v throws(ParameterProblem) in
            guard r.appPreview != nil else { throw ParameterProblem(message: "a sound track belongs to \"profile\": \"app-preview\"") }
            r.appPreview?.audio = v.stringValue
        },
        Field("landscape", .flag) { r, _, v throws(ParameterProblem) in
            guard r.appPreview != nil else { throw ParameterProblem(message: "a landscape preview belongs to \"profile\": \"app-preview\"") }
            r.appPreview?.landscape = v.boolValue ?? false
        },
        Field("poster", .number) { r, _, v throws(ParameterProblem) in
            guard r.appPreview != nil else { throw ParameterProblem(message: "a poster frame belongs to \"profile\": \"app-preview\"") }
            r.appPreview?.poster = v.numberValue
        },
        Field("quality", .text) { _, e, v throws(ParameterProblem) in e.quality = try choice(v, Quality.self) },
        Field("crf", .wholeNumber) { _, e, v in e.crf = v.intValue },
        Field("bitrate", .text) { _, e, v in e.bitrate = v.stringValue },
        Field("speed", .text) { _, e, v in e.speed = v.stringValue },
        Field("tenBit", .flag) { _, e, v in e.tenBit = v.boolValue ?? false },
        Field("dither", .text) { _, e, v in e.dither = v.stringValue },
    ]

    /// The keys a job file may use, in table order.
    public static var keys: [String] { fields.map(\.key) }

    /// The case of `T` a text value names.
    private static func choice<T: CaseIterable & RawRepresentable>(_ value: JSONOutput, _ type: T.Type) throws(ParameterProblem) -> T?
        where T.RawValue == String {
        guard let text = value.stringValue else { return nil }
        guard let match = T(named: text) else { throw ParameterProblem(message: "\"\(text)\" is not one of \(T.names)") }
        return match
    }

    // MARK: - Decoding and applying

    /// Reads the parameters among `reader`'s members (the caller finishes the reader).
    static func decode(_ reader: inout JSONObjectReader) throws -> BatchParameters {
        var parameters = BatchParameters()
        for field in fields {
            guard let node = reader.optional(field.key) else { continue }
            let path = reader.path(of: field.key)
            let value: JSONOutput
            switch field.kind {
            case .number: value = .number(try JSONValues.number(node, file: reader.file, path: path))
            case .wholeNumber: value = .number(Double(try JSONValues.wholeNumber(node, file: reader.file, path: path)))
            case .text: value = .string(try JSONValues.string(node, file: reader.file, path: path))
            case .flag:
                guard case let .bool(b) = node.kind else { throw reader.error(at: field.key, node, "expected a boolean, found \(node.typeDescription)") }
                value = .bool(b)
            case .colors:
                switch node.kind {
                case let .string(s): value = .string(s)
                case let .array(items):
                    value = .string(try items.enumerated().map { index, item in
                        try JSONValues.string(item, file: reader.file, path: "\(path)[\(index)]")
                    }.joined(separator: ","))
                default: throw reader.error(at: field.key, node, "expected a list of colours or a comma-separated string")
                }
            }
            parameters.entries[field.key] = Entry(value: value, location: "\(path) (\(node.position))")
        }
        return parameters
    }

    /// Sets the fields of `request` and `encode` that these parameters give; an invalid
    /// choice is reported with where it was written.
    public func apply(to request: inout RenderRequest, _ encode: inout EncodeRequest) throws(BatchParameterError) {
        for field in BatchParameters.fields {
            guard let entry = entries[field.key] else { continue }
            do {
                try field.apply(&request, &encode, entry.value)
            } catch {
                throw BatchParameterError(location: entry.location, message: "\(field.key): \(error.message)")
            }
        }
    }
}

/// What is wrong with one parameter's value.
struct ParameterProblem: Error {
    var message: String
}

/// A parameter of a job file that cannot be used, with where it was written.
public struct BatchParameterError: Error, Sendable, CustomStringConvertible {
    /// `$.variants[1].quality (line 5, column 20)`.
    public var location: String
    public var message: String
    public var description: String { "\(location): \(message)" }
}

extension JSONOutput {
    var numberValue: Double? { if case let .number(n) = self { return n }; return nil }
    var intValue: Int? { numberValue.flatMap { Int(exactly: $0) } }
    var stringValue: String? { if case let .string(s) = self { return s }; return nil }
    var boolValue: Bool? { if case let .bool(b) = self { return b }; return nil }
}
