import Foundation
import NotchwaveModel
import NotchwavePipeline
import NotchwaveScene

/// What `GET /api/job` says, and the copyable forms of an output's settings.
public enum StudioJSON {
    /// The session as the page reads it: the outputs (sizes, times, marks, the equivalent
    /// command line and job file), the panel's edits and every declaration the panel is
    /// generated from (render parameters, each scene's and each style's options).
    public static func job(_ snapshot: StudioSession.Snapshot, source: StudioSource) -> JSONOutput {
        var mode = "render", file: JSONOutput = .null
        if case let .job(path, _) = source { mode = "job"; file = .string(path) }
        let scenes: [(String, JSONOutput)] = Scenes.all.map { ($0.name, .array($0.options.map(\.declarationJSON))) }
        let styles: [(String, JSONOutput)] = WaveStyles.all.map { ($0.name, .array($0.options.map(\.declarationJSON))) }
        return .object([
            ("mode", .string(mode)), ("file", file), ("generation", .number(Double(snapshot.generation))),
            ("error", snapshot.error.map { .string($0) } ?? .null),
            ("outputs", .array(snapshot.outputs.map { output(of: $0, source: source) })),
            ("edits", .array(snapshot.edits.map { .object([("key", .string($0.key)), ("value", .string($0.text))]) })),
            ("declarations", .object([("parameters", .array(Scenes.parameters.map(declaration))),
                                      ("scenes", .object(scenes)), ("styles", .object(styles))])),
        ])
    }

    /// A parameter's declaration; `scene` and `style`, text by type, take the registered
    /// scenes' and styles' names as their choices (the panel's menus).
    static func declaration(_ parameter: any AnyParameter) -> JSONOutput {
        let names: [String]
        switch parameter.key {
        case Scenes.scene.key: names = Scenes.all.map { $0.name }
        case NotchWaves.style.key: names = WaveStyles.all.map { $0.name }
        default: return parameter.declarationJSON
        }
        guard case let .object(members) = parameter.declarationJSON else { return parameter.declarationJSON }
        return .object(members.map { $0.0 == "choices" ? ($0.0, .array(names.map { .string($0) })) : $0 })
    }

