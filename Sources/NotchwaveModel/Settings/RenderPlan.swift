/// Which part of the screen a frame shows.
public enum Region: String, Sendable, CaseIterable {
    /// The whole screen.
    case screen
    /// Only the top strip down to the bottom of the bar (for overlays).
    case bar
}

/// What to do when a codec needs even frame sizes and the preset's size is odd.
public enum EvenSizePolicy: String, Sendable, CaseIterable {
    /// Add one column / row of the frame's outside colour on the right / bottom.
    case pad
    /// Drop the last column / row.
    case crop
}

/// A fully resolved render: every default applied and every value validated. The
/// pipeline and the scene read only this.
public struct RenderPlan: Sendable, Equatable {
    /// The device.
    public var preset: Preset
    /// The animation.
    public var animation: AnimationParameters
    /// The wave style and its options.
    public var style: StyleSelection
    /// Frames per second.
    public var fps: Int
    /// Video length in seconds.
    public var duration: Double
    /// Whole screen or bar strip.
    public var region: Region
    /// Whether the black cutout is drawn on top.
    public var drawsCutout: Bool
    /// Whether the screen's rounded corners are masked.
    public var masksCorners: Bool
    /// How odd sizes are made even where a codec needs it.
    public var evenSizePolicy: EvenSizePolicy
    /// Appearance of named colours.
    public var appearance: Appearance
    /// The app's screen under the animation, if any (then the background is transparent).
    public var backdrop: Backdrop? = nil
    /// With `--profile app-preview`: the output is an App Store preview.
    public var appPreview: AppPreviewRequest? = nil

    /// A plan; see `RenderRequest.resolve` for the defaults.
    public init(preset: Preset, animation: AnimationParameters, style: StyleSelection = .default, fps: Int, duration: Double,
                region: Region = .screen, drawsCutout: Bool = true, masksCorners: Bool = false,
                evenSizePolicy: EvenSizePolicy = .pad, appearance: Appearance = .light) {
        self.preset = preset
        self.animation = animation
        self.style = style
        self.fps = fps
        self.duration = duration
        self.region = region
        self.drawsCutout = drawsCutout
        self.masksCorners = masksCorners
        self.evenSizePolicy = evenSizePolicy
        self.appearance = appearance
    }

    /// `round(duration * fps)` (spec section 3).
    public var frameCount: Int { Int((duration * Double(fps)).rounded()) }

    /// The time frame `index` shows: `index / fps`.
    public func time(ofFrame index: Int) -> Double { Double(index) / Double(fps) }

    /// Frame width in pixels (the preset's exact size).
    public var frameWidth: Int { preset.pixelWidth }

    /// Frame height in pixels: the screen, or the bar strip rounded up to whole pixels.
    public var frameHeight: Int {
        switch region {
        case .screen: return preset.pixelHeight
        case .bar:
            let bottom = (preset.barTop + preset.bar.h) * preset.pixelScale
            return min(preset.pixelHeight, max(1, Int((bottom - 1e-9).rounded(.up))))
        }
    }

    /// True when every pixel of every frame is opaque (no transparent background, colour
    /// or mask), so straight and premultiplied RGBA coincide.
    public var isOpaque: Bool {
        animation.background.isOpaque && animation.colors.allSatisfy(\.isOpaque) && !masksCorners
    }
}

/// A wave style by name, with its options as given (`key=value`).
public struct StyleSelection: Sendable, Equatable {
    /// The style's name (`sharp`, `smooth`).
    public var name: String
    /// The style's own options, unparsed.
    public var options: [String: String]

    /// A selection.
    public init(name: String, options: [String: String] = [:]) {
        self.name = name
        self.options = options
    }

    /// The seed's style, `sharp`.
    public static let `default` = StyleSelection(name: "sharp")
}
