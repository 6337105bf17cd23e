/// The system appearance whose colour palette named colours come from.
public enum Appearance: String, Sendable, CaseIterable {
    case light
    case dark

    /// The default background: white in light appearance, black in dark.
    public var defaultBackground: Color { self == .light ? .white : .black }
}
