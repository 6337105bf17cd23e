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

/// A scene as resolved: its options read and checked, any script loaded, its style built
/// (the scene module's `SceneKind` types conform). The model sees only what a plan needs
/// without pixels; the renderer builds frames from the scene module's side of it.
public protocol PlannedScene: Sendable {
    /// The scene's name (`notch-waves`).
    var name: String { get }
    /// True when every pixel of every frame is opaque.
    var isOpaque: Bool { get }
    /// The length of one seamless loop, for `loop`; nil for scenes that do not loop.
    var loopLength: Double? { get }
    /// When the scene is over by itself (a stop's closing wave, a script's last event
    /// settled), or nil: the default duration follows it.
    var naturalEnd: Double? { get }
    /// The scene's resolved settings as canonical JSON (plan equality, summaries).
    var json: JSONOutput { get }
}

/// A fully resolved render: every default applied and every value read and checked; no
/// text is left to parse. Built once per output by `RenderSession.plan`; the renderer and
/// the encoder only read it.
public struct RenderPlan: Sendable, Equatable {
    /// The device.
    public var preset: Preset
    /// What is drawn.
    public var scene: any PlannedScene
    /// Frames per second.
    public var fps: Int
    /// Video length in seconds.
    public var duration: Double
    /// How far into the animation the clip starts (`offset`).
    public var offset = 0.0
    /// Whole screen or bar strip.
    public var region: Region
    /// Whether the black cutout is drawn on top.
    public var drawsCutout: Bool
    /// Whether the screen's rounded corners are masked.
    public var masksCorners: Bool
    /// How odd sizes are made even where a codec needs it.
    public var evenSizePolicy: EvenSizePolicy
    /// The app's screen under the animation, if any (then the background is transparent).
    public var backdrop: Backdrop?
    /// With `--profile app-preview`: the output is an App Store preview.
    public var appPreview: AppPreviewRequest?
    /// How the video is encoded.
    public var encoding: EncodeRequest

    /// A plan; see `ParameterValues.resolve` for the defaults.
    public init(preset: Preset, scene: any PlannedScene, fps: Int, duration: Double, region: Region = .screen,
                drawsCutout: Bool = true, masksCorners: Bool = false, evenSizePolicy: EvenSizePolicy = .pad,
                backdrop: Backdrop? = nil, appPreview: AppPreviewRequest? = nil, encoding: EncodeRequest = EncodeRequest()) {
        self.preset = preset
        self.scene = scene
        self.fps = fps
        self.duration = duration
        self.region = region
        self.drawsCutout = drawsCutout
        self.masksCorners = masksCorners
        self.evenSizePolicy = evenSizePolicy
        self.backdrop = backdrop
        self.appPreview = appPreview
        self.encoding = encoding
    }

    public static func == (a: RenderPlan, b: RenderPlan) -> Bool {
        a.preset == b.preset && a.scene.name == b.scene.name && a.scene.json == b.scene.json && a.fps == b.fps
            && a.duration == b.duration && a.offset == b.offset && a.region == b.region && a.drawsCutout == b.drawsCutout
            && a.masksCorners == b.masksCorners && a.evenSizePolicy == b.evenSizePolicy && a.backdrop == b.backdrop
            && a.appPreview == b.appPreview && a.encoding == b.encoding
    }

    /// `round(duration * fps)` (spec section 3).
    public var frameCount: Int { Int((duration * Double(fps)).rounded()) }

    /// The time frame `index` shows: `offset + index / fps`.
    public func time(ofFrame index: Int) -> Double { offset + Double(index) / Double(fps) }

    /// `time(ofFrame:)` as a function the renderer's workers share.
    public var clock: @Sendable (Int) -> Double { { [self] index in time(ofFrame: index) } }

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

    /// True when the scene's own pixels need transparency (over a backdrop, which is
    /// opaque, they never do).
    public var colorsNeedAlpha: Bool { backdrop == nil && !scene.isOpaque }
}
