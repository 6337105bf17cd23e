/// A straight (un-premultiplied) sRGB colour, 8 bits a channel, as a user names it.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The channels, 0 to 255.
    public var red, green, blue, alpha: UInt8

    /// A colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A colour from `0xRRGGBB`.
    public init(rgb: UInt32, alpha: UInt8 = 255) {
        self.init(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
                  blue: UInt8(truncatingIfNeeded: rgb), alpha: alpha)
    }

    public static let white = Color(rgb: 0xFFFFFF)
    public static let black = Color(rgb: 0x000000)
    public static let transparent = Color(rgb: 0, alpha: 0)

    /// True when alpha is 255.
    public var isOpaque: Bool { alpha == 255 }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var description: String {
        func hex(_ v: UInt8) -> String { let s = String(v, radix: 16, uppercase: true); return s.count == 1 ? "0" + s : s }
        return "#" + hex(red) + hex(green) + hex(blue) + (isOpaque ? "" : hex(alpha))
    }

    /// Parses a colour: an iOS system colour name of `appearance` (`red`, `systemBlue`,
    /// `transparent`, ...), `#RRGGBB` or `#RRGGBBAA`. Names are case-insensitive.
    public static func parse(_ text: String, appearance: Appearance = .light) throws(ColorError) -> Color {
        let trimmed = text.trimmingSpaces
        if trimmed.hasPrefix("#") {
            let digits = trimmed.dropFirst()
            guard digits.count == 6 || digits.count == 8, let value = UInt64(digits, radix: 16) else {
                throw ColorError(text: text, reason: "expected #RRGGBB or #RRGGBBAA")
            }
            if digits.count == 6 { return Color(rgb: UInt32(value)) }
            return Color(rgb: UInt32(value >> 8), alpha: UInt8(value & 0xFF))
        }
        guard let color = SystemColors.color(named: trimmed, appearance: appearance) else {
            throw ColorError(text: text, reason: "not a system colour name (\(SystemColors.names.joined(separator: ", "))) or #RRGGBB[AA]")
        }
        return color
    }

    /// Parses a comma-separated list of colours; at least one.
    public static func parseList(_ text: String, appearance: Appearance = .light) throws(ColorError) -> [Color] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
        var colors: [Color] = []
        for item in items {
            if item.trimmingSpaces.isEmpty { throw ColorError(text: text, reason: "empty colour in the list") }
            colors.append(try parse(item, appearance: appearance))
        }
        return colors
    }
}

/// A colour that could not be parsed.
public struct ColorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text as given.
    public var text: String
    /// Why it is not a colour.
    public var reason: String
    /// `unknown colour "x": reason`.
    public var description: String { "unknown colour \"\(text)\": \(reason)" }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return String(s)
    }
}
