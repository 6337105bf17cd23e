/// Parses bit rates as users write them: `4M`, `2.5M`, `800k`, `1200000`.
public enum Bitrate {
    /// Bits per second, or nil when `text` is not a positive rate.
    public static func parse(_ text: String) -> Int? {
        let lower = text.lowercased()
        var multiplier = 1.0
        var digits = Substring(lower)
        if lower.hasSuffix("k") { multiplier = 1e3; digits = digits.dropLast() }
        else if lower.hasSuffix("m") { multiplier = 1e6; digits = digits.dropLast() }
        guard let value = Double(digits), value > 0, value.isFinite else { return nil }
        let bits = value * multiplier
        guard bits >= 1000, bits <= 1e10 else { return nil }
        return Int(bits.rounded())
    }
}
