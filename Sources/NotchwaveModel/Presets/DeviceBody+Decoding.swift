extension DeviceBody {
    /// The keys of a preset's `body` object.
    static let keys = ["kind", "size", "cornerRadius", "corners", "ppi", "screenTop", "buttons", "finishes", "camera", "homeButton", "base"]

    /// Reads a preset's `body` (finishing the reader), checking that the screen of
    /// `screenPixels` fits inside it, that the corners fit the outline and that every
    /// button lies along its edge; errors name the JSON path.
    static func decode(_ reader: inout JSONObjectReader, screenPixels: Size2) throws -> DeviceBody {
        let kindText = try reader.string("kind")
        guard let kind = Kind(rawValue: kindText) else {
            throw reader.error(at: "kind", reader.node["kind"], "unknown body kind \"\(kindText)\" (expected \(Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let size = try Preset.sourcedSize(&reader, "size")
        let radius = try Preset.sourcedNumber(&reader, "cornerRadius", positive: false)
        let cornersText = try reader.optionalString("corners") ?? "continuous"
        guard cornersText == "continuous" || cornersText == "circular" else {
            throw reader.error(at: "corners", reader.node["corners"], "expected \"continuous\" or \"circular\", got \"\(cornersText)\"")
        }
        let ppi = try Preset.sourcedNumber(&reader, "ppi", positive: true)
        var body = DeviceBody(kind: kind, size: size, cornerRadius: radius, continuousCorners: cornersText == "continuous", ppi: ppi,
                              finishes: Sourced([]))
        let screen = body.screenSize(pixels: screenPixels)
        let (w, h) = (size.value.width, size.value.height)
        guard radius.value * 2 <= min(w, h) else {
            throw reader.error(at: "cornerRadius", reader.node["cornerRadius"], "a corner radius of \(JSONOutput.formatNumber(radius.value)) mm does not fit a \(JSONOutput.formatNumber(w)) x \(JSONOutput.formatNumber(h)) mm body")
        }
        if reader.has("screenTop") { body.screenTop = try Preset.sourcedNumber(&reader, "screenTop", positive: false) }
        let top = body.screenOrigin(pixels: screenPixels).y
        guard screen.width <= w, top >= 0, top + screen.height <= h else {
            throw reader.error(at: "size", reader.node["size"], "the screen (\(JSONOutput.formatNumber(screen.width.rounded(toPlaces: 2))) x \(JSONOutput.formatNumber(screen.height.rounded(toPlaces: 2))) mm at \(JSONOutput.formatNumber(ppi.value)) ppi) does not fit inside the \(JSONOutput.formatNumber(w)) x \(JSONOutput.formatNumber(h)) mm body")
        }
        let finishesNode = try reader.required("finishes")
        let (finishValue, finishPath, meta) = try Preset.sourceParts(finishesNode, reader.file, reader.path(of: "finishes"))
        let names = try JSONValues.array(finishValue, file: reader.file, path: finishPath).enumerated().map { index, item in
            try JSONValues.string(item, file: reader.file, path: "\(finishPath)[\(index)]")
        }
        guard !names.isEmpty, names.allSatisfy({ !DeviceBody.finishKey($0).isEmpty }) else {
            throw reader.error(at: "finishes", finishesNode, "list the finishes the model comes in (names), the default first")
        }
        body.finishes = Sourced(names, source: meta.source, confidence: meta.confidence, note: meta.note, confirm: meta.confirm)
        if reader.optional("buttons") != nil, case let .array(items)? = reader.node["buttons"]?.kind {
            for (index, item) in items.enumerated() {
                var button = try JSONObjectReader(item, file: reader.file, path: reader.path(of: "buttons") + "[\(index)]")
                let kindText = try button.string("kind")
                guard let buttonKind = ButtonKind(rawValue: kindText) else {
                    throw button.error(at: "kind", button.node["kind"], "unknown button \"\(kindText)\" (expected \(ButtonKind.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                let edgeText = try button.string("edge")
                guard let edge = Edge(rawValue: edgeText) else {
                    throw button.error(at: "edge", button.node["edge"], "unknown edge \"\(edgeText)\" (expected left, right or top)")
                }
                let span = try Preset.sourcedSize(&button, "span")
                let length = edge == .top ? w : h
                guard span.value.width < span.value.height, span.value.height <= length else {
                    throw button.error(at: "span", button.node["span"], "a button spans [from, to] along its edge, within its \(JSONOutput.formatNumber(length)) mm")
                }
                try button.finish()
                body.buttons.append(Button(kind: buttonKind, edge: edge, span: span))
            }
        } else if reader.has("buttons") {
            throw reader.error(at: "buttons", reader.node["buttons"], "expected a list of buttons")
        }
        if reader.has("camera") {
            let camera = try Preset.sourcedSize(&reader, "camera")
            guard camera.value.width < w, camera.value.height < h else {
                throw reader.error(at: "camera", reader.node["camera"], "the camera [from the left, from the top] lies outside the body")
            }
            body.camera = camera
        }
        if reader.has("homeButton") { body.homeButton = try Preset.sourcedSize(&reader, "homeButton") }
        if reader.has("base") { body.base = try Preset.sourcedSize(&reader, "base") }
        try reader.finish()
        return body
    }
}

extension Double {
    /// The number rounded to `places` decimals (for messages).
    func rounded(toPlaces places: Int) -> Double {
        var factor = 1.0
        for _ in 0..<places { factor *= 10 }
        return (self * factor).rounded() / factor
    }
}
