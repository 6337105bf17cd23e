/// Encoding quality presets (`--quality`); each codec maps them to its own settings.
public enum Quality: String, Sendable, CaseIterable {
    case draft
    case standard
    case high
    case lossless
}

/// How the user asked the video to be encoded, before it is mapped onto a codec's
/// settings: every field optional, `nil` meaning the codec's default for the quality.
public struct EncodeRequest: Sendable, Equatable {
    /// A codec name (`h264`, `hevc`, `vp9`, `av1`, `prores`, `gif`, `apng`, `png`), or nil
    /// to choose from the output's extension.
    public var codec: String?
    /// The quality preset (default `standard`).
    public var quality: Quality?
    /// Constant rate factor, overriding the quality's.
    public var crf: Int?
    /// Target bit rate (`4M`, `800k`), overriding the quality's rate control.
    public var bitrate: String?
    /// Encoder speed preset (x264/x265 names such as `veryfast`, `slow`).
    public var speed: String?
    /// 10-bit output where the codec offers it (HEVC).
    public var tenBit: Bool
    /// GIF dithering (`none`, `bayer`, `floyd_steinberg`, `sierra2_4a`).
    public var dither: String?

    /// An empty request (all defaults).
    public init(codec: String? = nil, quality: Quality? = nil, crf: Int? = nil, bitrate: String? = nil,
                speed: String? = nil, tenBit: Bool = false, dither: String? = nil) {
        self.codec = codec
        self.quality = quality
        self.crf = crf
        self.bitrate = bitrate
        self.speed = speed
        self.tenBit = tenBit
        self.dither = dither
    }

    /// The command-line names of the options set (codec aside), for messages.
    public var givenOptions: [String] {
        var names: [String] = []
        if quality != nil { names.append("--quality") }
        if crf != nil { names.append("--crf") }
        if bitrate != nil { names.append("--bitrate") }
        if speed != nil { names.append("--speed") }
        if tenBit { names.append("--ten-bit") }
        if dither != nil { names.append("--dither") }
        return names
    }

    /// The x264 / x265 speed preset names.
    public static let speedPresets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
}
