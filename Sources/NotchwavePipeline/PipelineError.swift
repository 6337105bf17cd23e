import Foundation
import NotchwaveModel
import NotchwaveVideo

/// Why a render stopped.
public enum PipelineError: Error, Sendable, CustomStringConvertible, ExitCoded {
    /// Cancelled by a signal (SIGINT = 2, SIGTERM = 15) or by the caller (0).
    case cancelled(signal: Int32)
    /// The output cannot be written.
    case output(String)
    /// An FFmpeg call failed.
    case ffmpeg(MediaFailure)
    /// The request cannot be rendered as asked (a format that cannot carry alpha, ...).
    case unsupported(String)

    public var description: String {
        switch self {
        case let .cancelled(signal):
            return signal == 2 ? "interrupted" : signal == 15 ? "terminated" : "cancelled"
        case let .output(message): return message
        case let .ffmpeg(failure):
            return failure.message
        case let .unsupported(message): return message
        }
    }

    /// 128 + the signal when cancelled by one; 64 for a request the output cannot take;
    /// 1 for a failure.
    public var exitCode: Int32 {
        switch self {
        case let .cancelled(signal): return signal == 0 ? ExitCodes.failure : ExitCodes.signal(signal)
        case .unsupported: return ExitCodes.usage
        case .output, .ffmpeg: return ExitCodes.failure
        }
    }
}

/// A failed FFmpeg call as the pipeline reports it: FFmpeg's message and whether the
/// disk was full (the video module's error type stays inside the library).
public struct MediaFailure: Error, Sendable, CustomStringConvertible {
    /// The call and FFmpeg's reason, or what the system ran out of, one line.
    public let message: String
    /// True when the write failed for lack of space (ENOSPC, EDQUOT, EFBIG).
    public let isDiskFull: Bool

    init(_ error: FFmpegError) {
        message = error.description
        isDiskFull = error.isDiskFull
    }

    public var description: String { message }
}

extension PipelineError {
    /// The pipeline error of a failed FFmpeg call.
    static func ffmpeg(_ error: FFmpegError) -> PipelineError { .ffmpeg(MediaFailure(error)) }
}

/// One line for any error the library or Foundation throws: the typed errors' own
/// descriptions, and for Foundation's file errors the path and the system's reason
/// (never a raw `Error Domain=NSCocoaErrorDomain …` dump).
public func oneLineDescription(of error: Error) -> String {
    switch error {
    case let error as PipelineError: return error.description
    case let error as FFmpegError: return error.description
    case let error as ConfigurationError: return error.description
    case let error as ParameterError: return error.description
    default: break
    }
    let ns = error as NSError
    if ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain {
        let path = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
        var code = ns.domain == NSPOSIXErrorDomain ? Int32(ns.code) : 0
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            code = Int32(underlying.code)
        }
        let reason: String
        if code != 0 {
            reason = String(cString: strerror(code))
        } else {
            switch CocoaError.Code(rawValue: ns.code) {
            case .fileNoSuchFile, .fileReadNoSuchFile: reason = "no such file or directory"
            case .fileWriteNoPermission, .fileReadNoPermission: reason = "permission denied"
            case .fileWriteOutOfSpace: reason = "no space left on device"
            case .fileWriteFileExists: reason = "a file is in the way"
            case .fileWriteVolumeReadOnly: reason = "read-only file system"
            default: reason = "file error \(ns.code)"
            }
        }
        return path.map { "\($0): \(reason)" } ?? reason
    }
    return String(describing: error)
}
