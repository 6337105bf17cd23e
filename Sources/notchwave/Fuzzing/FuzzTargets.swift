#if NOTCHWAVE_LIBFUZZER
import Foundation
import NotchwaveModel
import NotchwavePipeline
import NotchwaveScene
import NotchwaveStudio

/// The parsers under libFuzzer (`make fuzz`, `scripts/fuzz.sh`). Compiled only into the
/// fuzzing build (`-D NOTCHWAVE_LIBFUZZER`, `-sanitize=fuzzer,address`), where `main`
/// hands over to libFuzzer's driver with the target named by `NOTCHWAVE_FUZZ_TARGET`.
/// Each target feeds the input to a parser and to what consumes its result; any error
/// thrown is an accepted outcome, a trap or a sanitizer report is a finding.
enum FuzzTargets {
    /// Target names and their functions.
    nonisolated(unsafe) static let all: [String: ([UInt8]) -> Void] = [
        "json": json, "preset": preset, "job": job, "colors": colors, "easing": easing, "output": output, "args": arguments,
        "script": script, "scene-options": sceneOptions, "popup-script": popupScript,
        "controls-script": controlsScript, "strings": strings, "captions": captions, "studio-request": studioRequest,
    ]

    nonisolated(unsafe) static var library: PresetLibrary? = try? PresetLibrary()

    /// The JSON reader, strict and with comments (the first byte chooses).
    static func json(_ bytes: [UInt8]) {
        guard let first = bytes.first, let text = try? TextInput.decode(Array(bytes.dropFirst()), file: "fuzz.json") else { return }
        if let node = try? JSONParser.parse(text, allowingComments: first & 1 == 1) {
            _ = node.output.rendered()
        }
    }

    /// Preset decoding, then a plan and the first frame's draw list of its bar strip.
    static func preset(_ bytes: [UInt8]) {
        guard let text = try? TextInput.decode(bytes, file: "preset.json"), let preset = try? Preset.decode(text, file: "preset.json") else { return }
        var request = RenderRequest()
        request[NotchWaves.region] = .bar
        request[Parameters.duration] = 0.1
        guard let plan = try? RenderSession.plan(request, preset: preset, outputExtension: "rgba"), let scene = try? plan.makeScene() else { return }
        FrameExport.exerciseTopRows(of: scene, times: [0.05])
    }

    /// Job-file decoding and planning (every output's parameters, plan and path).
    static func job(_ bytes: [UInt8]) {
        guard let library, let text = try? TextInput.decode(bytes, file: "job.json"),
              let job = try? BatchJobSpec.decode(text, file: "job.json"),
              let plan = try? BatchPlan(job: job, library: library, directory: "/nonexistent-fuzz") else { return }
        _ = Sharding.assign(plan.items, count: 3)
    }

    /// Colour lists, in both appearances.
    static func colors(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = try? Color.parseList(text, appearance: .light)
        _ = try? Color.parse(text, appearance: .dark)
    }

    /// Easing expressions: parsed, evaluated, and a frame of each style drawn with them.
    static func easing(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard (try? EasingCurve.parse(text)) != nil, let preset = try? library?.preset(named: "iphone-se-3") else { return }
        for style in ["sharp", "smooth"] {
            var request = RenderRequest()
            request[NotchWaves.region] = .bar
            request[NotchWaves.style] = style
            guard (try? request.set(.text(text), for: NotchWaves.easing, from: .commandLine)) != nil,
                  let plan = try? RenderSession.plan(request, preset: preset, outputExtension: "rgba"), let scene = try? plan.makeScene() else { continue }
            FrameExport.exerciseTopRows(of: scene, times: [0.1, 0.37, 0.8])
        }
    }

    /// Output paths and patterns: the format they name, and a sequence's file names.
    static func output(_ bytes: [UInt8]) {
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard !text.contains("\0"),
              let format = try? OutputFormat.resolve(OutputPath("/nonexistent-fuzz/" + text), request: EncodeRequest(), alpha: bytes.first.map { $0 & 1 == 1 } ?? false)
        else { return }
        if case let .pngSequence(pattern) = format {
            _ = OutputFormat.sequenceFileName((pattern as NSString).lastPathComponent, 12345)
        }
    }

