import Foundation
import NotchwaveModel
import NotchwaveVideo
import NotchwaveScene

/// One output of a batch: what to render and where.
public struct BatchItem: Sendable {
    /// The output path, relative to the batch's output directory.
    public var output: String
    public var preset: String
    public var style: String
    public var variant: String
    public var format: String
    /// The locale whose captions it shows (nil: the job lists none).
    public var locale: String? = nil
    /// The render (nil when the parameters are invalid: `problem` says why).
    public var plan: RenderPlan?
    /// The output's format, decided once with the plan (nil with the plan).
    public var outputFormat: OutputFormat?
    /// Why this output cannot be rendered, when it cannot.
    public var problem: String?
    /// Every parameter, for the manifest.
    public var parameters: JSONOutput
    /// SHA-256 of the canonical JSON (`MachineJSON.canonical`) of the parameters, the
    /// preset, the renderer's version, the input files' sizes and dates and the resolved
    /// scene: an output is up to date when its manifest entry has the same hash and its
    /// file the recorded digest.
    public var parametersHash: String
    /// A relative cost: frames x pixels x a per-codec factor (for balanced shards).
    public var estimatedCost: Double
    /// SHA-256 of everything that decides the output's bytes and nothing that only names
    /// it (the preset's id, name and display class, the variant's and format's names, the
    /// path): two items with the same key are the same file, rendered once (`BatchRunner`).
    /// Empty when the item cannot be rendered.
    public var contentKey = ""
}

/// A job file expanded into its items (the cross product of presets, styles, formats and
/// variants), in a stable order.
public struct BatchPlan: Sendable {
    public let job: BatchJobSpec
    public let items: [BatchItem]

    /// Relative encoding cost per pixel and frame, measured roughly on this project's
    /// machine (H.264 draft = 1).
    static let codecCost: [String: Double] = [
        "mp4": 1, "webm": 1.2, "mov": 4, "gif": 3, "png": 3, "apng": 3,
    ]

    /// Expands `job` with the presets of `library`, for outputs under `directory`.
    /// Unknown presets, styles and style options, unsafe or duplicate output paths are
    /// errors of the job file; invalid parameter values only make the affected items fail.
    public init(job: BatchJobSpec, library: PresetLibrary, directory: String) throws {
        self.job = job
        var presets: [Preset] = []
        switch job.presets {
        case .all:
            presets = library.presets
        case let .ids(ids):
            for (index, id) in ids.enumerated() {
                do {
                    presets.append(try library.preset(named: id))
                } catch {
                    throw ConfigurationError(file: job.file, path: "$.presets[\(index)]", position: nil, problem: "\(error)")
                }
            }
        case let .filter(kind, family):
            presets = library.presets.filter { ($0.cutout.kind == kind || kind == nil) && ($0.family == family || family == nil) }
            guard !presets.isEmpty else {
                throw ConfigurationError(file: job.file, path: "$.presets", position: nil, problem: "no preset matches the filter")
            }
        }
        let available = WaveStyles.all.map { $0.name }.joined(separator: ", ")
        for (index, style) in job.styles.enumerated() where !WaveStyles.all.contains(where: { $0.name == style }) {
            throw ConfigurationError(file: job.file, path: "$.styles[\(index)]", position: nil,
                                     problem: "unknown style \"\(style)\"\(EditDistance.hint(for: style, in: WaveStyles.all.map { $0.name })) (available: \(available))")
        }
        for name in job.styleOptions.keys.sorted() {
            guard let options = job.styleOptions[name] else { continue }
            guard let style = WaveStyles.all.first(where: { $0.name == name }) else {
                throw ConfigurationError(file: job.file, path: "$.styleOptions.\(name)", position: options.position,
                                         problem: "options for an unknown style \"\(name)\" (available: \(available))")
            }
            do {
                _ = try options.options.read(style.options, option: NotchWaves.styleOptions.flag, owner: "the \(name) style", source: options.source)
            } catch {
                throw ConfigurationError(file: job.file, path: "$.styleOptions.\(name)", position: options.position, problem: error.problem)
            }
        }
        // Each variant's locales (its own, else the job's) and layout.
        var variantLocales: [[BatchJobSpec.LocaleEntry?]] = []
        for variant in job.variants {
            var locales: [BatchJobSpec.LocaleEntry?] = [nil]
            switch job.locales(of: variant) {
            case nil: break
            case let .listed(entries): locales = entries.map { Optional($0) }
            case .all: locales = try BatchPlan.catalogLocales(job, variant: variant).map { Optional($0) }
            }
            if job.layout(of: variant) == .fastlane, locales == [nil] {
                throw ConfigurationError(file: job.file, path: variant.layout == nil ? "$.layout" : "\(variant.location): layout", position: nil,
                                         problem: "fastlane's deliver reads previews from one folder per locale: list the locales (\"locales\": [\"en-US\"])")
            }
            variantLocales.append(locales)
        }
        var items: [BatchItem] = []
        var owners: [String: String] = [:]
        for (presetIndex, preset) in presets.enumerated() {
            for style in job.styles {
                for format in job.formats {
                    for (variant, locales) in zip(job.variants, variantLocales) {
                      // A variant of several devices names its own presets: one output, not one per preset.
                      if presetIndex > 0 && job.defaults.overridden(by: variant.parameters)[Parameters.devices] != nil { continue }
                      for locale in locales {
                        var item = BatchPlan.item(job: job, preset: preset, style: style, format: format, variant: variant, locale: locale, directory: directory,
                                                  library: library)
                        if job.layout(of: variant) == .fastlane { item.output = try BatchPlan.fastlaneName(item, locale: locale, job: job, taken: items) }
                        let description = "\(preset.id) / \(style) / \(format.name) / \(variant.name)" + (locale.map { " / \($0.name)" } ?? "")
                        // (Names that go into paths are checked when the job is read; this
                        // guards the directory against any placeholder added later.)
                        if item.output.hasPrefix("/") || item.output.split(separator: "/").contains("..") {
                            throw ConfigurationError(file: job.file, path: "$.output", position: nil,
                                                     problem: "\(description) would be written to \"\(item.output)\", outside the output directory")
                        }
                        if let other = owners[item.output] {
                            throw ConfigurationError(file: job.file, path: "$.output", position: nil,
                                                     problem: "\(other) and \(description) would both be written to \(item.output); add placeholders such as {variant} or {format} to the template")
                        }
                        owners[item.output] = description
                        items.append(item)
                      }
                    }
                }
            }
        }
        self.items = items
    }

