import NotchwaveModel
import NotchwaveVideo

/// How to write one video format: container, encoder, pixel format, and the request's
/// `--quality` (with the `--crf`, `--bitrate`, `--speed` overrides) as the encoder's
/// tuning; the encoder (`EncoderKind`, in the video module) maps that onto its own options.
public struct VideoRecipe: Sendable, Equatable {
    /// The codec.
    public var codec: Codec
    /// FFmpeg muxer.
    public var container: String
    /// The encoder.
    public var encoder: EncoderKind
    /// Encoder pixel format.
    var pixelFormat: VideoPixelFormat
    /// Four-character codec tag, if one must be forced (`hvc1`).
    public var codecTag: String?

    /// The recipe for `codec` in the container of extension `ext`.
    static func make(codec: Codec, container ext: String, alpha: Bool, tenBit: Bool) throws -> VideoRecipe {
        let muxer = ext == "png" ? "apng" : ext
        func noAlpha() throws {
            if alpha {
                throw PipelineError.unsupported("\(codec) in .\(ext) cannot carry transparency (a background or colour with alpha); use \(OutputFormat.alphaFormats)")
            }
        }
        switch codec {
        case .h264:
            try noAlpha()
            return VideoRecipe(codec: codec, container: muxer, encoder: .x264, pixelFormat: .yuv420p)
        case .hevc:
            try noAlpha()
            return VideoRecipe(codec: codec, container: muxer, encoder: .x265, pixelFormat: tenBit ? .yuv420p10le : .yuv420p, codecTag: "hvc1")
        case .vp9:
            return VideoRecipe(codec: codec, container: muxer, encoder: .vp9, pixelFormat: alpha ? .yuva420p : .yuv420p)
        case .av1:
            try noAlpha()
            let encoder: EncoderKind = FFmpegLibraries.hasEncoder(EncoderKind.svtAV1.ffmpegName) ? .svtAV1 : .aomAV1
            return VideoRecipe(codec: codec, container: muxer, encoder: encoder, pixelFormat: .yuv420p)
        case .prores:
            return VideoRecipe(codec: codec, container: muxer, encoder: .prores, pixelFormat: .yuva444p10le)
        case .gif:
            return VideoRecipe(codec: codec, container: "gif", encoder: .gif, pixelFormat: .pal8)
        case .apng:
            return VideoRecipe(codec: codec, container: "apng", encoder: .apng, pixelFormat: .rgba)
        case .png:
            throw PipelineError.unsupported("png writes a PNG sequence: give a directory (out/) or a pattern (out/frame-%05d.png)")
        }
    }

    /// A PNG sequence: one PNG per frame through FFmpeg's `image2` muxer, which names
    /// the files from the output's `%05d`-style pattern (numbered from 0).
    public static let pngSequence = VideoRecipe(codec: .png, container: "image2", encoder: .png, pixelFormat: .rgba)

    /// The encoder settings for `width` x `height` frames at `fps` with `request` (the
    /// table above, with the request's overrides).
    func encoderSettings(width: Int, height: Int, fps: Int, request: EncodeRequest) -> EncoderSettings {
        let (options, bitRate) = encoder.parameters(VideoRecipe.tuning(request))
        var settings = EncoderSettings(encoderName: encoder.ffmpegName, pixelFormat: pixelFormat, width: width, height: height, fps: fps,
                                       options: options, bitRate: bitRate, codecTag: codecTag)
        settings.frameThreads = encoder.frameThreads
        return settings
    }

    /// The encoder's pixel format as FFmpeg names it (`yuv420p`).
    public var pixelFormatName: String { pixelFormat.rawValue }

    /// The options the encoder is opened with for `request`, by FFmpeg's names (`crf`,
    /// `preset`), and its bit rate (nil: constant quality without one): what the
    /// table above maps `request` to.
    public func encoderParameters(_ request: EncodeRequest) -> (options: [String: String], bitRate: Int?) {
        let (options, bitRate) = encoder.parameters(VideoRecipe.tuning(request))
        return (Dictionary(options.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }), bitRate)
    }

    /// The request's quality and overrides as the encoder's tuning.
    static func tuning(_ request: EncodeRequest) -> EncoderTuning {
        let quality: EncoderKind.Quality
        switch request.quality {
        case .draft: quality = .draft
        case .standard: quality = .standard
        case .high: quality = .high
        case .lossless: quality = .lossless
        }
        return EncoderTuning(quality: quality, crf: request.crf, speed: request.speed.flatMap { SpeedPreset.allCases.firstIndex(of: $0) },
                             bitRate: request.bitrate?.bitsPerSecond)
    }

    /// The muxer settings.
    func containerSettings() -> ContainerSettings {
        ContainerSettings(formatName: container, options: containerOptions())
    }

    /// True for GIF: frames go through a palette built over the whole clip.
    public var isPaletted: Bool { pixelFormat == .pal8 }

    /// Checks the overrides against the codec before anything is rendered: parameters
    /// that do not apply to it (their declared scope), and the codec's own limits. A
    /// problem is a `ParameterError` naming the value as it was given, with its origin.
    func validate(_ request: EncodeRequest) throws {
        func subject(_ parameter: any AnyParameter) -> String { request.given[parameter.key] ?? "--\(parameter.flag)" }
        func error(_ parameter: any AnyParameter, _ problem: String) -> ParameterError {
            ParameterError(subject: subject(parameter), problem: problem, origin: request.sources[parameter.key])
        }
        if let problem = request.problem(for: codec) { throw problem }
        if request.crf != nil && request.bitrate != nil {
            throw error(Parameters.bitrate, "give either \(subject(Parameters.crf)) (constant quality) or \(subject(Parameters.bitrate)), not both")
        }
        if let crf = request.crf {
            let range = [Codec.h264, .hevc].contains(codec) ? 0...51 : 0...63
            guard range.contains(crf) else {
                throw error(Parameters.crf, "\(crf) is out of range for \(codec.rawValue) (\(range.lowerBound) to \(range.upperBound))")
            }
        }
        if request.quality == .lossless && !encoder.hasLosslessMode {
            throw error(Parameters.quality, "av1 has no lossless mode here; use h264, hevc or vp9 with quality lossless, or apng")
        }
    }

    /// The GIF dithering `request` asks for.
    static func dither(_ request: EncodeRequest) -> GIFDither {
        switch request.dither {
        case .none: return .none
        case .bayer: return .bayer
        case .floydSteinberg: return .floydSteinberg
        case .sierra2: return .sierra2
        case .sierra24a: return .sierra24a
        }
    }

    /// Container options: `+faststart` for MP4 and MOV, loop forever for APNG and GIF,
    /// PNG sequences numbered from 0.
    func containerOptions() -> [EncoderOption] {
        switch container {
        case "mp4", "mov": return [EncoderOption("movflags", "+faststart")]
        case "apng": return [EncoderOption("plays", "0")]
        case "gif": return [EncoderOption("loop", "0")]
        case "image2": return [EncoderOption("start_number", "0")]
        default: return []
        }
    }
}
