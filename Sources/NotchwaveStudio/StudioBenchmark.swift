import Foundation
import NotchwaveModel
import NotchwavePipeline
import NotchwaveScene

/// The studio's latencies (`notchwave bench --studio`): a studio served on the loopback
/// in this process and asked over real TCP connections, as the page asks — a scrub
/// request timed from the request sent to the last byte of the frame received, for
/// distinct frames (no cache hits), in the page's encoding (raw RGBA) and as PNG; the
/// first frame after the server starts; and playback, the frames a second delivered with
/// two requests in flight (what the page keeps), against the clip's rate.
public struct StudioBenchmark {
    /// One scene on one device.
    public struct Case: Sendable {
        public var name: String
        public var preset: String
        public var values: [(String, String)]
    }

    /// One case's figures (milliseconds, frames per second).
    public struct Figures: Sendable {
        public var name: String
        public var width: Int, height: Int, fps: Int
        public var firstFrame: Double
        public var rgba: (p50: Double, p95: Double, max: Double)
        public var png: (p50: Double, p95: Double, max: Double)
        public var playbackFPS: Double
        /// Playback at the page's default fit size (`fitWidth` pixels wide).
        public var fitWidth: Int
        public var fitPlaybackFPS: Double
    }

    /// The height the page fits a frame into in a 1440 x 960 window (its viewer's height).
    public static let fitHeight = 770

    public let requests: Int
    public let library: PresetLibrary

    /// `requests` scrub requests per case and encoding.
    public init(library: PresetLibrary, requests: Int = 60) {
        self.library = library
        self.requests = requests
    }

    /// The cases: the notch waves on iphone-x (60 fps), a full-screen popup and the
    /// controls on iphone-16-pro, each over a script written into `directory`.
    public static func cases(directory: String) throws -> [Case] {
        let popup = (directory as NSString).appendingPathComponent("popup.json")
        try #"{"events": [{"show": true, "at": 0.1}, {"tap": "outside", "at": 1.6}]}"#.write(toFile: popup, atomically: true, encoding: .utf8)
        let controls = (directory as NSString).appendingPathComponent("controls.json")
        try #"{"events": [{"tap": "item 1 increment", "at": 0.3}, {"tap": "item 2 increment", "at": 0.9}, {"press": "button", "at": 1.5, "until": 1.8}]}"#
            .write(toFile: controls, atomically: true, encoding: .utf8)
        return [
            Case(name: "notch waves", preset: "iphone-x", values: []),
            Case(name: "popup", preset: "iphone-16-pro", values: [("scene", "popup"), ("sceneOptions", "script=\(popup)"), ("sceneOptions", "background=#00000066")]),
            Case(name: "controls", preset: "iphone-16-pro", values: [("scene", "controls"), ("sceneOptions", "component=cart"), ("sceneOptions", "script=\(controls)")]),
        ]
    }

    /// Runs every case.
    public func run(_ cases: [Case]) throws -> [Figures] {
        try cases.map(run)
    }

