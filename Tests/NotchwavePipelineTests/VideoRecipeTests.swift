import Foundation
import Testing
import NotchwaveModel
import NotchwavePipeline

/// The `--quality` table of the README, and the overrides, as encoder options.
@Suite("Encoder settings per codec")
struct VideoRecipeTests {
    func options(_ output: String, _ request: EncodeRequest) throws -> [String: String] {
        let recipe = try #require(try OutputFormat.resolve(OutputPath(output), request: request, alpha: false).recipe)
        return recipe.encoderParameters(request).options
    }

    @Test("--quality maps onto each codec's settings", arguments: [
        ("x.mp4", nil, Quality.draft, ["crf": "28", "preset": "veryfast", "profile": "high"]),
        ("x.mp4", nil, .standard, ["crf": "19", "preset": "superfast", "profile": "high", "x264-params": "bframes=0:subme=0"]),
        ("x.mp4", nil, .high, ["crf": "16", "preset": "slow", "profile": "high"]),
        ("x.mp4", nil, .lossless, ["qp": "0", "preset": "medium"]),
        ("x.mp4", .hevc, .draft, ["crf": "30", "preset": "veryfast", "x265-params": "log-level=error"]),
        ("x.mp4", .hevc, .lossless, ["preset": "medium", "x265-params": "log-level=error:lossless=1"]),
        ("x.webm", nil, .draft, ["crf": "40", "deadline": "realtime", "cpu-used": "8", "row-mt": "1"]),
        ("x.webm", nil, .high, ["crf": "24", "deadline": "good", "cpu-used": "2", "row-mt": "1"]),
        ("x.webm", nil, .lossless, ["lossless": "1", "deadline": "good", "cpu-used": "4", "row-mt": "1"]),
        ("x.mov", nil, .standard, ["profile": "4444", "vendor": "apl0", "alpha_bits": "16"]),
        ("x.mov", nil, .high, ["profile": "4444xq", "vendor": "apl0", "alpha_bits": "16"]),
    ] as [(String, Codec?, Quality, [String: String])])
    func quality(output: String, codec: Codec?, quality: Quality, expected: [String: String]) throws {
        #expect(try options(output, EncodeRequest(codec: codec, quality: quality)) == expected)
    }

    @Test("--crf, --speed and --bitrate override the table")
    func overrides() throws {
        #expect(try options("x.mp4", EncodeRequest(quality: .draft, crf: 12, speed: .slower))
                == ["crf": "12", "preset": "slower", "profile": "high"])
        // H.264's standard speed carries its x264 parameters with any crf; an explicit
        // speed is x264's preset alone.
        #expect(try options("x.mp4", EncodeRequest(quality: .standard, speed: .superfast))
                == ["crf": "19", "preset": "superfast", "profile": "high"])
        #expect(try options("x.mp4", EncodeRequest(quality: .standard, crf: 0))
                == ["crf": "0", "preset": "superfast", "x264-params": "bframes=0:subme=0"])
        // A bit rate replaces constant quality.
        let recipe = try #require(try OutputFormat.resolve(OutputPath("x.mp4"), request: EncodeRequest(bitrate: BitRate(bitsPerSecond: 4_000_000)), alpha: false).recipe)
        let settings = recipe.encoderParameters(EncodeRequest(bitrate: BitRate(bitsPerSecond: 4_000_000)))
        #expect(settings.bitRate == 4_000_000 && settings.options["crf"] == nil)
        // VP9 speed names map onto cpu-used 8 (ultrafast) ... 0.
        #expect(try options("x.webm", EncodeRequest(speed: .ultrafast))["cpu-used"] == "8")
        #expect(try options("x.webm", EncodeRequest(speed: .veryslow))["cpu-used"] == "0")
    }

    @Test("containers: +faststart for MP4 and MOV, HEVC tagged hvc1, alpha picks yuva420p for VP9")
    func containers() throws {
        let hevc = try #require(try OutputFormat.resolve(OutputPath("x.mp4"), request: EncodeRequest(codec: .hevc), alpha: false).recipe)
        #expect(hevc.codecTag == "hvc1" && hevc.pixelFormatName == "yuv420p")
        let vp9 = try #require(try OutputFormat.resolve(OutputPath("x.webm"), request: EncodeRequest(), alpha: true).recipe)
        #expect(vp9.pixelFormatName == "yuva420p")
        #expect(throws: PipelineError.self) { _ = try OutputFormat.resolve(OutputPath("x.mp4"), request: EncodeRequest(), alpha: true) }
    }
}
