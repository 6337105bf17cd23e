/// The frame sizes an encoder accepts (`EncoderKind.limits`), so that a size it would refuse
/// is reported up front in one line naming the limit, instead of failing (or crashing)
/// inside FFmpeg.
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

    /// The size `width` x `height` grown to the minimums (the padding a codec needs).
    public func padded(width: Int, height: Int) -> (width: Int, height: Int) {
        (max(width, minimumWidth), max(height, minimumHeight))
    }
}