    /// Every locale of the strings file `variant`'s outputs read (`"locales": "all"`).
    static func catalogLocales(_ job: BatchJobSpec, variant: BatchJobSpec.Variant) throws -> [BatchJobSpec.LocaleEntry] {
        var values = job.defaults.overridden(by: variant.parameters)
        values.baseDirectory = (job.file as NSString).deletingLastPathComponent
        guard let path = values.file(Parameters.strings) else {
            throw ConfigurationError(file: job.file, path: variant.locales == nil ? "$.locales" : "\(variant.location): locales", position: nil,
                                     problem: "\"all\" is every locale of the strings file: give \"strings\"")
        }
        do {
            let strings = try LocalizedStrings.load(path)
            return strings.locales.map { BatchJobSpec.LocaleEntry(name: $0, captionFont: nil, location: "$.locales") }
        } catch {
            throw ConfigurationError(file: job.file, path: "$.strings", position: nil, problem: "\(error)")
        }
    }

    /// The name fastlane's deliver reads `item` by: `<locale>/<PREVIEW_TYPE>_<n>.<ext>`,
    /// `n` counting the previews of the same class and locale in job order from 1 (deliver
    /// orders a class's previews by file name and uploads the first 3, App Store Connect's
    /// limit; more is an error here).
    static func fastlaneName(_ item: BatchItem, locale: BatchJobSpec.LocaleEntry?, job: BatchJobSpec, taken: [BatchItem]) throws -> String {
        let ext = (item.output as NSString).pathExtension.lowercased()
        let folder = locale?.name ?? "default"
        guard let plan = item.plan else { return "\(folder)/\(item.preset)-\(item.variant).\(ext)" }  // fails anyway: its problem says why
        guard ["mp4", "mov", "m4v"].contains(ext), plan.appPreview != nil else {
            throw ConfigurationError(file: job.file, path: "$.layout", position: nil, problem: "the fastlane layout holds App Store previews (.mp4 or .mov with \"profile\": \"app-preview\"), not \(item.output)")
        }
        guard let displayClass = plan.preset.appStoreClass?.value else {
            throw ConfigurationError(file: job.file, path: "$.layout", position: nil, problem: "\(plan.preset.name) has no App Store display class")
        }
        let token = displayClass.previewType
        let prefix = "\(folder)/\(token)_"
        let number = taken.filter { $0.output.hasPrefix(prefix) }.count + 1
        guard number <= AppPreviewSpec.maxPreviewsPerClass else {
            throw ConfigurationError(file: job.file, path: "$.layout", position: nil,
                                     problem: "\(item.preset) / \(item.variant) would be preview \(number) of \(displayClass.label) in \(folder): App Store Connect takes at most \(AppPreviewSpec.maxPreviewsPerClass) previews per display class and locale")
        }
        return "\(prefix)\(number).\(ext)"
    }

