internal import CFFmpeg

/// The FFmpeg libraries this process runs against.
public enum FFmpegLibraries {
    private static func version(_ v: UInt32) -> String { "\(v >> 16).\((v >> 8) & 0xFF).\(v & 0xFF)" }

    /// `libavcodec 59.37.100, libavformat ..., ...`.
    public static var versions: String {
        ["libavcodec \(version(avcodec_version()))", "libavformat \(version(avformat_version()))",
         "libswscale \(version(swscale_version()))", "libavutil \(version(avutil_version()))",
         "libavfilter \(version(avfilter_version()))"].joined(separator: ", ")
    }

    /// FFmpeg's own version string (`5.1.6-0+deb12u1`).
    public static var ffmpegVersion: String { String(cString: av_version_info()) }

    /// Silences FFmpeg's log (FFmpeg logs to stderr by default): its error lines are
    /// kept per thread and added to the `FFmpegError` of the call that failed. What the
    /// encoder libraries print to C's stderr stream themselves (libx264's failed
    /// allocations) is kept the same way (`LibraryMessages`).
    public static func quietLogging() {
        av_log_set_level(AV_LOG_ERROR)
        nw_install_log_callback()
        LibraryMessages.capture()
        // SVT-AV1 logs to stderr by itself, outside av_log: fatal errors only (the sizes it
        // refuses are checked up front, see EncoderLimits).
        // (Set here, once, before any thread runs: setenv is not thread-safe.)
        setenv("SVT_LOG", "0", 0)
    }

    /// True when this FFmpeg has an encoder named `name`.
    public static func hasEncoder(_ name: String) -> Bool { avcodec_find_encoder_by_name(name) != nil }
}
