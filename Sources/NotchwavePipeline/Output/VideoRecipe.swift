import NotchwaveModel
import NotchwaveVideo

/// How to write one video format: container, encoder, pixel format, and the mapping of
/// `--quality` (and the `--crf`, `--bitrate`, `--speed` overrides) onto encoder options.
///
/// | codec | draft | standard | high | lossless |
/// | --- | --- | --- | --- | --- |
/// | h264 (libx264) | crf 28, veryfast | crf 20, medium | crf 16, slow | qp 0 (High 4:4:4) |
/// | hevc (libx265) | crf 30, veryfast | crf 24, medium | crf 18, slow | lossless=1 |
/// | vp9 (libvpx-vp9) | crf 40, realtime, cpu-used 8 | crf 32, good, cpu-used 4 | crf 24, good, cpu-used 2 | lossless=1 |
/// | av1 (libsvtav1) | crf 40, preset 12 | crf 32, preset 8 | crf 24, preset 5 | not available |
/// | prores (prores_ks) | 4444 | 4444 | 4444 XQ | 4444 XQ (not lossless) |
public struct VideoRecipe: Sendable, Equatable {
    /// The codec.
    public var codec: Codec
    /// FFmpeg muxer.
    public var container: String
    /// FFmpeg encoder.
    public var encoder: String
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
            return VideoRecipe(codec: codec, container: muxer, encoder: "libx264", pixelFormat: .yuv420p)
        case .hevc:
            try noAlpha()
            return VideoRecipe(codec: codec, container: muxer, encoder: "libx265", pixelFormat: tenBit ? .yuv420p10le : .yuv420p, codecTag: "hvc1")
        case .vp9:
            return VideoRecipe(codec: codec, container: muxer, encoder: "libvpx-vp9", pixelFormat: alpha ? .yuva420p : .yuv420p)
        case .av1:
            try noAlpha()
            let encoder = FFmpegLibraries.hasEncoder("libsvtav1") ? "libsvtav1" : "libaom-av1"
            return VideoRecipe(codec: codec, container: muxer, encoder: encoder, pixelFormat: .yuv420p)
        case .prores:
            return VideoRecipe(codec: codec, container: muxer, encoder: "prores_ks", pixelFormat: .yuva444p10le)
        case .gif:
            return VideoRecipe(codec: codec, container: "gif", encoder: "gif", pixelFormat: .pal8)
        case .apng:
            return VideoRecipe(codec: codec, container: "apng", encoder: "apng", pixelFormat: .rgba)
        case .png:
            throw PipelineError.unsupported("png writes a PNG sequence: give a directory (out/) or a pattern (out/frame-%05d.png)")
        }
    }

    /// A PNG sequence: one PNG per frame through FFmpeg's `image2` muxer, which names
    /// the files from the output's `%05d`-style pattern (numbered from 0).
    public static let pngSequence = VideoRecipe(codec: .png, container: "image2", encoder: "png", pixelFormat: .rgba)

    /// The encoder settings for `width` x `height` frames at `fps` with `request` (the
    /// table above, with the request's overrides).
    func encoderSettings(width: Int, height: Int, fps: Int, request: EncodeRequest) -> EncoderSettings {
        var settings = EncoderSettings(encoderName: encoder, pixelFormat: pixelFormat, width: width, height: height, fps: fps,
                                       options: encoderOptions(request), bitRate: bitRate(request), codecTag: codecTag)
        settings.frameThreads = frameThreads
        return settings
    }

    /// The encoder's pixel format as FFmpeg names it (`yuv420p`).
    public var pixelFormatName: String { pixelFormat.rawValue }

    /// The options the encoder is opened with for `request`, by FFmpeg's names (`crf`,
    /// `preset`), and its bit rate (nil: constant quality without one): what the
    /// table above maps `request` to.
    public func encoderParameters(_ request: EncodeRequest) -> (options: [String: String], bitRate: Int?) {
        let options = Dictionary(encoderOptions(request).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        return (options, bitRate(request))
    }

    /// The muxer settings.
    func containerSettings() -> ContainerSettings {
        ContainerSettings(formatName: container, options: containerOptions())
    }

    /// Frame threading for inter codecs; ProRes (intra-only) uses slice threads, which
    /// are as fast for it and do not hold extra frames.
    public var frameThreads: Bool { codec != .prores }

    /// True for GIF: frames go through a palette built over the whole clip.
    public var isPaletted: Bool { pixelFormat == .pal8 }

    /// Checks the overrides against the codec before anything is rendered: parameters
    /// that do not apply to it (their declared scope), and the codec's own limits.
    func validate(_ request: EncodeRequest) throws {
        func subject(_ parameter: any AnyParameter) -> String { request.given[parameter.key] ?? "--\(parameter.flag)" }
        if let problem = request.problem(for: codec) { throw problem }
        if request.crf != nil && request.bitrate != nil {
            throw PipelineError.unsupported("give either \(subject(Parameters.crf)) (constant quality) or \(subject(Parameters.bitrate)), not both")
        }
        if let crf = request.crf {
            let range = [Codec.h264, .hevc].contains(codec) ? 0...51 : 0...63
            guard range.contains(crf) else {
                throw PipelineError.unsupported("\(subject(Parameters.crf)) \(crf) is out of range for \(codec.rawValue) (\(range.lowerBound) to \(range.upperBound))")
            }
        }
        if request.quality == .lossless && codec == .av1 {
            throw PipelineError.unsupported("av1 has no lossless mode here; use h264, hevc or vp9 with quality lossless, or apng")
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

    /// The encoder's bit rate: the requested one, or 0 (constant quality) for codecs
    /// whose constant-quality mode needs it.
    func bitRate(_ request: EncodeRequest) -> Int? {
        if let rate = request.bitrate { return rate.bitsPerSecond }
        return [.vp9, .av1].contains(codec) ? 0 : nil
    }

    /// Index 0 (fastest) ... 9 (slowest) of an x264-style speed name.
    static func speedIndex(_ speed: SpeedPreset) -> Int { SpeedPreset.allCases.firstIndex(of: speed) ?? 5 }

    /// Encoder options for `request` (see the table above).
    func encoderOptions(_ request: EncodeRequest) -> [EncoderOption] {
        let quality = request.quality
        let useCRF = request.bitrate == nil
        var options: [EncoderOption] = []
        switch encoder {
        case "libx264":
            let (crf, speed) = [Quality.draft: (28, "veryfast"), .standard: (20, "medium"), .high: (16, "slow"), .lossless: (0, "medium")][quality] ?? (20, "medium")
            options.append(EncoderOption("preset", request.speed?.rawValue ?? speed))
            if quality == .lossless && request.crf == nil {
                options.append(EncoderOption("qp", "0"))
            } else if useCRF {
                options.append(EncoderOption("crf", String(request.crf ?? crf)))
            }
            if quality != .lossless && request.crf != 0 { options.append(EncoderOption("profile", "high")) }
        case "libx265":
            let (crf, speed) = [Quality.draft: (30, "veryfast"), .standard: (24, "medium"), .high: (18, "slow"), .lossless: (0, "medium")][quality] ?? (24, "medium")
            options.append(EncoderOption("preset", request.speed?.rawValue ?? speed))
            var params = ["log-level=error"]
            if quality == .lossless && request.crf == nil {
                params.append("lossless=1")
            } else if useCRF {
                options.append(EncoderOption("crf", String(request.crf ?? crf)))
            }
            options.append(EncoderOption("x265-params", params.joined(separator: ":")))
        case "libvpx-vp9":
            let (crf, deadline, cpu) = [Quality.draft: (40, "realtime", 8), .standard: (32, "good", 4), .high: (24, "good", 2), .lossless: (0, "good", 4)][quality] ?? (32, "good", 4)
            // --speed: ultrafast ... veryslow map onto cpu-used 8 ... 0.
            let cpuUsed = request.speed.map { max(0, 8 - VideoRecipe.speedIndex($0)) } ?? cpu
            options += [EncoderOption("deadline", deadline), EncoderOption("cpu-used", String(cpuUsed)), EncoderOption("row-mt", "1")]
            if quality == .lossless && request.crf == nil {
                options.append(EncoderOption("lossless", "1"))
            } else if useCRF {
                options.append(EncoderOption("crf", String(request.crf ?? crf)))
            }
        case "libsvtav1":
            let (crf, preset) = [Quality.draft: (40, 12), .standard: (32, 8), .high: (24, 5), .lossless: (24, 5)][quality] ?? (32, 8)
            let chosen = request.speed.map { max(0, 12 - VideoRecipe.speedIndex($0) * 12 / 9) } ?? preset
            options.append(EncoderOption("preset", String(chosen)))
            if useCRF { options.append(EncoderOption("crf", String(request.crf ?? crf))) }
        case "libaom-av1":
            let (crf, cpu) = [Quality.draft: (40, 8), .standard: (32, 6), .high: (24, 4), .lossless: (24, 4)][quality] ?? (32, 6)
            let cpuUsed = request.speed.map { max(0, 8 - VideoRecipe.speedIndex($0)) } ?? cpu
            options += [EncoderOption("cpu-used", String(cpuUsed)), EncoderOption("row-mt", "1")]
            if useCRF { options.append(EncoderOption("crf", String(request.crf ?? crf))) }
        case "prores_ks":
            options += [EncoderOption("profile", quality == .high || quality == .lossless ? "4444xq" : "4444"),
                        EncoderOption("vendor", "apl0"), EncoderOption("alpha_bits", "16")]
        case "apng":
            options.append(EncoderOption("pred", "mixed"))
        default:
            break
        }
        return options
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
