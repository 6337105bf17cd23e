import Foundation
import NotchwaveModel

/// `notchwave presets`: the device table.
enum PresetsCommand: Command {
    static let name = "presets"
    static let summary = "list the device presets, or show one"
    static let usage = "presets [--json | --markdown]\n       notchwave presets show ID [--json]"
    static let positionalWords = ["show"]
    static let options: [OptionSpec] = [
        .flag("json", "Print JSON instead of a table"),
        .flag("markdown", "Print the sourced Markdown catalogue (presets/README.md)"),
        RenderParameters.presetsSpec,
    ]
    static let discussion = """
    The presets are built into notchwave; --presets DIR (or NOTCHWAVE_PRESETS) adds a
    folder of your own preset JSON files, in the same format, over them: a file with the id
    of a built-in preset replaces it. IDs are lowercase and hyphenated (iphone-x); names and
    aliases work too ("iPhone X", iphonex). `presets show ID --json` prints the resolved preset: screen
    size in points and pixels, scale, corner radius, status bar height, the cutout and
    the spec's bar numbers (h, cs, rt, rb in points).
    """

    static func run(_ args: ParsedArguments, context: CommandContext) throws -> Int32 {
        if args.has("json") && args.has("markdown") { throw UsageError("give either --json or --markdown") }
        let library = try RenderParameters.library(args)
        if let first = args.positionals.first {
            guard first == "show" else { throw UsageError("unknown subcommand '\(first)' (expected: show ID)") }
            try args.checkPositionals(["show", "ID"], required: 2)
            if args.has("markdown") { throw UsageError("--markdown prints the whole catalogue; use it without show") }
            let preset = try library.preset(named: args.positionals[1])
            print(args.has("json") ? preset.jsonOutput.rendered() : describe(preset))
            return 0
        }
        if args.has("json") {
            print(JSONOutput.array(library.presets.map(\.jsonOutput)).rendered())
            return 0
        }
        if args.has("markdown") {
            print(PresetCatalog.markdown(library.presets))
            return 0
        }
        print(table(library.presets))
        return 0
    }

    static func table(_ presets: [Preset]) -> String {
        var rows = [["ID", "NAME", "CUTOUT", "POINTS", "SCALE", "PIXELS", "BAR h/cs/rt/rb"]]
        for p in presets {
            let b = p.bar
            rows.append([p.id, p.name, p.cutout.kind,
                         "\(JSONOutput.formatNumber(p.screenPoints.value.width))x\(JSONOutput.formatNumber(p.screenPoints.value.height))",
                         JSONOutput.formatNumber(p.scale.value),
                         "\(p.pixelWidth)x\(p.pixelHeight)",
                         [b.h, b.cs, b.rt, b.rb].map { JSONOutput.formatNumber(($0 * 100).rounded() / 100) }.joined(separator: "/")])
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { i, cell in i + 1 == row.count ? cell : cell + String(repeating: " ", count: widths[i] - cell.count) }
                .joined(separator: "  ")
        }.joined(separator: "\n")
    }

    static func describe(_ p: Preset) -> String {
        let b = p.bar
        var lines = [
            "\(p.name) (\(p.id))",
            "  screen:      \(JSONOutput.formatNumber(p.screenPoints.value.width)) x \(JSONOutput.formatNumber(p.screenPoints.value.height)) pt @\(JSONOutput.formatNumber(p.scale.value))x, \(p.pixelWidth) x \(p.pixelHeight) px",
            "  corners:     \(JSONOutput.formatNumber(p.cornerRadius.value)) pt radius",
            "  status bar:  \(JSONOutput.formatNumber(p.statusBarHeight.value)) pt",
        ]
        switch p.cutout {
        case .none: lines.append("  cutout:      none")
        case let .notch(n):
            lines.append("  cutout:      notch \(JSONOutput.formatNumber(n.width.value)) x \(JSONOutput.formatNumber(n.height.value)) pt, ear radius \(JSONOutput.formatNumber(n.topRadius.value)), bottom radius \(JSONOutput.formatNumber(n.bottomRadius.value))")
        case let .island(i):
            lines.append("  cutout:      island \(JSONOutput.formatNumber(i.width.value)) x \(JSONOutput.formatNumber(i.height.value)) pt, \(JSONOutput.formatNumber(i.topInset.value)) pt from the top")
        }
        lines.append("  bar:         h \(JSONOutput.formatNumber(b.h)), cs \(JSONOutput.formatNumber(b.cs)), rt \(JSONOutput.formatNumber(b.rt)), rb \(JSONOutput.formatNumber(b.rb)) pt")
        if !p.aliases.isEmpty { lines.append("  aliases:     \(p.aliases.joined(separator: ", "))") }
        for field in p.sourcedFields where field.source != nil {
            lines.append("  \(field.name): \(field.value) — \(field.confidence?.rawValue ?? "unrated"): \(field.source ?? "")")
            if let confirm = field.confirm { lines.append("    to confirm: \(confirm)") }
        }
        for note in p.notes { lines.append("  note: \(note)") }
        return lines.joined(separator: "\n")
    }
}
