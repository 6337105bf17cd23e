/// A straight (un-premultiplied) sRGB-encoded colour, 8 bits a channel.
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
    /// The channels, 0 to 255.
    public var r, g, b, a: UInt8

    /// A colour from its four channels.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// Fully transparent black.
    public static let transparent = RGBA8(r: 0, g: 0, b: 0, a: 0)
    /// Opaque black.
    public static let black = RGBA8(r: 0, g: 0, b: 0)
    /// Opaque white.
    public static let white = RGBA8(r: 255, g: 255, b: 255)

    /// True when alpha is 255.
    public var isOpaque: Bool { a == 255 }

    /// `#RRGGBBAA`.
    public var description: String {
        func hex(_ v: UInt8) -> String { let s = String(v, radix: 16, uppercase: true); return s.count == 1 ? "0" + s : s }
        return "#" + hex(r) + hex(g) + hex(b) + hex(a)
    }

    /// The colour premultiplied by its alpha, rounded to nearest.
    public var premultiplied: PremultipliedRGBA8 {
        PremultipliedRGBA8(r: Blend.mulDiv255(r, a), g: Blend.mulDiv255(g, a), b: Blend.mulDiv255(b, a), a: a)
    }
}

/// A premultiplied sRGB-encoded colour, 8 bits a channel: the canvas's pixel format.
public struct PremultipliedRGBA8: Hashable, Sendable {
    /// The channels, 0 to 255; each colour at most `a`.
    public var r, g, b, a: UInt8

    /// A premultiplied colour; each colour channel must not exceed alpha.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// The pixel as a little-endian 32-bit word (r in the lowest byte).
    public var packed: UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    /// The pixel from a little-endian 32-bit word.
    public init(packed: UInt32) {
        r = UInt8(truncatingIfNeeded: packed)
        g = UInt8(truncatingIfNeeded: packed >> 8)
        b = UInt8(truncatingIfNeeded: packed >> 16)
        a = UInt8(truncatingIfNeeded: packed >> 24)
    }

    /// The straight colour: each channel divided by alpha, rounded to nearest
    /// (transparent pixels become transparent black).
    public var straight: RGBA8 {
        guard a != 0 else { return .transparent }
        guard a != 255 else { return RGBA8(r: r, g: g, b: b, a: 255) }
        @inline(__always) func un(_ c: UInt8) -> UInt8 {
            UInt8(Swift.min(255, (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)))
        }
        return RGBA8(r: un(r), g: un(g), b: un(b), a: a)
    }
}
