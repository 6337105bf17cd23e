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
        return fields
    }
}