    /// Command-line argument vectors (NUL-separated): parsed against each command's
    /// options and resolved as far as a render would go before writing anything.
    static func arguments(_ bytes: [UInt8]) {
        let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard let first = words.first, let command = Commands.all.first(where: { $0.name == first }) else { return }
        guard let parsed = try? ParsedArguments.parse(Array(words.dropFirst()), specs: command.options) else { return }
        switch command.name {
        case "render", "frame":
            guard let request = try? RenderParameters.request(parsed) else { return }
            let output = parsed.string("output") ?? "notchwave.mp4"
            guard !output.contains("\0"), let plan = try? RenderParameters.plan(parsed, request: request, output: OutputPath(output)) else { return }
            if let format = try? RenderSession.format(plan: plan, output: OutputPath("/nonexistent-fuzz/" + output)) {
                _ = RenderSession.canvasSize(plan: plan, format: format)
            }
        case "batch":
            if let shard = parsed.string("shard") { _ = Sharding.parse(shard) }
            _ = try? parsed.int("jobs", in: 1...64)
        default:
            _ = command.help
        }
    }

    /// Interaction scripts: decoded, turned into LiquidSwipe's time line, and its state and
    /// a few rows of the scene drawn at several times.
    static func script(_ bytes: [UInt8]) {
        guard let text = try? TextInput.decode(bytes, file: "script.json"),
              let script = try? InteractionScript.decode(text, file: "script.json") else { return }
        let scene = LiquidSwipeScene(options: LiquidSwipeOptions(), script: script, width: 375, height: 812, scale: 0.25)
        FrameExport.exerciseTopRows(of: scene, times: [0, 0.3, 1.1, 2.5, 7, 60])
    }

    /// Popup scripts: decoded, and a few rows of the popup scene (without labels) drawn at
    /// several times of their time line.
    static func popupScript(_ bytes: [UInt8]) {
        guard let text = try? TextInput.decode(bytes, file: "popup.json"),
              let script = try? PopupScript.decode(text, file: "popup.json") else { return }
        var options = PopupOptions()
        options.autohide = 0.7
        let scene = PopupScene(options: options, script: script, width: 375, height: 812, scale: 0.25, font: nil)
        FrameExport.exerciseTopRows(of: scene, times: [0, 0.15, 0.3, 1.1, 2.5, 60])
    }

    nonisolated(unsafe) static var controlFonts: ControlFonts? = try? ControlFonts.standard()

    /// Controls scripts: decoded, and a few rows of the showcase (whose targets include
    /// every slider and stepper) drawn at several times of their time line.
    static func controlsScript(_ bytes: [UInt8]) {
        guard let text = try? TextInput.decode(bytes, file: "controls.json"),
              let script = try? ControlsScript.decode(text, file: "controls.json"), let fonts = controlFonts else { return }
        var options = ControlsOptions()
        options.component = .showcase
        let scene = ControlsScene(options: options, script: script, screen: ScreenCanvas(width: 375, height: 812, scale: 0.25), appearance: .light, fonts: fonts)
        FrameExport.exerciseTopRows(of: scene, times: [0, 0.1, 0.55, 1.2, 3, 60], maxRows: 203)
    }

    /// The app's strings: a String Catalog or a `.strings` file (the first byte chooses),
    /// then every key looked up in every locale, with and without the fallback.
    static func strings(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let body = Array(bytes.dropFirst())
        if first & 1 == 0 {
            guard let text = try? TextInput.decode(body, file: "fuzz.xcstrings"),
                  let strings = try? LocalizedStrings.catalog(text, file: "fuzz.xcstrings") else { return }
            for key in strings.keys.prefix(50) {
                for locale in strings.locales.prefix(10) + ["en-US", "zh-Hans-CN", ""] {
                    _ = strings.text(key, locale: locale, family: "ipad", fallback: first & 2 == 0)
                }
            }
        } else {
            _ = try? LocalizedStrings.stringsFile(body, file: "fuzz.strings")
        }
    }

    /// Segments and captions as the command line gives them (JSON): the segments' time
    /// line sampled, the captions resolved on a small preset (shaped, wrapped, checked for
    /// glyphs) and a few of their rows drawn.
    static func captions(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let segments = try? RecordingSegments.parse(text) {
            for t in stride(from: -1.0, through: segments.duration + 1, by: max(segments.duration / 20, 0.05)) { _ = segments.sources(at: t) }
            return
        }
        guard let captions = try? CaptionList.parse(text), let preset = try? library?.preset(named: "iphone-se-3") else { return }
        var request = RenderRequest()
        request[NotchWaves.region] = .bar
        request[Parameters.duration] = 2
        request[Parameters.captions] = CaptionList(captions.captions.map { caption in
            var safe = caption
            safe.font = nil  // no files from the input
            return safe
        })
        guard let plan = try? RenderSession.plan(request, preset: preset, outputExtension: "rgba"), let track = plan.captions else { return }
        let scene = CaptionScene(track: track, plan: plan, layout: CanvasLayout(width: 94, height: 167, maskFill: .black))
        FrameExport.exerciseTopRows(of: scene, times: [0, 0.3, 1, 1.9], maxRows: 167)
    }

