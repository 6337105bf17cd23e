import NotchwaveVideo

/// Why a render stopped.
public enum PipelineError: Error, Sendable, CustomStringConvertible {
    /// Cancelled by a signal (SIGINT = 2, SIGTERM = 15) or by the caller (0).
    case cancelled(signal: Int32)
    /// The output cannot be written.
    case output(String)
    /// An FFmpeg call failed.
    case ffmpeg(FFmpegError)
    /// The request cannot be rendered as asked (a format that cannot carry alpha, ...).
    case unsupported(String)

    public var description: String {
        switch self {
        case let .cancelled(signal):
            return signal == 2 ? "interrupted" : signal == 15 ? "terminated" : "cancelled"
        case let .output(message): return message
        case let .ffmpeg(error):
            return error.isDiskFull ? "the disk is full (\(error.description))" : error.description
        case let .unsupported(message): return message
        }
    }
}