    static func item(job: BatchJobSpec, preset: Preset, style: String, format: BatchJobSpec.Format, variant: BatchJobSpec.Variant,
                     locale: BatchJobSpec.LocaleEntry? = nil, directory: String, library: PresetLibrary? = nil) -> BatchItem {
        var request = job.defaults.overridden(by: variant.parameters).overridden(by: job.overrides)
        if let locale {
            request.set(locale.name, for: Parameters.locale, from: locale.source)
            if let font = locale.captionFont { request.set(font, for: Parameters.captionFont, from: locale.source) }
        }
        if job.layout(of: variant) == .fastlane {
            // deliver uploads App Store previews, each with its poster at App Store Connect's 5 s.
            if !request.isGiven(Parameters.profile) { request.set(OutputProfile.appPreview, for: Parameters.profile) }
            if !request.isGiven(Parameters.poster) { request.set(AppPreviewSpec.defaultPosterTime, for: Parameters.poster) }
        }
        // Relative file names (backdrops, sound tracks, scripts, fonts) are relative to the job file.
        request.baseDirectory = (job.file as NSString).deletingLastPathComponent
        request.sourceFile = job.file
        let scene = request[Scenes.scene]
        // The devices of a variant of several are its name's preset: `iphone-16-pro+ipad-pro-13-m4`.
        let presetName = request[Parameters.devices].map { $0.entries.map(\.preset).joined(separator: "+") } ?? preset.id
        // What {style} and the manifest call the look: the style, or another scene's name.
        let look = scene == NotchWaves.name ? style : scene
        // The styles axis is the notch waves'; other scenes are drawn once per item.
        let styleOptions = job.styleOptions[style]
        if scene == NotchWaves.name || job.stylesGiven {
            request.set(style, for: NotchWaves.style, from: job.stylesSource(style))
            if let styleOptions { request.set(styleOptions.options, for: NotchWaves.styleOptions, from: styleOptions.source) }
        }
        if let codec = format.codec { request.set(codec, for: Parameters.codec) }
        var problem: String? = nil
        var plan: RenderPlan? = nil
        var outputFormat: OutputFormat? = nil
        var output = job.outputTemplate
        func substitute(codec: String) {
            let values: [String: String] = [
                "preset": presetName, "style": look, "variant": variant.name, "format": format.name, "ext": format.ext,
                "codec": codec, "appearance": request[NotchWaves.appearance].rawValue, "locale": locale?.name ?? "default",
                "fps": String(plan?.fps ?? request[Parameters.fps]),
                "duration": JSONOutput.formatNumber(plan?.duration ?? request.given(Parameters.duration) ?? RenderPlan.defaultDuration),
            ]
            output = job.outputTemplate
            for (key, value) in values { output = output.replacingOccurrences(of: "{\(key)}", with: value) }
        }
        let fallbackCodec = format.codec?.rawValue ?? OutputFormat.containers.first { $0.ext == format.ext }?.codecs.first?.rawValue ?? format.ext
        substitute(codec: fallbackCodec)
        do {
            let resolved = try RenderSession.plan(request, preset: preset, outputExtension: format.ext, library: library)
            plan = resolved
            // {codec} names the codec this output path is written with: known from the
            // path's form and the request, before the format is decided (once, for the
            // real path, which must take these parameters too: alpha, codec options, ...).
            substitute(codec: OutputFormat.codecName(OutputPath((directory as NSString).appendingPathComponent(output)), request: resolved.encoding)
                       ?? fallbackCodec)
            // The path with {codec} in it, as it is written.
            let path = OutputPath((directory as NSString).appendingPathComponent(output))
            let decided = try RenderSession.format(plan: resolved, output: path)
            // A preview's own checks (container, encoder options, poster time, sound file).
            if let preview = resolved.appPreview {
                _ = try RenderSession.previewSetup(plan: resolved, output: path, preview: preview)
            }
            outputFormat = decided
        } catch let error as ParameterError where error.isInJobFile {
            // A bad value: its own JSON path, line and column say where.
            problem = "\(job.file): \(error.subject), format \(format.name): \(error.problem)"
            plan = nil
        } catch {
            // A combination of values: the variant (or the defaults) that holds it.
            problem = "\(job.file): \(variant.location), format \(format.name): \(oneLine(error))"
            plan = nil
        }
        let manifestParameters = BatchPlan.parameters(request, preset: presetName, variant: variant.name, format: format)
        // The hash also covers the preset's geometry and the renderer's version: either
        // changes the frames even when the job file does not.
        var hashedParts: [(String, JSONOutput)] = [("parameters", manifestParameters), ("preset", preset.jsonOutput),
                                                   ("notchwave", .string(NotchwaveVersion.current))]
        // A file the output reads that changes (its size or modification time) changes the
        // output too: the backdrop, the sound, and what the scene reads (scripts, fonts).
        let sceneFiles = (plan?.scene.inputFiles ?? []).enumerated().map { ("sceneFile\($0.offset)", Optional($0.element)) }
            + (plan?.captions?.inputFiles ?? []).enumerated().map { ("captionFile\($0.offset)", Optional($0.element)) }
            + (plan?.backdrop?.segments?.segments ?? []).enumerated().map { ("segment\($0.offset)", Optional($0.element.recording)) }
        // A file's size and modification time: what says it changed.
        func stamp(_ path: String) -> JSONOutput? {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            let size = (attributes[.size] as? NSNumber)?.doubleValue ?? 0
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return .object([("size", .number(size)), ("modified", .number(modified))])
        }
        for (key, path) in [("backdrop", request.file(Parameters.backdrop)), ("audio", request.file(Parameters.audio))] + sceneFiles {
            guard let path, let fileStamp = stamp(path) else { continue }
            hashedParts.append((key, fileStamp))
        }
        if let plan { hashedParts.append(("scene", plan.scene.json)) }
        // A framed canvas's other devices and its background file change it too.
        if let framing = plan?.framing {
            hashedParts.append(("devices", .array(framing.devices.map { device in
                .object([("screen", BatchPlan.screen(device.plan.preset)), ("body", BatchPlan.body(device.plan.preset)),
                         ("finish", device.body.map { .string($0.finish) } ?? .null)])
            })))
            var canvasFiles: [String] = framing.inputFiles
            for device in framing.devices.dropFirst() {
                let devicePlan: RenderPlan = device.plan
                if let backdrop = devicePlan.backdrop?.path { canvasFiles.append(backdrop) }
                canvasFiles += devicePlan.scene.inputFiles
                canvasFiles += devicePlan.captions?.inputFiles ?? []
                for segment in devicePlan.backdrop?.segments?.segments ?? [] { canvasFiles.append(segment.recording) }
            }
            for (index, path) in canvasFiles.enumerated() {
                if let fileStamp = stamp(path) { hashedParts.append(("canvasFile\(index)", fileStamp)) }
            }
        }
        // Canonical bytes (`MachineJSON.canonical`: keys sorted at every level), so the same
        // parameters always hash the same whatever order they were given in.
        var parametersHash = ""
        do {
            parametersHash = SHA256.hex(try MachineJSON.canonical(JSONOutput.object(hashedParts)))
        } catch {
            problem = problem ?? "\(job.file): \(variant.location), format \(format.name): the parameters cannot be written as JSON (\(oneLine(error)))"
            plan = nil
            outputFormat = nil
        }
        // The same parts less what only names the output: its screen instead of the preset,
        // the parameters without the preset's and the variant's names.
        var contentKey = ""
        if plan != nil, problem == nil {
            var contentParts = hashedParts.filter { $0.0 != "parameters" && $0.0 != "preset" }
            contentParts.append(("parameters", BatchPlan.parameters(request, preset: nil, variant: nil, format: format)))
            contentParts.append(("screen", BatchPlan.screen(preset)))
            contentKey = (try? MachineJSON.canonical(JSONOutput.object(contentParts))).map(SHA256.hex) ?? ""
        }
        let frames = plan.map { Double($0.frameCount) } ?? 3 * 60
        let pixels = Double(plan.map { $0.outputWidth * $0.outputHeight } ?? preset.pixelWidth * preset.pixelHeight)
        let cost = frames * pixels / 1e6 * (codecCost[format.ext] ?? 1)
        var item = BatchItem(output: output, preset: presetName, style: look, variant: variant.name, format: format.name,
                             plan: plan, outputFormat: outputFormat, problem: problem,
                             parameters: manifestParameters, parametersHash: parametersHash,
                             estimatedCost: max(cost, 0.001))
        item.locale = locale?.name
        item.contentKey = contentKey
        return item
    }

