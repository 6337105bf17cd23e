import CMicroHTTPD
import Foundation

/// A request as the studio's router sees it: everything read from libmicrohttpd, in Swift
/// values (the query decoded, the header names lower-cased, the body whole).
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without its query (`/api/frame.png`), percent-decoded by libmicrohttpd.
    public var path: String
    public var query: [String: String]
    /// Header values by lower-cased name.
    public var headers: [String: String]
    public var body: [UInt8]

    /// A request (the server builds them; tests and the benchmark may too).
    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }
}

/// What the router answers: a status, headers and either bytes or a stream of events.
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// Bytes libmicrohttpd sends from where they are (a frame: no copy), kept alive
        /// until the response is done with them.
        case buffer(ByteBuffer)
        /// Server-sent events: the connection stays open and gets what the stream yields.
        case stream(EventStream)
    }
    public var status: Int
    public var headers: [(String, String)]
    public var body: Body

    /// A response of `bytes` typed `contentType`.
    public init(status: Int = 200, contentType: String, bytes: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.headers = [("Content-Type", contentType)] + headers
        self.body = .bytes(bytes)
    }

    /// A response of `buffer`, sent without a copy.
    public init(status: Int = 200, contentType: String, buffer: ByteBuffer, headers: [(String, String)] = []) {
        self.status = status
        self.headers = [("Content-Type", contentType)] + headers
        self.body = .buffer(buffer)
    }

    /// A plain-text response (errors: one line, as the CLI says it).
    public static func text(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", bytes: Array((message + "\n").utf8))
    }

    /// A JSON response.
    public static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", bytes: Array(text.utf8))
    }
}

/// Bytes in memory of their own, owned by this object (freed with it): what a frame is
/// rendered into and sent from, so that a frame of 11 MB is not copied on its way out.
public final class ByteBuffer: @unchecked Sendable {
    /// The memory (at least one byte, so that it always has an address).
    public let bytes: UnsafeMutableRawBufferPointer
    /// How many of its bytes are the content.
    public let count: Int

    /// `count` uninitialised bytes.
    public init(count: Int) {
        self.count = count
        bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, count), alignment: 64)
        bytes.storeBytes(of: 0, as: UInt8.self)
    }

    /// A copy of `array`.
    public convenience init(_ array: [UInt8]) {
        self.init(count: array.count)
        array.withUnsafeBytes { source in if let base = source.baseAddress { bytes.baseAddress!.copyMemory(from: base, byteCount: source.count) } }
    }

    /// The bytes as an array (tests, small responses).
    public var array: [UInt8] { Array(UnsafeRawBufferPointer(rebasing: bytes[0..<count])) }

    deinit { bytes.deallocate() }
}

/// The bytes of an open server-sent-events response: `send` queues an event, the
/// connection's thread takes them (blocking between events, which libmicrohttpd allows
/// with a thread per connection), a comment line every `keepAlive` seconds keeps the
/// connection from timing out, `close` ends it. Bounded: a client that stops reading
/// loses its stream once `limit` bytes wait.
public final class EventStream: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [UInt8] = []
    private var closed = false
    private let limit: Int
    private let keepAlive: Double

    /// A stream that holds at most `limit` unsent bytes.
    public init(limit: Int = 1 << 20, keepAlive: Double = 5) {
        self.limit = limit
        self.keepAlive = keepAlive
    }

    /// Queues one event (`event: NAME`, one `data:` line of JSON).
    public func send(event: String, data: String) {
        let line = "event: \(event)\ndata: \(data.replacingOccurrences(of: "\n", with: " "))\n\n"
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        if pending.count + line.utf8.count > limit {
            closed = true
        } else {
            pending += Array(line.utf8)
        }
        condition.broadcast()
    }

    /// Ends the stream; the client sees the connection close.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    public var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }

    /// Up to `max` bytes into `buffer`, waiting for some; -1 at the end.
    fileprivate func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: keepAlive)
        while pending.isEmpty && !closed {
            if !condition.wait(until: deadline) { break }
        }
        if pending.isEmpty {
            if closed { return -1 }
            pending = Array(": keep-alive\n\n".utf8)
        }
        let count = min(max, pending.count)
        pending.withUnsafeBufferPointer { source in
            buffer.withMemoryRebound(to: UInt8.self, capacity: count) { $0.update(from: source.baseAddress!, count: count) }
        }
        pending.removeFirst(count)
        return count
    }
}

