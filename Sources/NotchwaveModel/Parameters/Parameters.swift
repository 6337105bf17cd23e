/// The render parameters every scene shares, declared once (issue 12). The command
/// line's options (`render`, `frame`), the job-file keys (`defaults`, `variants`),
/// `--help`, `notchwave new job`, validation messages and the README's option tables are
/// derived from these declarations. Adding a parameter is one declaration here, its entry
/// in `all`, and the code that uses it (`values[Parameters.name]`).
///
/// The model knows no scene: `--scene` itself and the parameters of one scene (the notch
/// waves' `--waves`, the popup's `--font`) are declared in that scene's folder, and the
/// scene module assembles the whole registry (`Scenes.parameters`). Scenes and notch-wave
/// styles declare their own options as `DeclaredOptions` (one `Option` per stored
/// setting), read from `--scene-option` / `--style-option` and `sceneOptions` /
/// `styleOptions`.
public enum Parameters {
    // MARK: Scene

    public static let sceneOptions = Parameter<OptionList>("sceneOptions", flag: "scene-option", "KEY=VALUE",
                                                           "A scene's own option (repeatable); see `notchwave scenes`", default: OptionList(), group: .scene)

    // MARK: Frame

    public static let fps = Parameter<Int>("fps", "N", "Frames per second", default: 60, defaultText: "60; 25 for GIF",
                                           in: 1...240, group: .frame)
    public static let mask = Parameter<Bool>(switch: "mask", "Round the screen corners (transparent outside where the format has alpha, black otherwise)",
                                             group: .frame)

    // MARK: Backdrop

    public static let backdrop = Parameter<String?>("backdrop", "FILE", "The app's screen under the scene (the bottom layer): a still (PNG, JPEG) or a screen recording (MP4, MOV); the scene's own background is left out",
                                                   group: .backdrop)
    public static let backdropStart = Parameter<Double>("backdropStart", "SECONDS", "Seconds into a video backdrop that the first frame shows",
                                                        default: 0, in: 0...86_400, unit: "seconds", group: .backdrop)
    public static let backdropFit = Parameter<BackdropFit?>("backdropFit", "fill|fit|stretch", "A backdrop whose aspect ratio differs from the screen's by more than 1 %: crop, letterbox or stretch it",
                                                           defaultText: "none: such a backdrop is an error", group: .backdrop)
    public static let segments = Parameter<RecordingSegments?>("segments", "JSON", "The app's recordings as a list of segments, each a range of one recording, cut or crossfaded: [{\"recording\": FILE, \"in\": S, \"out\": S, \"transition\": \"cut\"|\"crossfade\", \"transitionDuration\": S, \"captions\": [...]}]; the clip lasts as long as they do",
                                                              defaultText: "none", group: .backdrop)

    // MARK: Captions

    public static let captions = Parameter<CaptionList?>("captions", "JSON", "Text overlays: [{\"text\" or \"key\": ..., \"start\": S, \"end\": S, \"position\": \"top\"|\"bottom\"|\"center\", \"size\": PT, \"color\": C, \"background\": C, ...}] (docs/recordings.md)",
                                                         defaultText: "none", group: .captions)
    public static let strings = Parameter<String?>("strings", "FILE", "The app's strings for captions given by key: a String Catalog (Localizable.xcstrings) or a .strings file in its LANG.lproj folder",
                                                  group: .captions)
    public static let locale = Parameter<String?>("locale", "LOCALE", "The locale whose strings the captions show (en-US, de-DE, ja, ...)",
                                                 defaultText: "the strings' source language", group: .captions)
    public static let missingTranslation = Parameter<MissingTranslation>("missingTranslation", "error|source", "A caption key the locale has no translation for: an error, or the source language's text",
                                                                         default: .error, group: .captions)
    public static let captionFont = Parameter<String?>("captionFont", "FILE", "A font file (OTF, TTF) for the captions, before the installed fonts they fall back to for what it lacks",
                                                      defaultText: "Inter of the caption's weight", group: .captions)

