extension Preset {
    /// The resolved preset as printed by `notchwave presets show ID --json`.
    public var jsonOutput: JSONOutput {
        func n(_ v: Double) -> JSONOutput { .number(v) }
        func size(_ s: Size2) -> JSONOutput { .array([n(s.width), n(s.height)]) }
        var cutoutMembers: [(String, JSONOutput)] = [("kind", .string(cutout.kind))]
        switch cutout {
        case .none: break
        case let .notch(notch):
            cutoutMembers += [("width", n(notch.width.value)), ("height", n(notch.height.value)),
                              ("topRadius", n(notch.topRadius.value)), ("bottomRadius", n(notch.bottomRadius.value))]
        case let .island(island):
            cutoutMembers += [("width", n(island.width.value)), ("height", n(island.height.value)),
                              ("topInset", n(island.topInset.value))]
        }
        let bar = self.bar
        return .object([
            ("id", .string(id)),
            ("name", .string(name)),
            ("aliases", .array(aliases.map { .string($0) })),
            ("family", .string(family)),
            ("screenPoints", size(screenPoints.value)),
            ("scale", n(scale.value)),
            ("screenPixels", size(screenPixels.value)),
            ("cornerRadius", n(cornerRadius.value)),
            ("statusBarHeight", n(statusBarHeight.value)),
            ("cutout", .object(cutoutMembers)),
            ("bar", .object([("h", n(bar.h)), ("cs", n(bar.cs)), ("rt", n(bar.rt)), ("rb", n(bar.rb)), ("top", n(barTop))])),
            ("appStoreClass", appStoreClass.map { c in
                .object([("class", .string(c.value.rawValue)),
                         ("preview", .array([n(Double(c.value.previewSize.width)), n(Double(c.value.previewSize.height))]))])
            } ?? .null),
            ("body", body.map(\.jsonOutput) ?? .null),
            ("sources", .object(sourcedFields.map { field in
                (field.name, .object([
                    ("value", .string(field.value)),
                    ("source", field.source.map { .string($0) } ?? .null),
                    ("confidence", field.confidence.map { .string($0.rawValue) } ?? .null),
                    ("note", field.note.map { .string($0) } ?? .null),
                    ("confirm", field.confirm.map { .string($0) } ?? .null),
                ]))
            })),
            ("notes", .array(notes.map { .string($0) })),
        ])
    }

    /// One sourced number of a preset, flattened for tables.
    public struct SourcedField: Sendable {
        public var name: String
        public var value: String
        public var source: String?
        public var confidence: Confidence?
        public var note: String?
        /// What would confirm an estimate.
        public var confirm: String?
    }

    /// Every sourced number of the preset, in file order.
    public var sourcedFields: [SourcedField] {
        func f(_ name: String, _ s: Sourced<Double>) -> SourcedField {
            SourcedField(name: name, value: JSONOutput.formatNumber(s.value), source: s.source, confidence: s.confidence, note: s.note, confirm: s.confirm)
        }
        func f(_ name: String, _ s: Sourced<Size2>) -> SourcedField {
            SourcedField(name: name, value: "\(JSONOutput.formatNumber(s.value.width)) x \(JSONOutput.formatNumber(s.value.height))",
                         source: s.source, confidence: s.confidence, note: s.note, confirm: s.confirm)
        }
        var fields = [f("screenPoints", screenPoints), f("scale", scale), f("screenPixels", screenPixels),
                      f("cornerRadius", cornerRadius), f("statusBarHeight", statusBarHeight)]
        if let c = appStoreClass {
            fields.append(SourcedField(name: "appStoreClass", value: "\(c.value.rawValue)\" (preview \(c.value.previewSize.width) x \(c.value.previewSize.height))",
                                       source: c.source, confidence: c.confidence, note: c.note, confirm: c.confirm))
        }
        switch cutout {
        case .none: break
        case let .notch(notch):
            fields += [f("cutout.width", notch.width), f("cutout.height", notch.height),
                       f("cutout.topRadius", notch.topRadius), f("cutout.bottomRadius", notch.bottomRadius)]
        case let .island(island):
            fields += [f("cutout.width", island.width), f("cutout.height", island.height), f("cutout.topInset", island.topInset)]
        }
        if let body {
            fields += [f("body.size (mm)", body.size), f("body.cornerRadius (mm)", body.cornerRadius), f("body.ppi", body.ppi)]
            if let top = body.screenTop { fields.append(f("body.screenTop (mm)", top)) }
            for button in body.buttons {
                fields.append(SourcedField(name: "body.\(button.kind.rawValue) (\(button.edge.rawValue), mm)",
                                           value: "\(JSONOutput.formatNumber(button.from)) to \(JSONOutput.formatNumber(button.to))",
                                           source: button.span.source, confidence: button.span.confidence, note: button.span.note, confirm: button.span.confirm))
            }
            let finishes = body.finishes
            fields.append(SourcedField(name: "body.finishes", value: finishes.value.joined(separator: ", "), source: finishes.source,
                                       confidence: finishes.confidence, note: finishes.note, confirm: finishes.confirm))
            if let camera = body.camera { fields.append(f("body.camera (mm from the left, the top)", camera)) }
            if let home = body.homeButton { fields.append(f("body.homeButton (diameter, centre above the bottom, mm)", home)) }
            if let base = body.base { fields.append(f("body.base (mm)", base)) }
        }
        return fields
    }
}

extension DeviceBody {
    /// The body as `notchwave presets show ID --json` prints it.
    public var jsonOutput: JSONOutput {
        func n(_ v: Double) -> JSONOutput { .number(v) }
        func pair(_ s: Size2) -> JSONOutput { .array([n(s.width), n(s.height)]) }
        let buttons: [JSONOutput] = buttons.map { b in
            .object([("kind", .string(b.kind.rawValue)), ("edge", .string(b.edge.rawValue)), ("span", .array([n(b.from), n(b.to)]))])
        }
        var members: [(String, JSONOutput)] = [("kind", .string(kind.rawValue)), ("size", pair(size.value)), ("cornerRadius", n(cornerRadius.value))]
        members.append(("corners", .string(continuousCorners ? "continuous" : "circular")))
        members.append(("ppi", n(ppi.value)))
        members.append(("screenTop", screenTop.map { n($0.value) } ?? .null))
        members.append(("buttons", .array(buttons)))
        members.append(("finishes", .array(finishes.value.map { .string($0) })))
        members.append(("camera", camera.map { pair($0.value) } ?? .null))
        members.append(("homeButton", homeButton.map { pair($0.value) } ?? .null))
        members.append(("base", base.map { pair($0.value) } ?? .null))
        return .object(members)
    }
}
