internal import CFFmpeg

/// A failed FFmpeg call: which function, its return code and FFmpeg's text for it, or a
/// missing capability (an encoder or muxer this build of FFmpeg lacks).
public struct FFmpegError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The C function (or operation) that failed, or empty for a condition about the
    /// user's file itself (no video stream, nothing decodable), told in `message` alone.
    public var function: String
    /// The negative return code, or 0 for a condition that is not a return code.
    public var code: Int32
    /// FFmpeg's error text, or the condition.
    public var message: String

    /// An error.
    public init(function: String, code: Int32, message: String) {
        self.function = function
        self.code = code
        self.message = message
    }

    /// `function: message`, or the message alone for a condition about the file.
    public var description: String { function.isEmpty ? message : "\(function): \(message)" }

    /// True for a condition of the user's file (its message names the file and the
    /// problem), false for a failed FFmpeg call.
    public var isAboutTheFile: Bool { function.isEmpty }

    /// A condition of the user's file, not of a call: its message names the file and
    /// says what is wrong with it.
    static func file(_ message: String) -> FFmpegError { FFmpegError(function: "", code: 0, message: message) }

    /// True when the cause is a full disk (ENOSPC).
    public var isDiskFull: Bool { code == -28 }

    /// The error for `code` returned by `function`.
    static func from(_ code: Int32, _ function: String) -> FFmpegError {
        var buffer = [CChar](repeating: 0, count: 256)
        nw_error_string(code, &buffer, buffer.count)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var message = text.isEmpty ? "error \(code)" : text
        if let logged = takeLoggedError() { message += " (\(logged))" }
        return FFmpegError(function: function, code: code, message: message)
    }

    /// The last error line FFmpeg logged on this thread, if any (see `quietLogging`).
    static func takeLoggedError() -> String? {
        var buffer = [CChar](repeating: 0, count: 512)
        nw_take_last_log_error(&buffer, buffer.count)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }
}

/// Turns a negative FFmpeg return code into a typed error naming the function.
@discardableResult @inline(__always)
func check(_ code: Int32, _ function: @autoclosure () -> String) throws(FFmpegError) -> Int32 {
    if code < 0 { throw FFmpegError.from(code, function()) }
    return code
}

/// Return codes that are results, not errors.
enum FFmpegResult {
    static let again = nw_averror_eagain()
    static let endOfStream = nw_averror_eof()
}