    /// Scene options (a scene chosen by the first byte, then NUL-separated `key=value`
    /// pairs, as `--scene-option` gives them): read against the scene's declarations,
    /// resolved into a plan on a small preset, and a few rows of the scene drawn.
    static func sceneOptions(_ bytes: [UInt8]) {
        guard let first = bytes.first, let preset = try? library?.preset(named: "iphone-se-3") else { return }
        var list = OptionList()
        for item in bytes.dropFirst().split(separator: 0) {
            guard let entry = try? OptionList.parse(String(decoding: item, as: UTF8.self)) else { return }
            list = list.appending(entry)
        }
        var request = RenderRequest()
        request[Scenes.scene] = Scenes.all[Int(first) % Scenes.all.count].name
        request[Parameters.sceneOptions] = list
        request[Parameters.duration] = 0.1
        guard let plan = try? RenderSession.plan(request, preset: preset, outputExtension: "rgba"), let scene = try? plan.makeScene() else { return }
        FrameExport.exerciseTopRows(of: scene, times: [0, 0.05])
    }
}

extension FuzzTargets {
    /// A studio over the notch waves' bar on iphone-se-3 (small frames), served on a free
    /// loopback port; the target calls its router directly.
    nonisolated(unsafe) static var studio: StudioServer? = {
        guard let library, let preset = try? library.preset(named: "iphone-se-3") else { return nil }
        var request = RenderRequest()
        request[Parameters.duration] = 0.5
        try? request.set(.text("bar"), for: NotchWaves.region, from: .commandLine)
        let session = StudioSession(source: .render(request: request, preset: { preset }, output: "fuzz.mp4", words: []), library: library)
        return try? StudioServer(session: session, addresses: [.ipv4("127.0.0.1")], port: 0, frameWorkers: 1)
    }()

    /// The studio's router: the first line is `METHOD PATH[?QUERY]` (the query split and
    /// percent-decoded as libmicrohttpd does), then `Name: value` header lines, a blank
    /// line and the body. Renders are not started (they would outlast the input).
    static func studioRequest(_ bytes: [UInt8]) {
        guard let studio else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.components(separatedBy: "\n\n")
        var lines = parts[0].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard !lines.isEmpty else { return }
        let first = lines.removeFirst().split(separator: " ", maxSplits: 1).map(String.init)
        guard first.count == 2 else { return }
        let target = first[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        var query: [String: String] = [:]
        for pair in (target.count > 1 ? target[1] : "").split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).removingPercentEncoding ?? String($0) }
            query[kv[0]] = kv.count > 1 ? kv[1] : ""
        }
        var headers = ["host": "127.0.0.1:\(studio.port)"]
        for line in lines {
            let kv = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if kv.count == 2 { headers[kv[0].lowercased()] = kv[1] }
        }
        let path = target[0].removingPercentEncoding ?? target[0]
        guard path != "/api/render", path != "/api/events" else { return }
        let body = parts.count > 1 ? Array(parts.dropFirst().joined(separator: "\n\n").utf8) : []
        _ = studio.handle(HTTPRequest(method: first[0], path: path, query: query, headers: headers, body: body))
        // Each input starts from the file's values.
        if !studio.session.snapshot.edits.isEmpty { studio.session.resetEdits() }
    }
}

/// Runs libFuzzer's driver on the target `NOTCHWAVE_FUZZ_TARGET` names.
func runFuzzer() -> Int32 {
    let name = ProcessInfo.processInfo.environment["NOTCHWAVE_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTargets.all[name] else {
        Terminal.error("NOTCHWAVE_FUZZ_TARGET must be one of \(FuzzTargets.all.keys.sorted().joined(separator: ", "))")
        return 64
    }
    FuzzTargets.selected = target
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        FuzzTargets.selected?(bytes)
        return 0
    }
}

extension FuzzTargets {
    nonisolated(unsafe) static var selected: (([UInt8]) -> Void)?
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
#endif
