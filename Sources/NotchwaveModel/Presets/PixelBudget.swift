/// The largest frame notchwave renders: at most 16384 px a side (the largest size the
/// H.264, VP9 and AV1 encoders take) and at most 2^25 = 33,554,432 px in all (8K UHD,
/// 7680 x 4320, fits). Presets and plans beyond it are refused with one line before
/// anything is allocated (a frame of the budget is 128 MiB of RGBA).
public enum PixelBudget {
    /// Largest width or height in pixels.
    public static let maximumSide = 16384
    /// Largest width x height in pixels.
    public static let maximumPixels = 1 << 25

    /// The budget in words, for messages.
    public static let text = "at most \(maximumSide) px a side and \(maximumPixels) px (33.5 megapixels) in all"

    /// Why a `width` x `height` frame is beyond the budget, or nil when it is within it.
    /// Works on `Double` so that sizes too large for an `Int` are reported, not trapped on.
    public static func problem(width: Double, height: Double) -> String? {
        guard width.isFinite, height.isFinite, width <= Double(maximumSide), height <= Double(maximumSide),
              width * height <= Double(maximumPixels) else {
            return "\(JSONOutput.formatNumber(width)) x \(JSONOutput.formatNumber(height)) px is beyond the pixel budget (\(text))"
        }
        return nil
    }
}