    // MARK: Device frame and canvas

    public static let frame = Parameter<FrameKind>("frame", "none|device", "device: the device's body drawn around the screen, from its preset's dimensions (buttons, band, shadow), on a canvas",
                                                   default: .none, group: .canvas)
    public static let frameFinish = Parameter<String?>("frameFinish", "NAME", "The body's finish, one of its preset's (`notchwave presets show ID` lists them: black-titanium, silver, ...)",
                                                       defaultText: "the preset's first", group: .canvas)
    public static let canvas = Parameter<CanvasSize>("canvas", "WxH|NAME", "The canvas the device is drawn on: WxH pixels, square (1080x1080), portrait (1080x1350), landscape (1920x1080), story (1080x1920), or auto (the device and a margin)",
                                                     default: .auto, group: .canvas)
    public static let deviceScale = Parameter<Double?>("deviceScale", "S", "Output pixels per screen pixel (1: the screen at its own size, exactly the unframed frame)",
                                                       defaultText: "1 on an auto canvas, else the largest that fits", in: 0.05...8, group: .canvas)
    public static let devicePosition = Parameter<DevicePosition>("devicePosition", "WHERE", "Where the device goes in the canvas's free space: center, top, bottom, left, right, or X,Y fractions (0 to 1)",
                                                                 default: .center, group: .canvas)
    public static let canvasBackground = Parameter<CanvasBackground>("canvasBackground", "BACKGROUND", "Behind the device: a colour, linear-gradient(180deg, C1, C2, ...), radial-gradient(C1, C2, ...), transparent (formats with alpha), or a picture or video file",
                                                                     default: .color(Color(rgb: 0xF2F2F7)), defaultText: "#F2F2F7", group: .canvas)
    public static let headline = Parameter<CanvasText?>("headline", "TEXT", "A headline on the canvas: text, or a caption object ({\"key\": ..., \"size\": PX, \"weight\": ..., \"color\": C, \"position\": \"top\"|\"bottom\"}) read per locale from the strings",
                                                        defaultText: "none", group: .canvas)
    public static let subtitle = Parameter<CanvasText?>("subtitle", "TEXT", "A line under the headline, as the headline takes it", defaultText: "none", group: .canvas)
    public static let devices = Parameter<DeviceList?>("devices", "JSON", "Several devices on one canvas, side by side: [{\"preset\": ID, ...its own parameters (scene, backdrop, ...)}]",
                                                       defaultText: "the preset alone", group: .canvas)

    // MARK: Timing

    public static let duration = Parameter<Double?>("duration", "SECONDS", "Video length", defaultText: "3, or the scene's end plus hold, or whole loops with loop",
                                                   in: 0...3600, unit: "seconds", group: .timing)
    public static let offset = Parameter<Double>("offset", "SECONDS", "Start the clip this far into the animation: frame i shows offset + i / fps",
                                                 default: 0, in: 0...3600, unit: "seconds", group: .timing)
    public static let hold = Parameter<Double>("hold", "SECONDS", "Extra time on the final frame after the scene's end (a stop, a script's last event)",
                                               default: 0, in: 0...3600, unit: "seconds", group: .timing)
    public static let loop = Parameter<Bool>(switch: "loop", "A seamless loop, for a scene that loops: whole cycles, no transitions",
                                             group: .timing)
    public static let loops = Parameter<Int>("loops", "N", "With loop: how many loops", default: 1, in: 1...1000, group: .timing)

    // MARK: Encoding

