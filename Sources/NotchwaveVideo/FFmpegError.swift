import Foundation
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
    /// What the system ran out of, when that is the cause: told in plain words instead of
    /// the call that noticed it.
    public var cause: Cause?

    /// A resource the system ran out of.
    public enum Cause: Sendable, Equatable {
        /// Memory (ENOMEM, or an encoder library's failed allocation); the bytes asked for
        /// when the library said.
        case outOfMemory(bytes: Int?)
        /// The output's disk is full (ENOSPC).
        case diskFull
        /// The user's disk quota is used up (EDQUOT).
        case quotaExceeded
        /// The output reached the largest file allowed (EFBIG: `ulimit -f` or the file
        /// system's limit).
        case fileTooLarge

        /// The cause behind a system error number (`ENOMEM`, `ENOSPC`, `EDQUOT`,
        /// `EFBIG`), or nil for another.
        public init?(errno code: Int32) {
            switch code {
            case ENOMEM: self = .outOfMemory(bytes: nil)
            case ENOSPC: self = .diskFull
            case EDQUOT: self = .quotaExceeded
            case EFBIG: self = .fileTooLarge
            default: return nil
            }
        }

        /// The cause in plain words.
        public var description: String {
            switch self {
            case let .outOfMemory(bytes):
                let size = bytes.map { $0 >= 1 << 20 ? String(format: " (%.1f MiB asked for)", Double($0) / 1_048_576) : " (\($0) bytes asked for)" } ?? ""
                return "out of memory\(size): free memory, raise the memory limit (ulimit -v), or render with fewer --workers"
            case .diskFull: return "cannot write the output: the disk is full"
            case .quotaExceeded: return "cannot write the output: the disk quota is used up"
            case .fileTooLarge: return "cannot write the output: it reached the largest file allowed here (the file size limit, ulimit -f, or the file system's)"
            }
        }
    }

    /// An error.
    public init(function: String, code: Int32, message: String, cause: Cause? = nil) {
        self.function = function
        self.code = code
        self.message = message
        self.cause = cause
    }

    /// The cause in plain words when it is one; else `function: message`, or the message
    /// alone for a condition about the file.
    public var description: String {
        if let cause { return cause.description }
        return function.isEmpty ? message : "\(function): \(message)"
    }

    /// What went wrong without the call's name: the cause in plain words when it is one,
    /// else FFmpeg's text (for messages that name the file instead).
    public var reason: String { cause?.description ?? message }

    /// True for a condition of the user's file (its message names the file and the
    /// problem), false for a failed FFmpeg call.
    public var isAboutTheFile: Bool { function.isEmpty }

    /// A condition of the user's file, not of a call: its message names the file and
    /// says what is wrong with it.
    static func file(_ message: String) -> FFmpegError { FFmpegError(function: "", code: 0, message: message) }

    /// A failed allocation of `bytes` by `function`.
    static func outOfMemory(_ function: String, bytes: Int? = nil) -> FFmpegError {
        FFmpegError(function: function, code: nw_averror_enomem(), message: "out of memory", cause: .outOfMemory(bytes: bytes))
    }

    /// True when the write failed for lack of space (a full disk or quota, or the largest
    /// file allowed).
    public var isDiskFull: Bool {
        switch cause {
        case .diskFull, .quotaExceeded, .fileTooLarge: return true
        case .outOfMemory, nil: return false
        }
    }

    /// The error for `code` returned by `function`, with the last line FFmpeg logged on this
    /// thread or an encoder library wrote to C's stderr (`LibraryMessages`).
    static func from(_ code: Int32, _ function: String) -> FFmpegError {
        made(code, function).error
    }

    /// The error for `code` returned by `function` when it opened an encoder or a decoder.
    /// Opening starts the codec's threads, and a thread that cannot be started is memory
    /// that cannot be had (each reserves a stack of 8 MiB, which a process under a memory
    /// limit may not get): FFmpeg's own threads then fail with EAGAIN (pthread_create's
    /// code, passed on as it is; opening a file starts the decoders that probe its
    /// streams), and libx264 with a generic error and no message (it says why for every
    /// other refusal: a bad setting, a size, a failed allocation).
    static func opening(_ code: Int32, _ function: String) -> FFmpegError {
        var (error, lines) = made(code, function)
        let silentExternal = code == nw_averror_external() && lines.allSatisfy { $0 == nil }
        if error.cause == nil && (code == nw_averror_eagain() || silentExternal) {
            error.cause = .outOfMemory(bytes: nil)
        }
        return error
    }

    /// The error for a scaler (`sws_getContext`) that could not be made from `source` to
    /// `destination` between sizes that are all positive (`sizes`): when libswscale
    /// converts between the two formats, the only reason left is memory; else `otherwise`.
    static func scaler(from source: AVPixelFormat, to destination: AVPixelFormat, sizes: [Int], otherwise: FFmpegError) -> FFmpegError {
        guard sws_isSupportedInput(source) > 0, sws_isSupportedOutput(destination) > 0, sizes.allSatisfy({ $0 > 0 }) else { return otherwise }
        return outOfMemory("sws_getContext")
    }

    /// The error, and the lines it took from the logs.
    private static func made(_ code: Int32, _ function: String) -> (error: FFmpegError, lines: [String?]) {
        var buffer = [CChar](repeating: 0, count: 256)
        nw_error_string(code, &buffer, buffer.count)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var message = text.isEmpty ? "error \(code)" : text
        let lines = [takeLoggedError(), LibraryMessages.takeLast()]
        if let logged = lines[0] ?? lines[1] { message += " (\(logged))" }
        return (FFmpegError(function: function, code: code, message: message, cause: cause(code: code, lines: lines)), lines)
    }

    static func cause(code: Int32, lines: [String?]) -> Cause? {
        if let cause = Cause(errno: -code) { return cause }
        for case let line? in lines {
            let lower = line.lowercased()
            if lower.contains("malloc") && lower.contains("failed") || lower.contains("cannot allocate memory") || lower.contains("out of memory") {
                let digits = lower.range(of: "of size ").map { lower[$0.upperBound...].prefix { $0.isNumber } }
                return .outOfMemory(bytes: digits.flatMap { Int($0) })
            }
        }
        return nil
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
