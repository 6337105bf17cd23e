import Foundation
import NotchwaveModel
import NotchwavePipeline
import NotchwaveScene

/// `notchwave studio`: the HTTP server of one session, its routes and its rules.
///
/// Stages: a request comes from libmicrohttpd (`HTTPServer`, one thread per connection) →
/// `handle` checks the Host header (DNS rebinding), and for requests that change state
/// their Origin → the route reads the session (`StudioSession`, resolved like `render` /
/// `batch`) → frames are drawn by `FrameExport` on the bounded `FrameService` → a render
/// runs on `StudioRenders` and reports over the event stream.
///
/// Routes:
/// - `GET /` the page (`StudioPage.html`, compiled in).
/// - `GET /api/job` the outputs, their sizes, times, marks, edits and the declarations.
/// - `GET /api/frame.png?t=SECONDS|frame=N[&output=NAME]` the bytes `notchwave frame` writes.
/// - `GET /api/frame.rgba?...` the same frame as raw straight RGBA (the page's encoding).
/// - `GET /api/guides.png?output=NAME` the safe area, cut-out and corner mask as a picture.
/// - `GET /api/preview-check?output=NAME` the App Store preview verdict before rendering.
/// - `GET /api/events` server-sent events: reload, error, edit, render.
/// - `POST /api/set` `{"key": K, "value": TEXT|null}`, `POST /api/reset`, `POST /api/render`
///   `{"output": NAME}` or `{"all": true}`.
/// - `GET /files/NAME` a file the job names or a render wrote (nothing else).
public final class StudioServer: @unchecked Sendable {
    public let session: StudioSession
    public let frames: FrameService
    public let renders: StudioRenders
    private var server: HTTPServer?
    private var watcher: FileWatcher?
    /// The names it answers to and where it listens, known once the daemons run (the
    /// daemons' threads read them: behind a lock).
    private struct Binding {
        var hosts: Set<String> = []
        var port: UInt16 = 0
        var wildcard = false
    }
    private let bindingLock = NSLock()
    private var bindingState = Binding()
    private var watchedGeneration = -1
    private var binding: Binding {
        bindingLock.lock()
        defer { bindingLock.unlock() }
        return bindingState
    }
    private let accessLock = NSLock()
    private var access: [String: (generation: Int, frames: RandomAccessFrames)] = [:]
    private var accessOrder: [String] = []
    /// The address the page is at (`http://127.0.0.1:PORT/`).
    public private(set) var url = ""
    /// True when files are watched (inotify is available).
    public var watches: Bool { watcher != nil }

    /// Serves `session` on `addresses` (127.0.0.1 and ::1 unless told otherwise) at `port`.
    public init(session: StudioSession, addresses: [BindAddress], port: UInt16, frameWorkers: Int? = nil) throws(StudioError) {
        self.session = session
        self.frames = FrameService(workers: frameWorkers ?? ProcessInfo.processInfo.activeProcessorCount)
        self.renders = StudioRenders(session: session)
        let watcher = FileWatcher { [weak session] paths in session?.filesChanged(paths) }
        if case let .job(file, _) = session.source { watcher?.watch(folderContents: (file as NSString).deletingLastPathComponent) }
        self.watcher = watcher
        let server = try HTTPServer(addresses: addresses, port: port) { [weak self] request in
            self?.handle(request) ?? .text(503, "the studio is stopping")
        }
        self.server = server
        var hosts: Set<String> = []
        for address in server.addresses {
            hosts.insert("\(address):\(server.port)")
            if address.isLoopback {
                hosts.formUnion(["localhost:\(server.port)", "127.0.0.1:\(server.port)", "[::1]:\(server.port)"])
            }
        }
        bindingLock.lock()
        bindingState = Binding(hosts: hosts, port: server.port,
                               wildcard: server.addresses.contains { $0 == .ipv4("0.0.0.0") || $0 == .ipv6("::") })
        bindingLock.unlock()
        url = "http://\(server.addresses.first.map(\.description) ?? "127.0.0.1"):\(server.port)/"
        watcher?.watch(session.snapshot.files)
    }

    /// The port it listens on.
    public var port: UInt16 { binding.port }

    /// True for `ADDRESS:PORT` with an IP address literal, which a server listening on
    /// every address accepts: rebinding needs a DNS name of the attacker's, never a literal.
    static func isAddressLiteral(_ host: String, port: UInt16, wildcard: Bool) -> Bool {
        guard wildcard, host.hasSuffix(":\(port)") else { return false }
        return BindAddress(String(host.dropLast(":\(port)".count))) != nil
    }