    public static let codec = Parameter<Codec?>("codec", "NAME", "h264, hevc, av1 (.mp4); prores, h264, hevc (.mov); vp9, av1 (.webm); gif; apng; png (sequence)",
                                               defaultText: "from the extension", group: .encoding)
    public static let even = Parameter<EvenSizePolicy>("even", "pad|crop", "Odd frame sizes for codecs that need even ones: pad one column/row repeating the edge, or crop one",
                                                       default: .pad, group: .encoding)
    public static let quality = Parameter<Quality>("quality", "LEVEL", "draft, standard, high or lossless (mapping per codec in docs/usage.md)",
                                                   default: .standard, group: .encoding)
    public static let crf = Parameter<Int?>("crf", "N", "Constant rate factor (h264/hevc 0-51, vp9/av1 0-63), overriding quality",
                                           in: 0...63, group: .encoding, scope: .codecs([.h264, .hevc, .vp9, .av1]))
    public static let bitrate = Parameter<BitRate?>("bitrate", "RATE", "Target bit rate (4M, 800k) instead of constant quality",
                                                   group: .encoding, scope: .codecs([.h264, .hevc, .vp9, .av1]))
    public static let speed = Parameter<SpeedPreset?>("speed", "PRESET", "Encoder speed: ultrafast ... veryslow (x264/x265 names; mapped for vp9/av1)",
                                                     defaultText: "per quality", group: .encoding, scope: .codecs([.h264, .hevc, .vp9, .av1]))
    public static let tenBit = Parameter<Bool>(switch: "tenBit", "10-bit output (hevc; prores is always 10-bit)", group: .encoding,
                                               scope: .codecs([.hevc, .prores]))
    public static let dither = Parameter<Dither>("dither", "METHOD", "GIF dithering: none, bayer, floyd_steinberg, sierra2, sierra2_4a",
                                                 default: .sierra24a, group: .encoding, scope: .codecs([.gif]))

    // MARK: App Store preview

    public static let profile = Parameter<OutputProfile?>("profile", "NAME", "app-preview: a file App Store Connect accepts as an app preview (resolution of the device's class, <= 30 fps, H.264 High <= 4.0, 10-12 Mbit/s, stereo AAC, 15-30 s)",
                                                         group: .appPreview)
    public static let audio = Parameter<String?>("audio", "FILE", "With profile app-preview: the sound track, trimmed or padded to the video",
                                                defaultText: "silence", group: .appPreview)
    public static let poster = Parameter<Double?>("poster", "SECONDS", "With profile app-preview: also write the frame at this time as NAME-poster.png",
                                                 in: 0...3600, unit: "seconds", group: .appPreview)
    public static let landscape = Parameter<Bool>(switch: "landscape", "With profile app-preview: a landscape preview (1920x886, ...), the phone turned counter-clockwise",
                                                  group: .appPreview)

    /// Every shared render parameter, in help order (`Scenes.parameters` adds the scenes').
    public static let all: [any AnyParameter] = [
        sceneOptions,
        fps, mask,
        backdrop, backdropStart, backdropFit, segments,
        captions, strings, locale, missingTranslation, captionFont,
        frame, frameFinish, canvas, deviceScale, devicePosition, canvasBackground, headline, subtitle, devices,
        duration, offset, hold, loop, loops,
        codec, even, quality, crf, bitrate, speed, tenBit, dither,
        profile, audio, poster, landscape,
    ]

    /// The parameters of `groups`, in help order.
    public static func inGroups(_ groups: [ParameterGroup]) -> [any AnyParameter] { all.filter { groups.contains($0.group) } }

    /// `backdropStart` → `backdrop-start`.
    public static func kebabCase(_ key: String) -> String {
        var text = ""
        for character in key {
            if character.isUppercase { text += "-" + character.lowercased() } else { text.append(character) }
        }
        return text
    }

    /// A value as help shows it: numbers without trailing zeros, text as is.
    public static func describe(_ value: JSONOutput) -> String {
        switch value {
        case let .number(n): return JSONOutput.formatNumber(n)
        case let .string(s): return s
        case let .bool(b): return b ? "on" : "off"
        default: return value.rendered()
        }
    }
}
