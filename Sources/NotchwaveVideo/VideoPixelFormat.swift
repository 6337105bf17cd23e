internal import CFFmpeg

/// The pixel formats notchwave encodes into.
public enum VideoPixelFormat: String, Sendable, CaseIterable {
    /// 8-bit 4:2:0 YUV (H.264, HEVC, VP9, AV1).
    case yuv420p
    /// 10-bit 4:2:0 YUV (HEVC Main 10).
    case yuv420p10le
    /// 8-bit 4:2:0 YUV with full-resolution alpha (VP9 with alpha).
    case yuva420p
    /// 10-bit 4:4:4 YUV with alpha (ProRes 4444).
    case yuva444p10le
    /// 8-bit RGBA (PNG, APNG).
    case rgba
    /// 8-bit palette (GIF).
    case pal8

    var av: AVPixelFormat {
        switch self {
        case .yuv420p: return AV_PIX_FMT_YUV420P
        case .yuv420p10le: return AV_PIX_FMT_YUV420P10LE
        case .yuva420p: return AV_PIX_FMT_YUVA420P
        case .yuva444p10le: return AV_PIX_FMT_YUVA444P10LE
        case .rgba: return AV_PIX_FMT_RGBA
        case .pal8: return AV_PIX_FMT_PAL8
        }
    }

    /// True for YUV formats (converted with BT.709, limited range).
    public var isYUV: Bool { self != .rgba && self != .pal8 }

    /// True when the format carries alpha.
    public var hasAlpha: Bool { self == .yuva420p || self == .yuva444p10le || self == .rgba }

    /// True when frames must have an even width and height (chroma subsampling).
    public var needsEvenSize: Bool { self == .yuv420p || self == .yuv420p10le || self == .yuva420p }

    /// Rows a slice must start on (the vertical chroma subsampling).
    public var rowAlignment: Int { needsEvenSize ? 2 : 1 }
}