    /// The parameters that decide an output's content, as canonical JSON (sorted keys),
    /// with the preset's and the variant's names when given.
    static func parameters(_ values: ParameterValues, preset: String?, variant: String?, format: BatchJobSpec.Format) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("ext", .string(format.ext))]
        if let preset { members.append(("preset", .string(preset))) }
        if let variant { members.append(("variant", .string(variant))) }
        members += values.sortedValues.filter { key, _ in !members.contains { $0.0 == key } }
        return .object(members.sorted { $0.0 < $1.0 })
    }

    /// What of a preset its frames are drawn from: its resolved `jsonOutput` without its
    /// id, name, aliases, sources and notes, without its body (drawn only in a framed
    /// output, whose hash takes it apart: `body`), and of its display class only the
    /// preview's size (the 6.9", 6.5", 6.3" and 6.1" iPhones all take 886x1920).
    static func screen(_ preset: Preset) -> JSONOutput {
        guard case let .object(members) = preset.jsonOutput else { return preset.jsonOutput }
        let naming: Set<String> = ["id", "name", "aliases", "sources", "notes", "body"]
        return .object(members.compactMap { key, value in
            if naming.contains(key) { return nil }
            if key == "appStoreClass", case let .object(classMembers) = value {
                return (key, .object(classMembers.filter { $0.0 != "class" }))
            }
            return (key, value)
        })
    }
}

