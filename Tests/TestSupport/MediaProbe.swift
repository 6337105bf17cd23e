import Foundation

/// What `ffprobe` says about a file's first video stream and its container.
public struct StreamInfo: Sendable {
    public var codec: String
    public var pixelFormat: String
    public var width: Int
    public var height: Int
    public var frames: Int
    public var duration: Double
    public var colorRange: String?
    public var colorSpace: String?
    public var colorTransfer: String?
    public var colorPrimaries: String?
    public var codecTag: String?
    public var profile: String?
    /// The stream's `alpha_mode` tag (`1` for VP9 with alpha in WebM).
    public var alphaMode: String?
    public var formatName: String
}

/// Inspects and decodes media with the ffprobe / ffmpeg command-line tools.
public enum MediaProbe {
    /// The first video stream of `path` (frames counted by decoding).
    public static func stream(_ path: String) throws -> StreamInfo {
        let output = try CommandRunner.run("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                       "-show_streams", "-show_format", "-of", "json", path])
        guard output.status == 0,
              let json = try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any],
              let streams = json["streams"] as? [[String: Any]], let s = streams.first,
              let format = json["format"] as? [String: Any] else {
            throw ProbeError(message: "ffprobe failed on \(path): \(output.stderr)")
        }
        func int(_ key: String) -> Int { Int(s[key] as? String ?? "") ?? (s[key] as? Int) ?? 0 }
        let duration = Double(s["duration"] as? String ?? "") ?? Double(format["duration"] as? String ?? "") ?? 0
        return StreamInfo(codec: s["codec_name"] as? String ?? "", pixelFormat: s["pix_fmt"] as? String ?? "",
                          width: int("width"), height: int("height"), frames: int("nb_read_frames"), duration: duration,
                          colorRange: s["color_range"] as? String, colorSpace: s["color_space"] as? String,
                          colorTransfer: s["color_transfer"] as? String, colorPrimaries: s["color_primaries"] as? String,
                          codecTag: s["codec_tag_string"] as? String, profile: s["profile"] as? String,
                          alphaMode: (s["tags"] as? [String: Any])?["alpha_mode"] as? String,
                          formatName: format["format_name"] as? String ?? "")
    }

    /// Decodes frame `index` of `path` to RGBA8 bytes with ffmpeg (`width x height`), with
    /// the decoder `decoder` if given (`libvpx-vp9` decodes VP9's alpha).
    public static func decodeFrame(_ path: String, index: Int, width: Int, height: Int, extraFilters: String? = nil,
                                   decoder: String? = nil) throws -> [UInt8] {
        var filter = "select=eq(n\\,\(index))"
        if let extraFilters { filter += "," + extraFilters }
        let input = (decoder.map { ["-c:v", $0] } ?? []) + ["-i", path]
        let output = try CommandRunner.run("ffmpeg", ["-v", "error"] + input + ["-vf", filter, "-vframes", "1",
                                                                              "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        guard output.status == 0, output.stdout.count == width * height * 4 else {
            throw ProbeError(message: "ffmpeg decoded \(output.stdout.count) bytes of frame \(index) of \(path), expected \(width * height * 4): \(output.stderr)")
        }
        return [UInt8](output.stdout)
    }

    /// Reads a PNG into RGBA8 bytes with ffmpeg.
    public static func decodePNG(_ path: String, width: Int, height: Int) throws -> [UInt8] {
        let output = try CommandRunner.run("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        guard output.status == 0, output.stdout.count == width * height * 4 else {
            throw ProbeError(message: "ffmpeg read \(output.stdout.count) bytes from \(path): \(output.stderr)")
        }
        return [UInt8](output.stdout)
    }
}

/// A probe or decode that failed.
public struct ProbeError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