/// Why the server could not start.
public struct StudioError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// An address the server listens on.
public enum BindAddress: Sendable, Equatable, CustomStringConvertible {
    case ipv4(String)
    case ipv6(String)

    /// `127.0.0.1` or `::1` (brackets allowed), or nil when `text` is neither form.
    public init?(_ text: String) {
        let bare = text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 { self = .ipv4(bare) } else if inet_pton(AF_INET6, bare, &v6) == 1 { self = .ipv6(bare) } else { return nil }
    }

    public var description: String {
        switch self {
        case let .ipv4(text): return text
        case let .ipv6(text): return "[\(text)]"
        }
    }

    /// True for 127.0.0.0/8 and ::1.
    public var isLoopback: Bool {
        switch self {
        case let .ipv4(text): return text.hasPrefix("127.")
        case let .ipv6(text): return text == "::1"
        }
    }
}

/// The HTTP server: libmicrohttpd daemons (one per address: 127.0.0.1 and ::1 by
/// default), owned by this object alone and stopped when it goes. One thread per
/// connection, at most `connectionLimit` connections, a connection idle for
/// `timeoutSeconds` closed (slow clients), request headers limited to the per-connection
/// memory (larger ones get 431 from libmicrohttpd), bodies to `bodyLimit` bytes (413).
public final class HTTPServer: @unchecked Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// The port every address listens on.
    public let port: UInt16
    /// The addresses it listens on.
    public let addresses: [BindAddress]
    private var daemons: [OpaquePointer] = []
    private let lock = NSLock()

    /// Starts listening on `addresses` at `port` (0: a free port, the same for every address).
    /// An IPv6 loopback that the machine lacks is skipped when another address is bound.
    public init(addresses: [BindAddress], port: UInt16, connectionLimit: UInt32 = 64, timeoutSeconds: UInt32 = 15,
                memoryLimit: Int = 64 * 1024, bodyLimit: Int = 1 << 20, handler: @escaping Handler) throws(StudioError) {
        var bound: [BindAddress] = []
        var chosen = port
        var started: [OpaquePointer] = []
        let box = HandlerBox(handler: handler, bodyLimit: bodyLimit)
        for address in addresses {
            let daemon = Self.start(address, port: chosen, box: box, connectionLimit: connectionLimit, timeoutSeconds: timeoutSeconds,
                                    memoryLimit: memoryLimit)
            guard let daemon else {
                if case .ipv6 = address, address.isLoopback, !started.isEmpty { continue }
                let reason = errno == EADDRINUSE ? "the port is in use (give --port N, or --port 0 for a free one)" : String(cString: strerror(errno))
                for started in started { MHD_stop_daemon(started) }
                throw StudioError("cannot listen on \(address):\(chosen): \(reason)")
            }
            if chosen == 0 { chosen = nw_mhd_port(daemon) }
            started.append(daemon)
            bound.append(address)
        }
        self.port = chosen
        self.addresses = bound
        self.daemons = started
        self.box = box
    }

    /// A daemon on `address` at `port`, or nil (errno says why).
    private static func start(_ address: BindAddress, port: UInt16, box: HandlerBox, connectionLimit: UInt32, timeoutSeconds: UInt32,
                              memoryLimit: Int) -> OpaquePointer? {
        var flags = MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
        func start<Address>(_ socket: inout Address) -> OpaquePointer? {
            withUnsafePointer(to: &socket) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    nw_mhd_start(flags, $0, nil, nil, accessHandler, Unmanaged.passUnretained(box).toOpaque(), completedHandler,
                                 connectionLimit, timeoutSeconds, memoryLimit)
                }
            }
        }
        switch address {
        case let .ipv4(text):
            var socket = sockaddr_in()
            socket.sin_family = sa_family_t(AF_INET)
            socket.sin_port = port.bigEndian
            inet_pton(AF_INET, text, &socket.sin_addr)
            return start(&socket)
        case let .ipv6(text):
            flags |= MHD_USE_IPv6.rawValue
            var socket = sockaddr_in6()
            socket.sin6_family = sa_family_t(AF_INET6)
            socket.sin6_port = port.bigEndian
            inet_pton(AF_INET6, text, &socket.sin6_addr)
            return start(&socket)
        }
    }

    /// What the daemons call; released only after they have stopped.
    private let box: HandlerBox

    /// Stops every daemon (open connections are closed); idempotent.
    public func stop() {
        lock.lock()
        let running = daemons
        daemons = []
        lock.unlock()
        for daemon in running { MHD_stop_daemon(daemon) }
    }

    deinit { stop() }
}

