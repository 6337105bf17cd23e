/// A device: its screen, its cutout and the bar the animation runs in.
///
/// Every number carries its source and confidence (see `presets/README.md`).
public struct Preset: Sendable, Equatable {
    /// Lowercase, hyphenated identifier (`iphone-15-pro`).
    public var id: String
    /// Display name (`iPhone 15 Pro`).
    public var name: String
    /// Other spellings users type (`"iPhone 15 Pro"`, `iphone15pro`).
    public var aliases: [String]
    /// Device family for filters (`iphone`, `macbook`, `generic`).
    public var family: String
    /// Screen size in points, portrait.
    public var screenPoints: Sourced<Size2>
    /// UIKit scale (points to rendered pixels).
    public var scale: Sourced<Double>
    /// Screen size in physical pixels: the size frames are rendered at.
    public var screenPixels: Sourced<Size2>
    /// Display corner radius in points.
    public var cornerRadius: Sourced<Double>
    /// Status bar / top safe-area height in points.
    public var statusBarHeight: Sourced<Double>
    /// The cutout.
    public var cutout: Cutout
    /// Bar numbers given explicitly (the seed's values for devices without a cutout), or
    /// nil to derive them from the cutout.
    public var barOverride: BarGeometry?
    /// Free-form remarks (disagreements between sources, derivations).
    public var notes: [String]
    /// The App Store display class previews and screenshots of this device are uploaded
    /// to (iPhones only), with its source.
    public var appStoreClass: Sourced<AppStoreDisplayClass>? = nil
    /// The device's body around the screen (`--frame device`), or nil when the preset has
    /// no body data.
    public var body: DeviceBody? = nil

    /// A preset from its parts (presets usually come from JSON files; see `decode`).
    public init(id: String, name: String, aliases: [String], family: String, screenPoints: Sourced<Size2>, scale: Sourced<Double>,
                screenPixels: Sourced<Size2>, cornerRadius: Sourced<Double>, statusBarHeight: Sourced<Double>, cutout: Cutout,
                barOverride: BarGeometry?, notes: [String]) {
        self.id = id
        self.name = name
        self.aliases = aliases
        self.family = family
        self.screenPoints = screenPoints
        self.scale = scale
        self.screenPixels = screenPixels
        self.cornerRadius = cornerRadius
        self.statusBarHeight = statusBarHeight
        self.cutout = cutout
        self.barOverride = barOverride
        self.notes = notes
    }

    /// The spec's bar numbers in points.
    ///
    /// - notch: from the notch (`NotchGeometry.bar`);
    /// - island: `h = height`, `cs = width - height` (the pill's straight part) and
    ///   `rt = rb = height / 4`, so that `rt + rb`, the closing wave's gradient length,
    ///   is the island's `height / 2` as the spec says (the island wave itself uses no
    ///   corner radii);
    /// - none: the explicit `bar`, else `h` the status bar height, `cs = 0`,
    ///   `rt = rb = h / 2`.
    public var bar: BarGeometry {
        if let barOverride { return barOverride }
        switch cutout {
        case let .notch(notch): return notch.bar
        case let .island(island):
            let ih = island.height.value
            return BarGeometry(h: ih, cs: island.width.value - ih, rt: ih / 4, rb: ih / 4)
        case .none:
            let h = statusBarHeight.value
            return BarGeometry(h: h, cs: 0, rt: h / 2, rb: h / 2)
        }
    }

    /// The top of the bar band in points: the island's top inset, else 0.
    public var barTop: Double {
        if case let .island(island) = cutout { return island.topInset.value }
        return 0
    }

    /// Rendered pixels per point: the physical pixel width over the point width (3 on an
    /// iPhone X; about 2.88 on the 12 mini, whose 3x rendering is downsampled to its panel).
    public var pixelScale: Double { screenPixels.value.width / screenPoints.value.width }

    /// Frame width in pixels.
    public var pixelWidth: Int { Int(screenPixels.value.width) }
    /// Frame height in pixels.
    public var pixelHeight: Int { Int(screenPixels.value.height) }
}

extension Preset {
    /// The screen's safe area insets in points (portrait), where captions go: the status
    /// bar's height at the top (it clears the notch or the island), and at the bottom the
    /// home indicator's 34 pt on an iPhone with rounded screen corners (Face ID phones;
    /// UIKit's `safeAreaInsets.bottom`), 20 pt on an iPad with rounded corners, else 0
    /// (a home button below the screen, a Mac's window).
    public var safeAreaInsets: (top: Double, bottom: Double) {
        let rounded = cornerRadius.value > 0
        let bottom = !rounded ? 0 : family == "ipad" ? 20 : family == "iphone" ? 34 : 0
        return (statusBarHeight.value, Double(bottom))
    }
}
