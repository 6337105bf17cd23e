import Foundation
import NotchwaveModel
import NotchwaveVideo

/// What an output path turns into.
public enum OutputFormat: Sendable, Equatable {
    /// An encoded video file (including GIF and APNG).
    case video(VideoRecipe)
    /// One PNG per frame: `pattern` is a printf-style path with one `%d`-like field.
    case pngSequence(pattern: String)
    /// Raw straight RGBA8 frames one after another (`.rgba`, or `-` for stdout).
    case rawRGBA

    /// The extensions and the codecs each accepts (the first is the default).
    public static let containers: [(ext: String, codecs: [Codec])] = [
        ("mp4", [.h264, .hevc, .av1]),
        ("mov", [.prores, .h264, .hevc]),
        ("webm", [.vp9, .av1]),
        ("gif", [.gif]),
        ("png", [.apng]),
        ("apng", [.apng]),
    ]

    /// The formats that carry transparency, for error messages.
    public static let alphaFormats = ".webm (VP9), .mov (ProRes 4444), .png (APNG), .gif (1-bit), a PNG sequence (a directory or a %05d.png pattern) or .rgba"

    /// The format for `path`: raw frames for `-` and `.rgba`, a PNG sequence for a
    /// directory (an existing one, or a path ending in `/`) or a `%05d.png` pattern, else
    /// the container of the extension with `request.codec` (or its default codec).
    /// `alpha` selects the pixel format that carries transparency where one exists.
    public static func resolve(_ target: OutputPath, request: EncodeRequest, alpha: Bool) throws -> OutputFormat {
        let path = target.path, ext = target.fileExtension
        let codec = request.codec
        if path == "-" || ext == "rgba" {
            if let codec { throw PipelineError.unsupported("codec \(codec.rawValue) cannot write raw RGBA output (\(path == "-" ? "stdout" : path))") }
            return .rawRGBA
        }
        var isDirectory: ObjCBool = false
        let existingDirectory = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        if existingDirectory && !ext.isEmpty && !target.endsWithSlash {
            throw PipelineError.unsupported("\(path) is a directory; give a file name, or end the path with / for a PNG sequence")
        }
        if target.endsWithSlash || existingDirectory || (ext == "png" && path.contains("%")) || codec == .png {
            if let codec, codec != .png { throw PipelineError.unsupported("codec \(codec.rawValue) cannot write a PNG sequence") }
            if ext == "png" && path.contains("%") {
                try checkPattern(path)
                return .pngSequence(pattern: path)
            }
            if target.endsWithSlash || existingDirectory {
                return .pngSequence(pattern: (path as NSString).appendingPathComponent(defaultSequencePattern))
            }
            throw PipelineError.unsupported("codec png writes a PNG sequence: give a directory (out/) or a pattern (out/frame-%05d.png)")
        }
        if path.contains("%") {
            throw PipelineError.unsupported("only PNG sequences take a %d pattern (frame-%05d.png); \"\(path)\" is not one")
        }
        guard let entry = containers.first(where: { $0.ext == ext }) else {
            let known = containers.map { "." + $0.ext }.joined(separator: ", ")
            throw PipelineError.unsupported("cannot tell the format of \"\(path)\" from its extension (known: \(known), .rgba, - for raw frames on stdout, or a directory for a PNG sequence)")
        }
        let chosen = codec ?? entry.codecs[0]
        guard entry.codecs.contains(chosen) else {
            throw PipelineError.unsupported("codec \(chosen.rawValue) cannot be written to .\(ext) (use \(entry.codecs.map(\.rawValue).joined(separator: ", ")))")
        }
        return .video(try VideoRecipe.make(codec: chosen, container: ext, alpha: alpha, tenBit: request.tenBit))
    }

    /// The codec `path` is written with for `request`, from the path's form
    /// alone (the name `{codec}` gives in batch outputs): `rgba` for raw frames, `png` for
    /// a sequence, else the requested or the container's default codec; nil for a path
    /// whose extension names no container. `resolve` decides the same and checks it.
    public static func codecName(_ target: OutputPath, request: EncodeRequest) -> String? {
        let path = target.path, ext = target.fileExtension
        if target.isStandardOutput || ext == "rgba" { return "rgba" }
        var isDirectory: ObjCBool = false
        let existingDirectory = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        if target.endsWithSlash || existingDirectory || (ext == "png" && path.contains("%")) || request.codec == .png { return Codec.png.rawValue }
        guard let entry = containers.first(where: { $0.ext == ext }) else { return nil }
        return (request.codec ?? entry.codecs[0]).rawValue
    }

    /// A pattern must have exactly one integer field, like `%05d` (a width of at most two
    /// digits), in its file name: never in a directory component.
    static func checkPattern(_ pattern: String) throws {
        let name = (pattern as NSString).lastPathComponent
        let directory = (pattern as NSString).deletingLastPathComponent
        guard !directory.contains("%") else {
            throw PipelineError.unsupported("a PNG sequence pattern has its %d field in the file name, not in a directory: \"\(pattern)\"")
        }
        let fields = name.components(separatedBy: "%").dropFirst()
        let valid = fields.count == 1 && fields.first.map { field in
            let digits = field.prefix { $0.isASCII && $0.isNumber }
            return digits.count <= 2 && field.dropFirst(digits.count).first == "d"
        } == true
        guard valid else {
            throw PipelineError.unsupported("a PNG sequence pattern needs one integer field such as %05d (width at most 99), got \"\(pattern)\"")
        }
    }

    /// True when frames must have even sizes.
    public var needsEvenSize: Bool {
        if case let .video(recipe) = self { return recipe.pixelFormat.needsEvenSize }
        return false
    }

    /// True when the format can carry transparency.
    public var carriesAlpha: Bool {
        switch self {
        case let .video(recipe): return recipe.pixelFormat.hasAlpha || recipe.codec == .gif
        case .pngSequence, .rawRGBA: return true
        }
    }

    /// The encoding recipe: the video's, or the PNG sequence's (nil for raw frames).
    public var recipe: VideoRecipe? {
        switch self {
        case let .video(recipe): return recipe
        case .pngSequence: return .pngSequence
        case .rawRGBA: return nil
        }
    }

    /// The file names of a PNG sequence written into a directory.
    public static let defaultSequencePattern = "%05d.png"

    /// The file name of frame `index` (from 0) of a sequence named by `pattern`.
    public static func sequenceFileName(_ pattern: String, _ index: Int) -> String { String(format: pattern, index) }

    /// A short name for summaries (`h264`, `rgba`, `png`).
    public var codecName: String {
        switch self {
        case let .video(recipe): return recipe.codec.rawValue
        case .pngSequence: return VideoRecipe.pngSequence.codec.rawValue
        case .rawRGBA: return "rgba"
        }
    }
}