/// What the C callbacks reach the server through (set once the daemons run).
private final class HandlerBox: @unchecked Sendable {
    let handler: HTTPServer.Handler
    let bodyLimit: Int
    init(handler: @escaping HTTPServer.Handler, bodyLimit: Int) {
        self.handler = handler
        self.bodyLimit = bodyLimit
    }
}

/// One request in flight: its body as it arrives.
private final class RequestState {
    var body: [UInt8] = []
    var tooLarge = false
}

private func collect(_ connection: OpaquePointer?, _ kind: MHD_ValueKind, lowercased: Bool) -> [String: String] {
    final class Values { var map: [String: String] = [:]; var lowercased = false }
    let values = Values()
    values.lowercased = lowercased
    _ = MHD_get_connection_values(connection, kind, { context, _, key, value in
        guard let context, let key else { return MHD_Result.YES }
        let values = Unmanaged<Values>.fromOpaque(context).takeUnretainedValue()
        let name = String(cString: key)
        values.map[values.lowercased ? name.lowercased() : name] = value.map { String(cString: $0) } ?? ""
        return MHD_Result.YES
    }, Unmanaged.passUnretained(values).toOpaque())
    return values.map
}

private let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, uploadData, uploadSize, state in
    guard let context, let state, let uploadSize else { return MHD_Result.NO }
    let server = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
    if state.pointee == nil {
        state.pointee = Unmanaged.passRetained(RequestState()).toOpaque()
        return MHD_Result.YES
    }
    let request = Unmanaged<RequestState>.fromOpaque(state.pointee!).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        if request.body.count + uploadSize.pointee > server.bodyLimit {
            request.tooLarge = true
        } else if let uploadData {
            uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
                request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
            }
        }
        uploadSize.pointee = 0
        return MHD_Result.YES
    }
    let response: HTTPResponse
    if request.tooLarge {
        response = .text(413, "the request's body is larger than \(server.bodyLimit) bytes")
    } else {
        let incoming = HTTPRequest(method: method.map { String(cString: $0) } ?? "GET", path: url.map { String(cString: $0) } ?? "/",
                                   query: collect(connection, MHD_ValueKind.GET_ARGUMENT_KIND, lowercased: false),
                                   headers: collect(connection, MHD_ValueKind.HEADER_KIND, lowercased: true), body: request.body)
        response = server.handler(incoming)
    }
    return queue(response, on: connection)
}

private let completedHandler: MHD_RequestCompletedCallback = { _, _, state, _ in
    guard let state, let pointer = state.pointee else { return }
    Unmanaged<RequestState>.fromOpaque(pointer).release()
    state.pointee = nil
}

private func queue(_ response: HTTPResponse, on connection: OpaquePointer?) -> MHD_Result {
    let made: OpaquePointer?
    switch response.body {
    case let .bytes(bytes):
        made = bytes.withUnsafeBytes { buffer in
            MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!),
                                            nw_mhd_must_copy)
        }
    case let .buffer(buffer):
        let retained = Unmanaged.passRetained(buffer)
        made = MHD_create_response_from_buffer_with_free_callback_cls(buffer.count, buffer.bytes.baseAddress, { context in
            guard let context else { return }
            Unmanaged<ByteBuffer>.fromOpaque(context).release()
        }, retained.toOpaque())
        if made == nil { retained.release() }
    case let .stream(stream):
        made = MHD_create_response_from_callback(UInt64.max, 4096, { context, _, buffer, max in
            guard let context, let buffer else { return -2 }
            return Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue().read(into: buffer, max: max)
        }, Unmanaged.passRetained(stream).toOpaque(), { context in
            guard let context else { return }
            let stream = Unmanaged<EventStream>.fromOpaque(context).takeRetainedValue()
            stream.close()
        })
    }
    guard let made else { return MHD_Result.NO }
    defer { MHD_destroy_response(made) }
    for (name, value) in response.headers { _ = MHD_add_response_header(made, name, value) }
    return MHD_queue_response(connection, UInt32(response.status), made)
}
