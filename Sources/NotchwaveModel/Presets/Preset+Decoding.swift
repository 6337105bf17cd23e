extension Preset {
    /// The keys a preset file may contain.
    static let keys = ["id", "name", "aliases", "family", "screenPoints", "scale", "screenPixels", "cornerRadius",
                       "statusBarHeight", "cutout", "bar", "notes", "appStoreClass", "body"]

    /// Decodes and validates a preset from JSON text; errors name `file`, the JSON path
    /// and the problem.
    public static func decode(_ text: String, file: String) throws -> Preset {
        let root = try JSONValues.parse(text, file: file)
        var object = try JSONObjectReader(root, file: file)
        let id = try object.string("id")
        guard Preset.isValidID(id) else {
            throw object.error(at: "id", object.node["id"], "\"\(id)\" is not a lowercase, hyphenated id (like \"iphone-15-pro\")")
        }
        let name = try object.string("name")
        let aliases = try object.optionalStrings("aliases") ?? []
        let family = try object.optionalString("family") ?? (id.hasPrefix("iphone") ? "iphone" : id.hasPrefix("macbook") ? "macbook" : "generic")
        let points = try sourcedSize(&object, "screenPoints")
        let scale = try sourcedNumber(&object, "scale", positive: true)
        let pixels = try sourcedSize(&object, "screenPixels")
        let corner = try sourcedNumber(&object, "cornerRadius", positive: false)
        let status = try sourcedNumber(&object, "statusBarHeight", positive: true)
        guard pixels.value.width == pixels.value.width.rounded(), pixels.value.height == pixels.value.height.rounded() else {
            throw object.error(at: "screenPixels", object.node["screenPixels"], "pixel sizes must be whole numbers")
        }
        if let problem = PixelBudget.problem(width: pixels.value.width, height: pixels.value.height) {
            throw object.error(at: "screenPixels", object.node["screenPixels"], problem)
        }
        let ratioW = pixels.value.width / points.value.width, ratioH = pixels.value.height / points.value.height
        guard abs(ratioW - ratioH) / ratioW < 0.01 else {
            throw object.error(at: "screenPixels", object.node["screenPixels"],
                               "the pixel size is not the point size times one scale (\(JSONOutput.formatNumber((ratioW * 1000).rounded() / 1000)) across, \(JSONOutput.formatNumber((ratioH * 1000).rounded() / 1000)) down)")
        }
        // The UIKit scale renders points at `scale` px; the panel shows that image, or a
        // downsampled one (the iPhone 12 mini's 3x at 2.88, a MacBook's 2x at 1.68).
        guard ratioW <= scale.value * 1.01, ratioW >= scale.value * 0.8 else {
            throw object.error(at: "scale", object.node["scale"],
                               "a scale of \(JSONOutput.formatNumber(scale.value)) does not agree with the sizes: \(JSONOutput.formatNumber(pixels.value.width)) px over \(JSONOutput.formatNumber(points.value.width)) pt is \(JSONOutput.formatNumber((ratioW * 1000).rounded() / 1000)) px a point, which must be the scale or at most 20 % below it (a downsampled panel)")
        }
        guard corner.value * 2 <= min(points.value.width, points.value.height) else {
            throw object.error(at: "cornerRadius", object.node["cornerRadius"], "a corner radius of \(corner.value) pt does not fit the screen")
        }
        var cutoutReader = try object.object("cutout")
        let cutout = try decodeCutout(&cutoutReader, screen: points.value)
        var barOverride: BarGeometry? = nil
        if object.optional("bar") != nil {
            var bar = try object.object("bar")
            barOverride = BarGeometry(h: try bar.number("h"), cs: try bar.number("cs"), rt: try bar.number("rt"), rb: try bar.number("rb"))
            try bar.finish()
        }
        let notes = try object.optionalStrings("notes") ?? []
        let appStoreClass = try sourcedDisplayClass(&object)
        var body: DeviceBody? = nil
        if object.has("body") {
            var reader = try object.object("body")
            body = try DeviceBody.decode(&reader, screenPixels: pixels.value)
        }
        try object.finish()
        var preset = Preset(id: id, name: name, aliases: aliases, family: family, screenPoints: points, scale: scale,
                            screenPixels: pixels, cornerRadius: corner, statusBarHeight: status, cutout: cutout,
                            barOverride: barOverride, notes: notes)
        preset.appStoreClass = appStoreClass
        preset.body = body
        try preset.validateBar(file: file, object: object)
        return preset
    }

    /// Lowercase letters and digits in hyphen-separated words.
    public static func isValidID(_ id: String) -> Bool {
        let words = id.split(separator: "-", omittingEmptySubsequences: false)
        return !id.isEmpty && words.allSatisfy { word in
            !word.isEmpty && word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
    }

    private func validateBar(file: String, object: JSONObjectReader) throws {
        let bar = self.bar
        let path = barOverride != nil ? "bar" : "cutout"
        let node = object.node[path]
        for (label, value) in [("h", bar.h), ("rt", bar.rt), ("rb", bar.rb)] where !(value > 0) {
            throw object.error(at: path, node, "bar \(label) must be positive, got \(JSONOutput.formatNumber(value))")
        }
        guard bar.cs >= 0 else {
            throw object.error(at: path, node, "the bar's centre spacing cs = \(JSONOutput.formatNumber(bar.cs)) is negative (the notch is narrower than 2 (rt + 2 rb))")
        }
        if case .island = cutout {} else {
            guard bar.h >= bar.rt + bar.rb - 1e-9 else {
                throw object.error(at: path, node, "h < rt + rb (\(JSONOutput.formatNumber(bar.h)) < \(JSONOutput.formatNumber(bar.rt)) + \(JSONOutput.formatNumber(bar.rb)))")
            }
        }
        guard barTop + bar.h <= screenPoints.value.height, bar.cs <= screenPoints.value.width else {
            throw object.error(at: path, node, "the bar does not fit the screen")
        }
    }

    private static func decodeCutout(_ reader: inout JSONObjectReader, screen: Size2) throws -> Cutout {
        let kind = try reader.string("kind")
        let cutout: Cutout
        switch kind {
        case "none":
            cutout = .none
        case "notch":
            let notch = NotchGeometry(width: try sourcedNumber(&reader, "width", positive: true),
                                      height: try sourcedNumber(&reader, "height", positive: true),
                                      topRadius: try sourcedNumber(&reader, "topRadius", positive: true),
                                      bottomRadius: try sourcedNumber(&reader, "bottomRadius", positive: true))
            guard notch.width.value <= screen.width, notch.height.value <= screen.height else {
                throw reader.error(at: "width", reader.node["width"], "the notch (\(JSONOutput.formatNumber(notch.width.value)) x \(JSONOutput.formatNumber(notch.height.value)) pt) is larger than the screen")
            }
            cutout = .notch(notch)
        case "island":
            let island = IslandGeometry(width: try sourcedNumber(&reader, "width", positive: true),
                                        height: try sourcedNumber(&reader, "height", positive: true),
                                        topInset: try sourcedNumber(&reader, "topInset", positive: false))
            guard island.width.value <= screen.width, island.topInset.value + island.height.value <= screen.height else {
                throw reader.error(at: "width", reader.node["width"], "the island is larger than the screen")
            }
            guard island.width.value >= island.height.value else {
                throw reader.error(at: "width", reader.node["width"], "an island must be at least as wide as it is high")
            }
            cutout = .island(island)
        default:
            throw reader.error(at: "kind", reader.node["kind"], "unknown cutout kind \"\(kind)\" (expected none, notch or island)")
        }
        try reader.finish()
        return cutout
    }

    /// A number, bare or as `{"value": n, "source": ..., "confidence": ..., "note": ..., "confirm": ...}`.
    static func sourcedNumber(_ reader: inout JSONObjectReader, _ key: String, positive: Bool) throws -> Sourced<Double> {
        let node = try reader.required(key)
        let path = reader.path(of: key)
        let (valueNode, valuePath, meta) = try sourceParts(node, reader.file, path)
        let value = try JSONValues.number(valueNode, file: reader.file, path: valuePath)
        if positive ? !(value > 0) : !(value >= 0) {
            throw ConfigurationError(file: reader.file, path: valuePath, position: valueNode.position,
                                     problem: "must be \(positive ? "positive" : "zero or more"), got \(JSONOutput.formatNumber(value))")
        }
        return Sourced(value, source: meta.source, confidence: meta.confidence, note: meta.note, confirm: meta.confirm)
    }

    /// The optional App Store display class (`"6.9"`), bare or sourced.
    static func sourcedDisplayClass(_ reader: inout JSONObjectReader) throws -> Sourced<AppStoreDisplayClass>? {
        guard let node = reader.optional("appStoreClass") else { return nil }
        let path = reader.path(of: "appStoreClass")
        let (valueNode, valuePath, meta) = try sourceParts(node, reader.file, path)
        let text = try JSONValues.string(valueNode, file: reader.file, path: valuePath)
        guard let value = AppStoreDisplayClass(rawValue: text) else {
            throw ConfigurationError(file: reader.file, path: valuePath, position: valueNode.position,
                                     problem: "\"\(text)\" is not an App Store display class (\(AppStoreDisplayClass.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return Sourced(value, source: meta.source, confidence: meta.confidence, note: meta.note, confirm: meta.confirm)
    }

    /// A `[width, height]` pair, bare or sourced.
    static func sourcedSize(_ reader: inout JSONObjectReader, _ key: String) throws -> Sourced<Size2> {
        let node = try reader.required(key)
        let path = reader.path(of: key)
        let (valueNode, valuePath, meta) = try sourceParts(node, reader.file, path)
        let items = try JSONValues.array(valueNode, file: reader.file, path: valuePath)
        guard items.count == 2 else {
            throw ConfigurationError(file: reader.file, path: valuePath, position: valueNode.position,
                                     problem: "expected [width, height], found \(items.count) numbers")
        }
        let w = try JSONValues.number(items[0], file: reader.file, path: valuePath + "[0]")
        let h = try JSONValues.number(items[1], file: reader.file, path: valuePath + "[1]")
        guard w > 0, h > 0 else {
            throw ConfigurationError(file: reader.file, path: valuePath, position: valueNode.position,
                                     problem: "sizes must be positive, got [\(JSONOutput.formatNumber(w)), \(JSONOutput.formatNumber(h))]")
        }
        return Sourced(Size2(width: w, height: h), source: meta.source, confidence: meta.confidence, note: meta.note, confirm: meta.confirm)
    }

    /// The value of a sourced number and what is said about it: `source`, `confidence`,
    /// `note`, and `confirm` (what would confirm an estimate).
    static func sourceParts(_ node: JSONNode, _ file: String, _ path: String) throws
        -> (JSONNode, String, (source: String?, confidence: Confidence?, note: String?, confirm: String?)) {
        guard case .object = node.kind else { return (node, path, (nil, nil, nil, nil)) }
        var object = try JSONObjectReader(node, file: file, path: path)
        let value = try object.required("value")
        let source = try object.optionalString("source")
        let note = try object.optionalString("note")
        let confirm = try object.optionalString("confirm")
        var confidence: Confidence? = nil
        if let text = try object.optionalString("confidence") {
            guard let parsed = Confidence(rawValue: text) else {
                throw object.error(at: "confidence", object.node["confidence"], "unknown confidence \"\(text)\" (expected stated, derived or estimated)")
            }
            confidence = parsed
        }
        try object.finish()
        return (value, object.path(of: "value"), (source, confidence, note, confirm))
    }
}
