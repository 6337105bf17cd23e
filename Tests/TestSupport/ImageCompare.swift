import Foundation

/// Image comparisons for tests.
public enum ImageCompare {
    /// PSNR in dB of `channels` (RGB by default; 3..<4 is alpha) of two RGBA8 images, over
    /// the top-left `width` x `height` pixels (`strideA` / `strideB` pixels per row);
    /// infinity when equal.
    public static func psnr(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int, strideA: Int? = nil, strideB: Int? = nil,
                            channels: Range<Int> = 0..<3) -> Double {
        let sa = strideA ?? width, sb = strideB ?? width
        var sum = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let ia = (y * sa + x) * 4, ib = (y * sb + x) * 4
                for c in channels {
                    let d = Double(a[ia + c]) - Double(b[ib + c])
                    sum += d * d
                }
            }
        }
        let mse = sum / Double(width * height * channels.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Count of pixels that differ in any channel.
    public static func differingPixels(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var count = 0
        var i = 0
        while i + 3 < min(a.count, b.count) {
            if a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] || a[i + 3] != b[i + 3] { count += 1 }
            i += 4
        }
        return count
    }
}
