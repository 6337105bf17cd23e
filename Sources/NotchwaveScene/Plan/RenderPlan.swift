import Foundation
import NotchwaveModel

/// What a plan needs of its scene, resolved (its options read and checked, any script
/// loaded, its style built): every `SceneKind` is one.
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
    /// What of the screen the frame shows: the whole screen, or (the notch waves' `--region
    /// bar`) the strip down to the bar's bottom.
    var region: Region { get }
    /// True when the scene's end (`naturalEnd`) is one the user asked for (the notch
    /// waves' stop): an App Store preview then lasts until it (plus `hold`) instead of 15 s.
    var endIsAsked: Bool { get }
    /// The files the scene reads (scripts, fonts), as found: a batch's resume compares
    /// their sizes and dates, since the JSON echo names them only.
    var inputFiles: [String] { get }
    /// The moments its script acts (a tap, a drag's start, a press), for the studio's
    /// timeline; none for a scene without a script.
    var marks: [SceneMark] { get }
}

extension PlannedScene {
    public var region: Region { .screen }
    public var endIsAsked: Bool { false }
    public var inputFiles: [String] { [] }
    public var marks: [SceneMark] { [] }
}

/// A moment on a clip's timeline and what happens then ("tap left", "drag starts").
public struct SceneMark: Sendable, Equatable {
    public var time: Double
    public var label: String
    public init(time: Double, label: String) {
        self.time = time
        self.label = label
    }
}

extension RenderPlan {
    /// Every moment the clip's timeline marks: the scene's script, each caption's start
    /// and end, each recording segment's cut; in time order, within the clip.
    public var marks: [SceneMark] {
        var marks = scene.marks
        for caption in captions?.captions ?? [] {
            let name = caption.text.count > 24 ? String(caption.text.prefix(23)) + "…" : caption.text
            marks.append(SceneMark(time: caption.spec.start, label: "caption “\(name)” starts"))
            if let end = caption.spec.end { marks.append(SceneMark(time: end, label: "caption “\(name)” ends")) }
        }
        if let segments = backdrop?.segments {
            for (index, start) in segments.startTimes.enumerated().dropFirst() {
                marks.append(SceneMark(time: start, label: "segment \(index + 1) (\((segments.segments[index].recording as NSString).lastPathComponent))"))
            }
        }
        return marks.filter { $0.time >= offset && $0.time <= offset + duration }.sorted { $0.time < $1.time }
    }
}

/// One layer of a frame. A frame is its plan's layers composed bottom first, each over
/// the ones below, on one canvas: the backdrop (the app's screen: a still or a recording),
/// then the scene.
public enum Layer: Sendable {
    /// The app's screen: a picture or a recording, fitted to the screen, opaque; shown as
    /// `showing` says.
    case backdrop(Backdrop, LayerShowing)
    /// The scene's draw lists, shown as `showing` says.
    case scene(any SceneKind, LayerShowing)
    /// Text over everything: the captions, each shown in its own time range.
    case captions(CaptionTrack)
}

/// A fully resolved render: every default applied and every value read and checked; no
/// text is left to parse. Built once per output by `RenderSession.plan`; the renderer and
/// the encoder only read it.
public struct RenderPlan: Sendable, Equatable {
    /// The device.
    public var preset: Preset
    /// What is drawn: the scene, resolved (it builds its own frames; nothing is downcast).
    public var scene: any SceneKind
    /// Frames per second.
    public var fps: Int
    /// Video length in seconds.
    public var duration: Double
    /// How far into the animation the clip starts (`offset`).
    public var offset = 0.0
    /// Whole screen or bar strip (the scene's).
    public var region: Region { scene.region }
    /// Whether the screen's rounded corners are masked.
    public var masksCorners: Bool
    /// How odd sizes are made even where a codec needs it.
    public var evenSizePolicy: EvenSizePolicy
    /// The app's screen under the scene, if any (then the scene's own background is
    /// transparent): the bottom layer.
    public var backdrop: Backdrop?
    /// When the backdrop's layer shows and how opaque it is.
    public var backdropShowing = LayerShowing()
    /// When the scene's layer shows and how opaque it is.
    public var sceneShowing = LayerShowing()
    /// The captions over the scene (nil: none): the top layer.
    public var captions: CaptionTrack?
    /// With `--profile app-preview`: the output is an App Store preview.
    public var appPreview: AppPreviewRequest?
    /// How the video is encoded.
    public var encoding: EncodeRequest
    /// The canvas the screen is drawn on, with the device's body and any other devices
    /// (`--frame`, `--canvas`, `devices`); nil: the frame is the screen alone.
    public var framing: Framing?

    /// A plan; see `ParameterValues.resolve` for the defaults.
    public init(preset: Preset, scene: any SceneKind, fps: Int, duration: Double, masksCorners: Bool = false, evenSizePolicy: EvenSizePolicy = .pad,
                backdrop: Backdrop? = nil, appPreview: AppPreviewRequest? = nil, encoding: EncodeRequest = EncodeRequest()) {
        self.preset = preset
        self.scene = scene
        self.fps = fps
        self.duration = duration
        self.masksCorners = masksCorners
        self.evenSizePolicy = evenSizePolicy
        self.backdrop = backdrop
        self.appPreview = appPreview
        self.encoding = encoding
    }

    /// The frame's layers, bottom first.
    public var layers: [Layer] {
        (backdrop.map { [Layer.backdrop($0, backdropShowing)] } ?? []) + [.scene(scene, sceneShowing)] + (captions.map { [Layer.captions($0)] } ?? [])
    }

    public static func == (a: RenderPlan, b: RenderPlan) -> Bool {
        a.preset == b.preset && a.scene.name == b.scene.name && a.scene.json == b.scene.json && a.sceneShowing == b.sceneShowing
            && a.backdropShowing == b.backdropShowing && a.fps == b.fps
            && a.duration == b.duration && a.offset == b.offset
            && a.masksCorners == b.masksCorners && a.evenSizePolicy == b.evenSizePolicy && a.backdrop == b.backdrop
            && a.appPreview == b.appPreview && a.encoding == b.encoding && a.captions?.json == b.captions?.json
            && a.framing == b.framing
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

    /// The output's width in pixels: the canvas's when framed, else the frame's.
    public var outputWidth: Int { framing?.width ?? frameWidth }

    /// The output's height in pixels: the canvas's when framed, else the frame's.
    public var outputHeight: Int { framing?.height ?? frameHeight }

    /// True when the output's pixels need transparency: a framed canvas's background's, else
    /// the frame's own (`colorsNeedAlpha`).
    public var outputNeedsAlpha: Bool {
        if let framing { return framing.background.hasTransparency }
        return colorsNeedAlpha
    }

    /// True when the frame's pixels need transparency: never over a backdrop shown
    /// throughout at full opacity (an opaque screen); under a backdrop that is not, the
    /// scene's background is left out, so always; else when the scene has transparent
    /// pixels or is faded.
    public var colorsNeedAlpha: Bool {
        if let _ = backdrop { return !backdropShowing.isAlwaysOpaque }
        return !scene.isOpaque || !sceneShowing.isAlwaysOpaque
    }
}
