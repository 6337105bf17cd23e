import Foundation
import NotchwaveModel
import NotchwaveVideo

/// What an output path turns into.
public enum OutputFormat: Sendable, Equatable {
    /// An encoded video file.
    case video(VideoRecipe)
    /// Raw straight RGBA8 frames one after another (`.rgba`, or `-` for stdout).
    case rawRGBA

    /// The format for `path` and the requested codec: `.mp4` is H.264, `.rgba` and `-`
    /// are raw frames.
    public static func resolve(path: String, request: EncodeRequest) throws -> OutputFormat {
        let ext = path == "-" ? "" : (path as NSString).pathExtension.lowercased()
        if path == "-" || ext == "rgba" {
            if let codec = request.codec, codec != "rgba" {
                throw PipelineError.unsupported("--codec \(codec) cannot write raw RGBA output (\(path == "-" ? "stdout" : path))")
            }
            return .rawRGBA
        }
        return .video(try VideoRecipe.resolve(extension: ext, codec: request.codec, path: path))
    }

    /// True when frames must have even sizes.
    public var needsEvenSize: Bool {
        if case let .video(recipe) = self { return recipe.pixelFormat.needsEvenSize }
        return false
    }

    /// True when the format can carry transparency.
    public var carriesAlpha: Bool {
        if case let .video(recipe) = self { return recipe.pixelFormat.hasAlpha }
        return true
    }

    /// A short name for summaries (`h264`, `rgba`).
    public var codecName: String {
        if case let .video(recipe) = self { return recipe.codec }
        return "rgba"
    }
}

/// How to write one video format: container, encoder, pixel format and the mapping of
/// quality settings onto encoder options.
public struct VideoRecipe: Sendable, Equatable {
    /// The codec as users name it (`h264`).
    public var codec: String
    /// FFmpeg muxer.
    public var container: String
    /// FFmpeg encoder.
    public var encoder: String
    /// Encoder pixel format.
    public var pixelFormat: VideoPixelFormat

    /// Extensions and the codecs they accept (the first is the default).
    static let table: [(ext: String, codecs: [String])] = [
        ("mp4", ["h264"]),
    ]

    /// The recipe for a file extension and an optional codec.
    public static func resolve(extension ext: String, codec: String?, path: String) throws -> VideoRecipe {
        guard let entry = table.first(where: { $0.ext == ext }) else {
            let known = table.map { "." + $0.ext }.joined(separator: ", ")
            throw PipelineError.unsupported("cannot tell the format of \"\(path)\" from its extension (known: \(known), .rgba, or - for raw frames on stdout)")
        }
        let chosen = codec ?? entry.codecs[0]
        guard entry.codecs.contains(chosen) else {
            throw PipelineError.unsupported("--codec \(chosen) cannot be written to .\(ext) (use \(entry.codecs.joined(separator: ", ")))")
        }
        switch chosen {
        case "h264": return VideoRecipe(codec: "h264", container: "mp4", encoder: "libx264", pixelFormat: .yuv420p)
        default: throw PipelineError.unsupported("unknown codec \(chosen)")
        }
    }

    /// Encoder options for `request` (documented in the README's quality table).
    func encoderOptions(_ request: EncodeRequest) -> [EncoderOption] {
        let quality = request.quality ?? .standard
        var options: [EncoderOption] = []
        switch encoder {
        case "libx264":
            let crf: Int
            switch quality {
            case .draft: crf = 28
            case .standard: crf = 20
            case .high: crf = 16
            case .lossless: crf = 0
            }
            let speed = request.speed ?? (quality == .draft ? "veryfast" : quality == .high ? "slow" : "medium")
            options.append(EncoderOption("preset", speed))
            if request.bitrate == nil { options.append(EncoderOption("crf", String(request.crf ?? crf))) }
            // Lossless H.264 needs the High 4:4:4 Predictive profile; otherwise High.
            if quality != .lossless && request.crf != 0 { options.append(EncoderOption("profile", "high")) }
        default:
            break
        }
        return options
    }

    /// Container options.
    func containerOptions() -> [EncoderOption] {
        container == "mp4" || container == "mov" ? [EncoderOption("movflags", "+faststart")] : []
    }
}
