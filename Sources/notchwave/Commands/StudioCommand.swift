import Foundation
import NotchwaveModel
import NotchwavePipeline
import NotchwaveScene
import NotchwaveStudio

/// `notchwave studio`: a local web page to look at, scrub and tune a clip or a job.
enum StudioCommand: Command {
    static let name = "studio"
    static let positionalFiles = true
    static let summary = "serve a local page to scrub, tune and render a clip or a job file, reloading as its files change"
    static let usage = "studio [JOB.json | render options] [--port N] [--host ADDR] [--open]"
    static let options: [OptionSpec] = [
        .value("port", "N", "The port to listen on (default: 4800; 0 picks a free one)"),
        .value("host", "ADDR", "Listen on this address instead of the loopback (127.0.0.1 and ::1); the page can then be reached from other machines"),
        .flag("open", "Open the page in the system's browser (xdg-open or $BROWSER)"),
        .value("output", short: "o", "PATH", "Where the Render button writes: the clip's file (default: notchwave.mp4), or for a job its directory (default: out/JOBNAME)"),
    ] + RenderParameters.presetSpecs + RenderParameters.specs(ParameterGroup.of(Scenes.parameters)) + [
        .flag("quiet", short: "q", "Print the page's address only"),
    ]
    static let discussion = """
    The page shows the frame at the current time (exactly the pixels `notchwave frame`
    writes), a timeline with the script's events, caption times and segment cuts as
    ticks (drag to scrub; left/right a frame, space plays at the clip's rate, dropping
    frames it cannot keep up with; i/o set a loop), the job's outputs, an options panel
    generated from every parameter's declaration with the equivalent command line and job
    file, the screen's guides, the App Store preview verdict, and Render buttons that run
    what `render` and `batch` run. The job file and every file it reads are watched: the
    page follows their changes within a second, and shows a file's error in place of
    stopping. The HTTP API the page uses (GET /api/frame.png?t=SECONDS, /api/job,
    /api/events, ...) is in docs/studio.md. Ctrl-C stops the server (exit 130).

    Example:
      notchwave studio examples/liquid-swipe-tour.json --open
      notchwave studio --preset iphone-16-pro --scene popup
    """

    static func run(_ args: ParsedArguments, context: CommandContext) throws -> Int32 {
        try args.checkPositionals(["JOB.json"], required: 0)
        let port = try args.int("port", in: 0...65535) ?? 4800
        var addresses = [BindAddress.ipv4("127.0.0.1"), BindAddress.ipv6("::1")]
        if let host = args.string("host") {
            guard let address = BindAddress(host) else { throw UsageError("--host expects an IP address such as 127.0.0.1, 0.0.0.0 or ::, got '\(host)'") }
            addresses = [address]
        }
        let library = try RenderParameters.library(args)
        let source: StudioSource
        if let file = args.positionals.first {
            let renderOptions = Scenes.parameters.map(\.flag) + ["preset", "preset-file"]
            if let given = renderOptions.first(where: { args.has($0) }) {
                throw UsageError("--\(given) is a render option; with a job file, edit the file (or the page's panel) instead")
            }
            let path = OutputPath(file).path
            guard FileManager.default.isReadableFile(atPath: path) else { throw PipelineError.output("cannot read job file \(path)") }
            let jobName = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            source = .job(file: path, directory: OutputPath(args.string("output") ?? "out/\(jobName)").path)
        } else {
            let request = try RenderParameters.request(args)
            // The preset is read again on every reload (an edited --preset-file shows).
            _ = try RenderParameters.preset(args)
            let presetWords = ["preset", "preset-file", "presets"].flatMap { flag in args.string(flag).map { ["--\(flag)", $0] } ?? [] }
            source = .render(request: request, preset: { try RenderParameters.preset(args) }, output: args.string("output") ?? "notchwave.mp4",
                             words: presetWords)
        }
        let session = StudioSession(source: source, library: library)
        let server: StudioServer
        do {
            server = try StudioServer(session: session, addresses: addresses, port: UInt16(port))
        } catch {
            throw PipelineError.output(error.description)
        }
        // The address first, on its own line, written at once (a script reads it from a pipe).
        let line = Array((server.url + "\n").utf8)
        _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        if !args.has("quiet") {
            if let host = args.string("host"), !(BindAddress(host)?.isLoopback ?? false) {
                Terminal.error("notchwave studio: listening on \(host), not only this machine's loopback: anyone who can reach it can see and render the job")
            }
            if let error = session.snapshot.error { Terminal.error("notchwave studio: the job does not load yet: \(error)") }
            if !server.watches { Terminal.error("notchwave studio: files are not watched (inotify is unavailable); reload the page after editing") }
            Terminal.error("notchwave studio: serving \(server.url) — Ctrl-C stops it")
        }
        if args.has("open") { openBrowser(server.url) }
        let signal = try SignalHandling.withCancellation { token -> Int32 in
            while !token.isCancelled { usleep(100_000) }
            server.stop()
            return token.cancellationSignal ?? SIGINT
        }
        return 128 + signal
    }

    /// Starts the system's browser on `url` ($BROWSER, else xdg-open), without waiting for it.
    static func openBrowser(_ url: String) {
        let environment = ProcessInfo.processInfo.environment
        let candidates = (environment["BROWSER"].map { [$0] } ?? []) + ["xdg-open"]
        let paths = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for candidate in candidates {
            let executable = candidate.hasPrefix("/") ? candidate : paths.map { "\($0)/\(candidate)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
            guard let executable, FileManager.default.isExecutableFile(atPath: executable) else { continue }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = [url]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            if (try? process.run()) != nil { return }
        }
        Terminal.error("notchwave studio: no browser to open (set $BROWSER or install xdg-utils); open \(url) yourself")
    }
}