extension BatchPlan {
    /// A preset's body as its `jsonOutput` gives it (null without one).
    static func body(_ preset: Preset) -> JSONOutput {
        guard case let .object(members) = preset.jsonOutput else { return .null }
        return members.first { $0.0 == "body" }?.1 ?? .null
    }
}

/// One line for an error in a batch item's problem.
func oneLine(_ error: any Error) -> String {
    String(describing: error).split(separator: "\n").joined(separator: " ")
}

/// A deterministic, balanced partition of a batch into shards.
public enum Sharding {
    /// Which shard each item belongs to, for `count` shards: the items by decreasing
    /// estimated cost (ties by output path) each go to the shard with the least cost so far
    /// (ties to the lowest index). The same items always give the same assignment, every
    /// item lands in exactly one shard, and shard costs differ by at most one item's cost.
    public static func assign(_ items: [BatchItem], count: Int) -> [Int] {
        precondition(count >= 1)
        var assignment = Array(repeating: 0, count: items.count)
        var load = Array(repeating: 0.0, count: count)
        let order = items.indices.sorted { a, b in
            (items[a].estimatedCost, items[b].output) > (items[b].estimatedCost, items[a].output)
        }
        for index in order {
            var best = 0
            for shard in 1..<count where load[shard] < load[best] { best = shard }
            assignment[index] = best
            load[best] += items[index].estimatedCost
        }
        return assignment
    }

    /// `I/N` as typed on the command line (I from 0), or nil when malformed.
    public static func parse(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, i >= 0, i < n else { return nil }
        return (i, n)
    }

    /// The shard from the environment: `JOB_COMPLETION_INDEX` (a Kubernetes Indexed Job)
    /// or `NOTCHWAVE_SHARD_INDEX`, with `JOB_COMPLETION_COUNT` or `NOTCHWAVE_SHARD_COUNT`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> (index: Int, count: Int)? {
        guard let index = (environment["JOB_COMPLETION_INDEX"] ?? environment["NOTCHWAVE_SHARD_INDEX"]).flatMap({ Int($0) }),
              let count = (environment["JOB_COMPLETION_COUNT"] ?? environment["NOTCHWAVE_SHARD_COUNT"]).flatMap({ Int($0) }),
              count >= 1, index >= 0, index < count else { return nil }
        return (index, count)
    }
}
