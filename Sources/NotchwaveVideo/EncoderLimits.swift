/// The frame sizes each encoder accepts, so that a size it would refuse is reported up
/// front in one line naming the limit, instead of failing (or crashing) inside FFmpeg.
///
/// Measured against Debian bookworm's FFmpeg 5.1 builds with `ffmpeg -f lavfi -i
/// color=s=WxH`: libx264 opens at most 16384 px per side; libx265 refuses 8x8 and opens
/// 16x16; libvpx-vp9 fails to allocate its first frame beyond 16384 px per side;
/// libsvtav1 needs at least 64x64 and at most 16384 wide and 8704 high; GIF stores
/// sizes in 16 bits.
public struct EncoderLimits: Sendable, Equatable {
    /// Smallest width and height.
    public var minimumWidth: Int
    public var minimumHeight: Int
    /// Largest width and height.
    public var maximumWidth: Int
    public var maximumHeight: Int

    /// Limits.
    public init(minimumWidth: Int = 1, minimumHeight: Int = 1, maximumWidth: Int = Int(Int32.max), maximumHeight: Int = Int(Int32.max)) {
        self.minimumWidth = minimumWidth
        self.minimumHeight = minimumHeight
        self.maximumWidth = maximumWidth
        self.maximumHeight = maximumHeight
    }

    /// The limits of the FFmpeg encoder `name` (`libx264`); no limits for one not listed.
    public static func of(encoder name: String) -> EncoderLimits {
        switch name {
        case "libx264": return EncoderLimits(maximumWidth: 16384, maximumHeight: 16384)
        case "libx265": return EncoderLimits(minimumWidth: 16, minimumHeight: 16, maximumWidth: 16384, maximumHeight: 16384)
        case "libvpx-vp9": return EncoderLimits(maximumWidth: 16384, maximumHeight: 16384)
        case "libsvtav1": return EncoderLimits(minimumWidth: 64, minimumHeight: 64, maximumWidth: 16384, maximumHeight: 8704)
        case "gif": return EncoderLimits(maximumWidth: 65535, maximumHeight: 65535)
        default: return EncoderLimits()
        }
    }

    /// The size `width` x `height` grown to the minimums (the padding a codec needs).
    public func padded(width: Int, height: Int) -> (width: Int, height: Int) {
        (max(width, minimumWidth), max(height, minimumHeight))
    }

    /// Why encoder `name` cannot encode `width` x `height` frames, or nil when it can.
    public static func problem(encoder name: String, width: Int, height: Int) -> String? {
        let limits = of(encoder: name)
        if width < limits.minimumWidth || height < limits.minimumHeight {
            return "\(name) needs frames of at least \(limits.minimumWidth)x\(limits.minimumHeight) px, this one is \(width)x\(height)"
        }
        if width > limits.maximumWidth || height > limits.maximumHeight {
            return "\(name) takes frames of at most \(limits.maximumWidth)x\(limits.maximumHeight) px, this one is \(width)x\(height)"
        }
        return nil
    }
}