    /// Stops serving: the event streams close, the frame workers and the watcher stop; a
    /// render in progress is cancelled (its partial file removed).
    public func stop() {
        session.events.closeAll()
        renders.cancel()
        watcher?.stop()
        server?.stop()
        frames.stop()
    }

    /// Answers one request (the server's threads call it; tests and the benchmark may too).
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let binding = self.binding
        guard let host = request.headers["host"],
              binding.hosts.contains(host.lowercased()) || Self.isAddressLiteral(host, port: binding.port, wildcard: binding.wildcard) else {
            return .text(403, "the Host header \(request.headers["host"].map { "'\($0)'" } ?? "(none)") is not this server's address: requests for another name are refused (DNS rebinding)")
        }
        if request.method != "GET" && request.method != "HEAD" {
            // Only the page itself may change state: a browser sends Origin on every
            // cross-origin POST, and Sec-Fetch-Site says where the request came from.
            if let origin = request.headers["origin"], origin.lowercased() != "http://\(host.lowercased())" {
                return .text(403, "requests from \(origin) may not change the studio (cross-origin)")
            }
            if let site = request.headers["sec-fetch-site"], site != "same-origin" && site != "none" {
                return .text(403, "requests from another site may not change the studio (cross-origin)")
            }
            guard request.headers["content-type"]?.hasPrefix("application/json") == true else {
                return .text(415, "a request that changes the studio sends JSON (Content-Type: application/json)")
            }
        }
        let snapshot = session.snapshot
        // The files a new resolution reads are watched once per generation, not per request.
        bindingLock.lock()
        let newFiles = watchedGeneration != snapshot.generation
        watchedGeneration = snapshot.generation
        bindingLock.unlock()
        if newFiles { watcher?.watch(snapshot.files) }
        switch (request.method, request.path) {
        case ("GET", "/"), ("GET", "/index.html"):
            return HTTPResponse(contentType: "text/html; charset=utf-8", bytes: Array(StudioPage.html.utf8),
                                headers: [("Cache-Control", "no-store"), ("X-Frame-Options", "DENY"), ("X-Content-Type-Options", "nosniff"),
                                          ("Content-Security-Policy", "default-src 'self'; img-src 'self' blob: data:; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; frame-ancestors 'none'")])
        case ("GET", "/api/job"):
            return .json(StudioJSON.job(snapshot, source: session.source).rendered(indent: nil))
        case ("GET", "/api/frame.png"), ("GET", "/api/frame.rgba"):
            return frame(request, snapshot: snapshot, png: request.path.hasSuffix(".png"))
        case ("GET", "/api/guides.png"):
            return guides(request, snapshot: snapshot)
        case ("GET", "/api/preview-check"):
            guard let output = output(request, snapshot) else { return unknownOutput(request, snapshot) }
            return .json(StudioJSON.previewVerdict(output).rendered(indent: nil))
        case ("GET", "/api/events"):
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")],
                                stream: session.events.open())
        case ("POST", "/api/set"):
            return set(request)
        case ("POST", "/api/reset"):
            session.resetEdits()
            return .json(StudioJSON.job(session.snapshot, source: session.source).rendered(indent: nil))
        case ("POST", "/api/render"):
            return render(request, snapshot: snapshot)
        case ("GET", _) where request.path.hasPrefix("/files/"):
            return file(String(request.path.dropFirst("/files/".count)))
        case (_, "/"), (_, "/api/job"), (_, "/api/frame.png"), (_, "/api/frame.rgba"), (_, "/api/events"), (_, "/api/set"), (_, "/api/reset"), (_, "/api/render"):
            return .text(405, "\(request.method) is not allowed on \(request.path)")
        default:
            return .text(404, "no such page: \(request.path)")
        }
    }

    private func output(_ request: HTTPRequest, _ snapshot: StudioSession.Snapshot) -> StudioOutput? {
        guard let name = request.query["output"] else { return snapshot.outputs.first }
        return snapshot.outputs.first { $0.name == name }
    }

    private func unknownOutput(_ request: HTTPRequest, _ snapshot: StudioSession.Snapshot) -> HTTPResponse {
        if snapshot.outputs.isEmpty { return .text(409, snapshot.error ?? "the job has no outputs") }
        let name = request.query["output"] ?? ""
        return .text(400, "output=\(name): no such output\(EditDistance.hint(for: name, in: snapshot.outputs.map(\.name))); GET /api/job lists them")
    }

    /// The time a frame request asks for, checked as `notchwave frame` checks --time, or
    /// the frame number within the clip.
    static func time(_ query: [String: String], plan: RenderPlan) throws(ParameterError) -> (time: Double, frame: Int?) {
        if let text = query["frame"] {
            guard query["t"] == nil else { throw ParameterError(subject: "frame", problem: "give t=SECONDS or frame=N, not both") }
            guard let frame = Int(text) else { throw ParameterError(subject: "frame", problem: "expected a whole number, got '\(text)'") }
            guard frame >= 0 && frame < max(1, plan.frameCount) else {
                throw ParameterError(subject: "frame", problem: "\(frame) is past the clip: its frames are 0 to \(max(0, plan.frameCount - 1))")
            }
            return (plan.time(ofFrame: frame), frame)
        }
        guard let text = query["t"] else { throw ParameterError(subject: "t", problem: "missing t=SECONDS or frame=N") }
        guard let time = Double(text), time.isFinite else { throw ParameterError(subject: "t", problem: "expected a number, got '\(text)'") }
        guard (0...3600).contains(time) else { throw ParameterError(subject: "t", problem: "must be within 0...3600 seconds, got \(text)") }
        return (time, nil)
    }

    private func frame(_ request: HTTPRequest, snapshot: StudioSession.Snapshot, png: Bool) -> HTTPResponse {
        guard let output = output(request, snapshot) else { return unknownOutput(request, snapshot) }
        guard let plan = output.plan else { return .text(409, output.problem ?? snapshot.error ?? "the output cannot be drawn") }
        let time: Double, index: Int?
        do {
            (time, index) = try Self.time(request.query, plan: plan)
        } catch {
            return .text(400, "\(error.subject): \(error.problem)")
        }
        // The plan decides the bytes; the generation would not (an edit that changes nothing
        // draws the same frame), so the key is the plan's own identity.
        // The raw frame may be asked for smaller (`width=W`: the page's playback at its fit
        // size), resized by the framed canvases' Catmull-Rom resampler; the PNG never is.
        var asked = (width: plan.outputWidth, height: plan.outputHeight)
        if let text = request.query["width"], !png {
            guard let width = Int(text), (1...plan.outputWidth).contains(width) else {
                return .text(400, "width: expected a whole number of pixels from 1 to \(plan.outputWidth), got '\(text)'")
            }
            asked = (width, max(1, Int((Double(plan.outputHeight) * Double(width) / Double(plan.outputWidth)).rounded())))
        }
        let size = asked
        let key = "\(png ? "png" : "rgba")|\(output.name)|\(time.bitPattern)|\(snapshot.generation)|\(size.width)"
        do {
            let bytes = try frames.render(key: key, client: request.query["client"]) { [self] in
                // A frame by number: its changing rows only, over the output's template.
                if let index {
                    let source = try randomAccess(output.name, plan: plan, generation: snapshot.generation)
                    let buffer = ByteBuffer(count: size.width * size.height * 4)
                    try source.exportStraight(frame: index, size: size, into: buffer.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
                    return png ? ByteBuffer(try FrameExport.png(rgba: buffer.array, width: size.width, height: size.height)) : buffer
                }
                if png { return ByteBuffer(try FrameExport.pngFrame(plan: plan, time: time)) }
                // Exported straight from the canvas into the bytes that are sent.
                let buffer = ByteBuffer(count: size.width * size.height * 4)
                try RandomAccessFrames.exportStraight(plan: plan, time: time, size: size,
                                                      into: buffer.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
                return buffer
            }
            return HTTPResponse(contentType: png ? "image/png" : "application/octet-stream", buffer: bytes,
                                headers: [("X-Width", String(size.width)), ("X-Height", String(size.height)),
                                          ("X-Time", JSONOutput.formatNumber(time)), ("Cache-Control", "no-store")])
        } catch FrameServiceRefusal.superseded {
            return .text(409, "superseded by a newer request from the same page")
        } catch FrameServiceRefusal.busy {
            return .text(503, "too many frames are waiting; try again")
        } catch {
            return .text(500, oneLineDescription(of: error))
        }
    }

    /// The output's frames in any order, made once per output and generation (its template
    /// rendered then); the other generations' are dropped.
    private func randomAccess(_ name: String, plan: RenderPlan, generation: Int) throws -> RandomAccessFrames {
        accessLock.lock()
        if let made = access[name], made.generation == generation {
            accessLock.unlock()
            return made.frames
        }
        accessLock.unlock()
        let frames = try RandomAccessFrames(plan: plan)
        accessLock.lock()
        // Only the current generation's, and at most 8 outputs' (a template is a frame).
        access = access.filter { $0.value.generation == generation }
        accessOrder = accessOrder.filter { access[$0] != nil && $0 != name } + [name]
        while accessOrder.count > 8 { access[accessOrder.removeFirst()] = nil }
        access[name] = (generation, frames)
        accessLock.unlock()
        return frames
    }

    private func guides(_ request: HTTPRequest, snapshot: StudioSession.Snapshot) -> HTTPResponse {
        guard let output = output(request, snapshot) else { return unknownOutput(request, snapshot) }
        guard let plan = output.plan else { return .text(409, output.problem ?? "the output cannot be drawn") }
        do {
            guard let (rgba, width, height) = try FrameExport.guidesRGBA(plan: plan) else {
                return .text(404, "a framed canvas has no screen guides")
            }
            return HTTPResponse(contentType: "image/png", bytes: try FrameExport.png(rgba: rgba, width: width, height: height))
        } catch {
            return .text(500, oneLineDescription(of: error))
        }
    }

    private func set(_ request: HTTPRequest) -> HTTPResponse {
        guard let node = try? JSONParser.parse(String(decoding: request.body, as: UTF8.self)),
              case let .string(key)? = node["key"]?.kind else {
            return .text(400, "expected {\"key\": KEY, \"value\": TEXT or null}")
        }
        var text: String? = nil
        switch node["value"]?.kind {
        case let .string(string)?: text = string
        case let .number(number)?: text = JSONOutput.formatNumber(number)
        case let .bool(bool)?: text = bool ? "true" : "false"
        case .null?, nil: text = nil
        default: return .text(400, "\(key): the value is text, a number, true/false or null")
        }
        do {
            try session.setEdit(key: key, text: text)
        } catch {
            return .text(400, oneLineDescription(of: error))
        }
        return .json(StudioJSON.job(session.snapshot, source: session.source).rendered(indent: nil))
    }

    private func render(_ request: HTTPRequest, snapshot: StudioSession.Snapshot) -> HTTPResponse {
        let node = try? JSONParser.parse(String(decoding: request.body, as: UTF8.self))
        var only: String? = nil
        if case let .string(name)? = node?["output"]?.kind {
            guard snapshot.outputs.contains(where: { $0.name == name }) else {
                return .text(400, "output=\(name): no such output; GET /api/job lists them")
            }
            only = name
        } else if node?["all"]?.kind != .bool(true) {
            return .text(400, "expected {\"output\": NAME} or {\"all\": true}")
        }
        switch renders.start(only: only) {
        case .started: return .json("{\"started\":true}", status: 202)
        case let .running(what): return .json(JSONOutput.object([("started", .bool(false)), ("running", .string(what))]).rendered(indent: nil), status: 409)
        case let .refused(message): return .text(409, message)
        }
    }

    private func file(_ name: String) -> HTTPResponse {
        guard let path = renders.servable(name: name, snapshot: session.snapshot) else {
            return .text(404, "no such file: only the files the job names and the renders' outputs are served")
        }
        guard let bytes = FileManager.default.contents(atPath: path) else { return .text(404, "cannot read \(name)") }
        let types = ["mp4": "video/mp4", "mov": "video/quicktime", "webm": "video/webm", "gif": "image/gif", "png": "image/png",
                     "json": "application/json", "jpg": "image/jpeg", "jpeg": "image/jpeg", "m4v": "video/mp4"]
        return HTTPResponse(contentType: types[(path as NSString).pathExtension.lowercased()] ?? "application/octet-stream", bytes: Array(bytes),
                            headers: [("Content-Disposition", "inline"), ("X-Content-Type-Options", "nosniff")])
    }
}

extension HTTPResponse {
    init(status: Int, headers: [(String, String)], stream: EventStream) {
        self.status = status
        self.headers = headers
        self.body = .stream(stream)
    }
}