    static func output(of output: StudioOutput, source: StudioSource) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("name", .string(output.name)), ("preset", .string(output.preset)), ("style", .string(output.style)),
            ("variant", .string(output.variant)), ("locale", output.locale.map { .string($0) } ?? .null),
            ("problem", output.problem.map { .string($0) } ?? .null), ("parameters", output.parameters),
            ("commandLine", .string(commandLine(output, source: source))), ("jobFile", .string(jobFile(output).rendered()))
        ]
        if let plan = output.plan {
            members += [
                ("width", .number(Double(plan.outputWidth))), ("height", .number(Double(plan.outputHeight))),
                ("fps", .number(Double(plan.fps))), ("frames", .number(Double(plan.frameCount))),
                ("duration", .number(plan.duration)), ("offset", .number(plan.offset)), ("scene", .string(plan.scene.name)),
                ("framed", .bool(plan.framing != nil)), ("opaque", .bool(!plan.outputNeedsAlpha)),
                ("marks", .array(plan.marks.map { mark in
                    .object([("time", .number(mark.time)), ("frame", .number(((mark.time - plan.offset) * Double(plan.fps)).rounded())),
                             ("label", .string(mark.label))])
                })),
            ]
        }
        return .object(members)
    }

    /// The `notchwave render` command line that renders the output as the studio shows it
    /// (its job's values and the panel's edits), its words shell-quoted.
    public static func commandLine(_ output: StudioOutput, source: StudioSource) -> String {
        var words = ["notchwave", "render"]
        if case let .render(_, _, _, given) = source {
            // The command line's own preset words (--preset, --preset-file, --presets).
            words += given
        } else if !output.preset.isEmpty {
            words += ["--preset", output.preset]
        }
        guard case let .object(members) = output.parameters else { return words.map(shellQuoted).joined(separator: " ") }
        for (key, value) in members {
            guard let parameter = Scenes.parameter(key: key) else { continue }
            if parameter.isSwitch {
                guard case let .bool(on) = value else { continue }
                let flag = parameter.flag.hasPrefix("no-") ? String(parameter.flag.dropFirst(3)) : parameter.flag
                words.append(on ? "--\(flag)" : "--no-\(flag)")
                continue
            }
            if parameter is Parameter<OptionList>, case let .object(options) = value {
                for (name, option) in options { words += ["--\(parameter.flag)", "\(name)=\(text(option))"] }
                continue
            }
            words += ["--\(parameter.flag)", text(value)]
        }
        words += ["-o", (output.name as NSString).lastPathComponent]
        return words.map(shellQuoted).joined(separator: " ")
    }

    /// A job file of the output alone as the studio shows it.
    public static func jobFile(_ output: StudioOutput) -> JSONOutput {
        var defaults: [(String, JSONOutput)] = []
        if case let .object(members) = output.parameters {
            defaults = members.filter { Scenes.parameter(key: $0.0) != nil }
        }
        let ext = (output.name as NSString).pathExtension
        return .object([("presets", .array(output.preset.isEmpty ? [] : [.string(output.preset)])),
                        ("formats", .array([.string(ext.isEmpty ? "mp4" : ext)])),
                        ("defaults", .object(defaults)), ("output", .string("{preset}.{ext}"))])
    }

    /// A value as a command line writes it.
    static func text(_ value: JSONOutput) -> String {
        switch value {
        case let .string(string): return string
        case let .number(number): return JSONOutput.formatNumber(number)
        case let .bool(bool): return bool ? "true" : "false"
        case .null: return ""
        case .array, .object: return value.rendered(indent: nil)
        }
    }

    /// `word` as a POSIX shell reads it back.
    static func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_./=:,@+%".unicodeScalars.contains($0) }
        if plain && !word.isEmpty { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// What `check-preview` would say of the output, decided from its plan before any
    /// frame is rendered: the rules a plan decides (container, codec, frame rate,
    /// duration, resolution class, sound, framing). The bit rates and packets only a file
    /// has are checked on the rendered file (the Render button runs `check-preview`).
    public static func previewVerdict(_ output: StudioOutput) -> JSONOutput {
        guard let plan = output.plan else {
            return .object([("conforms", .bool(false)), ("violations", .array([.string(output.problem ?? "the output does not resolve")]))])
        }
        var violations: [String] = []
        let ext = (output.name as NSString).pathExtension.lowercased()
        if !["mov", "m4v", "mp4"].contains(ext) { violations.append("container: the file is .\(ext); App Store Connect takes .mov, .m4v or .mp4") }
        let codec = plan.encoding.codec?.rawValue ?? (ext == "mov" ? "prores" : "h264")
        if codec != "h264" && !(codec == "prores" && plan.appPreview != nil) {
            violations.append("codec: \(codec) video; App Store Connect takes H.264 or ProRes 422 HQ")
        }
        if Double(plan.fps) > AppPreviewSpec.maxFPS + 0.01 { violations.append("frame-rate: \(plan.fps) frames per second; at most 30") }
        if plan.duration < AppPreviewSpec.duration.lowerBound - 1e-3 || plan.duration > AppPreviewSpec.duration.upperBound + 1e-3 {
            violations.append(String(format: "duration: it lasts %.2f s; a preview lasts 15 to 30 s", plan.duration))
        }
        if plan.framing != nil {
            violations.append("resolution: a framed canvas (\(plan.outputWidth)x\(plan.outputHeight)) is not a screen: a preview shows the screen alone")
        } else if plan.appPreview == nil, AppStoreDisplayClass.classes(previewWidth: plan.outputWidth, height: plan.outputHeight).isEmpty {
            violations.append("resolution: \(plan.outputWidth)x\(plan.outputHeight) is no iPhone or iPad preview resolution (--profile app-preview resizes to the class's)")
        }
        if plan.appPreview == nil {
            violations.append("audio: there is no audio track; a preview has a stereo track (--profile app-preview adds silence)")
        }
        return .object([("conforms", .bool(violations.isEmpty)), ("violations", .array(violations.map { .string($0) })),
                        ("note", .string("decided from the settings; the rendered file is checked in full by notchwave check-preview"))])
    }
}
