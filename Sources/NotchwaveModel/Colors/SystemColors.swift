/// The iOS system colours (UIKit's `systemRed` ...), light and dark appearance, in sRGB.
///
/// Light values are the spec's table (notch-waves.md section 4); dark values are Apple's
/// published dark-appearance variants (Human Interface Guidelines, "Color", iOS 15+ table;
/// red, green and blue as in the spec).
public enum SystemColors {
    /// (name, light, dark) for each named colour.
    static let table: [(name: String, light: UInt32, dark: UInt32)] = [
        ("red", 0xFF3B30, 0xFF453A),
        ("orange", 0xFF9500, 0xFF9F0A),
        ("yellow", 0xFFCC00, 0xFFD60A),
        ("green", 0x34C759, 0x30D158),
        ("mint", 0x00C7BE, 0x63E6E2),
        ("teal", 0x30B0C7, 0x40C8E0),
        ("cyan", 0x32ADE6, 0x64D2FF),
        ("blue", 0x007AFF, 0x0A84FF),
        ("indigo", 0x5856D6, 0x5E5CE6),
        ("purple", 0xAF52DE, 0xBF5AF2),
        ("pink", 0xFF2D55, 0xFF375F),
        ("brown", 0xA2845E, 0xAC8E68),
        ("gray", 0x8E8E93, 0x8E8E93),
        ("white", 0xFFFFFF, 0xFFFFFF),
        ("black", 0x000000, 0x000000),
    ]

    /// The accepted names, in table order, plus `transparent`.
    public static var names: [String] { table.map(\.name) + ["transparent"] }

    /// The colour named `name` (case-insensitive, optional `system` prefix, `grey` for
    /// `gray`, `clear` for `transparent`), or nil.
    public static func color(named name: String, appearance: Appearance) -> Color? {
        var key = name.lowercased()
        if key.hasPrefix("system") && key.count > 6 { key = String(key.dropFirst(6)) }
        if key == "grey" { key = "gray" }
        if key == "transparent" || key == "clear" { return .transparent }
        guard let entry = table.first(where: { $0.name == key }) else { return nil }
        return Color(rgb: appearance == .light ? entry.light : entry.dark)
    }
}
