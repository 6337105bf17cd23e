import NotchwaveVideo

/// The media libraries the pipeline runs on, for the command line's start-up and
/// `--version` (so that it needs no FFmpeg module of its own).
public enum MediaLibraries {
    /// Silences FFmpeg's own logging (errors are reported as notchwave's).
    public static func quietLogging() { FFmpegLibraries.quietLogging() }
    /// FFmpeg's release (`5.1.6`).
    public static var ffmpegVersion: String { FFmpegLibraries.ffmpegVersion }
    /// Each library's version (`libavcodec 59.37.100, ...`).
    public static var versions: String { FFmpegLibraries.versions }
}