    func run(_ benchmark: Case) throws -> Figures {
        var request = RenderRequest()
        var options = OptionList()
        for (key, text) in benchmark.values {
            if key == "sceneOptions" {
                options = options.appending(try Parameters.sceneOptions.value(.text(text)))
            } else if let parameter = Scenes.parameter(key: key) {
                try request.set(.text(text), for: parameter, from: .commandLine)
            }
        }
        if !options.entries.isEmpty { request.set(options, for: Parameters.sceneOptions) }
        let preset = try library.preset(named: benchmark.preset)
        let started = Date()
        let session = StudioSession(source: .render(request: request, preset: { preset }, output: "bench.mp4", words: []), library: library)
        if let problem = session.snapshot.outputs.first?.problem { throw StudioError("\(benchmark.name): \(problem)") }
        let server = try StudioServer(session: session, addresses: [.ipv4("127.0.0.1")], port: 0)
        defer { server.stop() }
        let host = "127.0.0.1:\(server.port)"
        _ = try HTTPClient.get(host: host, path: "/api/frame.rgba?frame=0&client=bench")
        let firstFrame = Date().timeIntervalSince(started) * 1000
        guard let plan = session.snapshot.outputs.first?.plan else { throw StudioError("\(benchmark.name): no plan") }
        let frames = plan.frameCount
        // Distinct frames in a scattered order (a stride prime to the frame count), as a
        // scrub back and forth over the clip asks for them.
        var stride = 37
        while gcd(stride, frames) != 1 { stride += 1 }
        func timed(_ format: String, offset: Int) throws -> (Double, Double, Double) {
            var samples: [Double] = []
            for index in 0..<min(requests, frames - 1) {
                let frame = (1 + offset + index * stride) % frames
                let sent = Date()
                let response = try HTTPClient.get(host: host, path: "/api/frame.\(format)?frame=\(frame)&client=bench")
                guard response.status == 200 else { throw StudioError("\(benchmark.name): HTTP \(response.status)") }
                samples.append(Date().timeIntervalSince(sent) * 1000)
            }
            samples.sort()
            func percentile(_ p: Double) -> Double { samples[min(samples.count - 1, Int((p * Double(samples.count)).rounded(.up)) - 1)] }
            return (percentile(0.5), percentile(0.95), samples.last ?? 0)
        }
        let rgba = try timed("rgba", offset: 0)
        let png = try timed("png", offset: 1)
        // Playback: every frame of the clip once, in order, two requests in flight (as the
        // page keeps them), after a reload (so that nothing is cached: the page's first
        // pass over a clip); at the frame's size and at the page's fit size.
        func playback(width: Int?) -> Double {
            session.reload(reason: "benchmark")
            let lock = NSLock()
            nonisolated(unsafe) var next = 0
            let query = width.map { "&width=\($0)" } ?? ""
            let threads = (0..<2).map { lane in
                Thread {
                    while true {
                        lock.lock()
                        let frame = next
                        next += 1
                        lock.unlock()
                        guard frame < frames else { return }
                        _ = try? HTTPClient.get(host: host, path: "/api/frame.rgba?frame=\(frame)&client=play\(lane)\(query)")
                    }
                }
            }
            let started = Date()
            threads.forEach { $0.start() }
            while threads.contains(where: { !$0.isFinished }) { usleep(1_000) }
            return Double(frames) / Date().timeIntervalSince(started)
        }
        let playbackFPS = playback(width: nil)
        let fitWidth = max(1, Int((Double(plan.outputWidth) * Double(Self.fitHeight) / Double(plan.outputHeight)).rounded()))
        let fitPlaybackFPS = playback(width: fitWidth)
        return Figures(name: benchmark.name, width: plan.outputWidth, height: plan.outputHeight, fps: plan.fps, firstFrame: firstFrame,
                       rgba: rgba, png: png, playbackFPS: playbackFPS, fitWidth: fitWidth, fitPlaybackFPS: fitPlaybackFPS)
    }

    /// The figures as JSON (`--json`).
    public static func json(_ figures: [Figures]) -> JSONOutput {
        func ms(_ value: Double) -> JSONOutput { .number((value * 10).rounded() / 10) }
        return .array(figures.map { f in
            .object([("scene", .string(f.name)), ("width", .number(Double(f.width))), ("height", .number(Double(f.height))),
                     ("fps", .number(Double(f.fps))), ("firstFrameMs", ms(f.firstFrame)),
                     ("rgbaP50Ms", ms(f.rgba.p50)), ("rgbaP95Ms", ms(f.rgba.p95)), ("rgbaMaxMs", ms(f.rgba.max)),
                     ("pngP50Ms", ms(f.png.p50)), ("pngP95Ms", ms(f.png.p95)), ("pngMaxMs", ms(f.png.max)),
                     ("playbackFPS", ms(f.playbackFPS)), ("fitWidth", .number(Double(f.fitWidth))), ("fitPlaybackFPS", ms(f.fitPlaybackFPS))])
        })
    }
}

private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

/// A minimal HTTP/1.0 client for the benchmark: one GET per connection, the body read to
/// the connection's end.
enum HTTPClient {
    struct Response {
        var status: Int
        var body: [UInt8]
    }

    static func get(host: String, path: String) throws -> Response {
        let parts = host.split(separator: ":")
        guard parts.count == 2, let port = UInt16(parts[1]) else { throw StudioError("bad host \(host)") }
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw StudioError("socket: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, String(parts[0]), &address.sin_addr)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw StudioError("connect: \(String(cString: strerror(errno)))") }
        let request = Array("GET \(path) HTTP/1.0\r\nHost: \(host)\r\n\r\n".utf8)
        var sent = 0
        while sent < request.count {
            let n = request[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw StudioError("send: \(String(cString: strerror(errno)))") }
            sent += n
        }
        // The head first (to its blank line), then the body straight into an array of the
        // announced length: no copy beyond the socket's.
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !(head.count >= 4 && head[head.count - 4..<head.count].elementsEqual([13, 10, 13, 10])) {
            let n = recv(socket, &byte, 1, 0)
            if n < 0 && errno == EINTR { continue }
            guard n == 1 else { throw StudioError("no HTTP response") }
            head.append(byte)
        }
        let text = String(decoding: head, as: UTF8.self)
        let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
        let length = text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
        var body = [UInt8](repeating: 0, count: length ?? 0)
        var received = 0
        while length.map({ received < $0 }) ?? true {
            if length == nil { body.append(contentsOf: [UInt8](repeating: 0, count: 1 << 16)) }
            let n = body.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + received, $0.count - received, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            received += n
        }
        return Response(status: status, body: Array(body[0..<received]))
    }
}
