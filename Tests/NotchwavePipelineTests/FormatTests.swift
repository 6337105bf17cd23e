import Foundation
import Testing
import TestSupport

/// Every output format, rendered with the CLI, reopened with ffprobe and decoded with
/// ffmpeg, compared with the raw RGBA frames of the same render.
///
/// PSNR thresholds per codec (on the RGB channels of the bar strip):
/// H.264 --quality high >= 38 dB, HEVC >= 36 dB, VP9 >= 35 dB, AV1 >= 33 dB, ProRes 4444
/// >= 40 dB, GIF >= 30 dB (256 colours, dithered); PNG sequence and APNG are exact.
@Suite("Output formats")
struct FormatTests {
    /// The bar strip of iphone-x, 0.5 s at 30 fps: 15 frames of 1125 x 90.
    static let base = ["--preset", "iphone-x", "--region", "bar", "--duration", "0.5", "--fps", "30", "-q"]
    static let width = 1125, height = 90, frames = 15

    /// Raw RGBA frames of the same render (exact size), frame `index`.
    func reference(_ extra: [String], index: Int, dir: TemporaryDirectory) throws -> [UInt8] {
        let path = dir.file("ref-\(extra.joined(separator: "_").replacingOccurrences(of: "/", with: "")).rgba")
        if !FileManager.default.fileExists(atPath: path) {
            let run = try CommandRunner.notchwave(["render"] + FormatTests.base + extra + ["-o", path])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let size = FormatTests.width * FormatTests.height * 4
        try #require(data.count == size * FormatTests.frames)
        return [UInt8](data[(index * size)..<((index + 1) * size)])
    }

    func render(_ name: String, _ extra: [String], dir: TemporaryDirectory) throws -> String {
        let path = dir.file(name)
        let run = try CommandRunner.notchwave(["render"] + FormatTests.base + extra + ["-o", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
        return path
    }

    /// Offset of a four-character box or chunk name in a file, or nil.
    func offset(of tag: String, in path: String) throws -> Int? {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return data.range(of: Data(tag.utf8))?.lowerBound
    }

    @Test("codecs: probe, colour tags and PSNR", arguments: [
        ("h264.mp4", [] as [String], "h264", "yuv420p", 38.0),
        ("hevc.mp4", ["--codec", "hevc"], "hevc", "yuv420p", 36.0),
        ("hevc10.mp4", ["--codec", "hevc", "--ten-bit"], "hevc", "yuv420p10le", 36.0),
        ("vp9.webm", [], "vp9", "yuv420p", 35.0),
        ("av1.webm", ["--codec", "av1"], "av1", "yuv420p", 33.0),
        // FFmpeg's ProRes decoder reports 4444 streams as 12-bit; the profile says 4444.
        ("prores.mov", [], "prores", "yuva444p12le", 40.0),
    ])
    func codecs(name: String, extra: [String], codec: String, pixelFormat: String, minimumPSNR: Double) throws {
        let dir = TemporaryDirectory()
        let path = try render(name, extra + ["--quality", "high"], dir: dir)
        let info = try MediaProbe.stream(path)
        #expect(info.codec == codec)
        #expect(info.pixelFormat == pixelFormat)
        let evenWidth = pixelFormat.contains("420") ? 1126 : 1125
        #expect(info.width == evenWidth && info.height == 90)
        #expect(info.frames == FormatTests.frames)
        #expect(abs(info.duration - 0.5) < 0.04)
        #expect(info.colorSpace == "bt709" && info.colorPrimaries == "bt709" && info.colorTransfer == "bt709" && info.colorRange == "tv")
        if codec == "hevc" { #expect(info.codecTag == "hvc1") }
        // --quality high is ProRes 4444 XQ (ffprobe calls the profile "XQ").
        if codec == "prores" { #expect(info.profile == "XQ" && info.codecTag == "ap4x", "profile \(info.profile ?? "none")") }
        if codec == "h264" { #expect(info.profile == "High") }
        if name.hasSuffix(".mp4") || name.hasSuffix(".mov") {
            // The container carries the colour too (an nclx / nclc colr box), and the
            // index comes before the media data (+faststart).
            #expect(try offset(of: "colr", in: path) != nil)
            let moov = try offset(of: "moov", in: path), mdat = try offset(of: "mdat", in: path)
            #expect(moov != nil && mdat != nil && moov! < mdat!)
        }
        let decoded = try MediaProbe.decodeFrame(path, index: 7, width: evenWidth, height: 90)
        let expected = try reference([], index: 7, dir: dir)
        let psnr = ImageCompare.psnr(decoded, expected, width: 1125, height: 90, strideA: evenWidth, strideB: 1125)
        #expect(psnr >= minimumPSNR, "\(name): \(psnr) dB")
    }

    @Test("H.264 at --quality standard: superfast without B-frames, whole-pixel motion, crf 19; --speed gives the plain preset")
    func h264Standard() throws {
        let dir = TemporaryDirectory()
        // x264 writes the settings it encoded with into the stream (an SEI message).
        func settings(_ path: String) throws -> String {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard let start = data.range(of: Data("x264 - core".utf8)) else { return "" }
            let end = data[start.lowerBound...].firstIndex(of: 0) ?? data.endIndex
            return String(decoding: data[start.lowerBound..<end], as: UTF8.self)
        }
        let standard = try render("standard.mp4", [], dir: dir)
        let used = try settings(standard)
        for option in ["bframes=0", "subme=0", "crf=19.0"] {
            #expect(used.contains(" \(option) "), "\(option) not in \(used)")
        }
        // ffprobe sees no B-frame.
        let types = try CommandRunner.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pict_type",
                                                      "-of", "csv=p=0", standard])
        let pictures = String(decoding: types.stdout, as: UTF8.self).split(whereSeparator: \.isNewline)
        #expect(pictures.count == FormatTests.frames && !pictures.contains("B"), "\(pictures)")
        // An explicit speed is x264's preset as it is (superfast has B-frames and subme 1).
        let plain = try settings(try render("plain.mp4", ["--speed", "superfast"], dir: dir))
        #expect(plain.contains(" bframes=3 ") && plain.contains(" subme=1 "), "\(plain)")
    }

    @Test("transparent background: real alpha in VP9 and ProRes 4444", arguments: [("alpha.webm", "libvpx-vp9"), ("alpha.mov", "prores")])
    func alpha(name: String, decoder: String) throws {
        let dir = TemporaryDirectory()
        let path = try render(name, ["--background", "transparent"], dir: dir)
        let info = try MediaProbe.stream(path)
        if name.hasSuffix(".webm") {
            #expect(info.alphaMode == "1", "alpha_mode: \(info.alphaMode ?? "none")")
        } else {
            #expect(info.pixelFormat.hasPrefix("yuva444p"))
        }
        // Decode with alpha and compare the alpha channel with the RGBA reference.
        let evenWidth = info.width
        let decoded = try MediaProbe.decodeFrame(path, index: 7, width: evenWidth, height: 90, decoder: decoder)
        let expected = try reference(["--background", "transparent"], index: 7, dir: dir)
        let alphaPSNR = ImageCompare.psnr(decoded, expected, width: 1125, height: 90, strideA: evenWidth, strideB: 1125, channels: 3..<4)
        #expect(alphaPSNR >= 35, "alpha PSNR \(alphaPSNR)")
        var transparent = 0
        for y in 0..<90 {
            for x in 0..<1125 where expected[(y * 1125 + x) * 4 + 3] == 0 && decoded[(y * evenWidth + x) * 4 + 3] < 8 { transparent += 1 }
        }
        #expect(transparent > 1125 * 10, "transparent pixels: \(transparent)")
    }

    @Test("GIF: a palette of its own, loops forever, 1-bit transparency, PSNR >= 30 dB")
    func gif() throws {
        let dir = TemporaryDirectory()
        let path = try render("clip.gif", [], dir: dir)
        let info = try MediaProbe.stream(path)
        #expect(info.codec == "gif" && info.width == 1125 && info.height == 90 && info.frames == FormatTests.frames)
        // NETSCAPE2.0 application extension with loop count 0 = forever.
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let netscape = data.range(of: Data("NETSCAPE2.0".utf8)) else { Issue.record("no loop extension"); return }
        #expect(data[netscape.upperBound + 2] == 0 && data[netscape.upperBound + 3] == 0)
        let decoded = try MediaProbe.decodeFrame(path, index: 7, width: 1125, height: 90)
        let psnr = ImageCompare.psnr(decoded, try reference([], index: 7, dir: dir), width: 1125, height: 90)
        #expect(psnr >= 30, "GIF PSNR \(psnr)")
        let transparent = try render("transparent.gif", ["--background", "transparent"], dir: dir)
        let frame = try MediaProbe.decodeFrame(transparent, index: 7, width: 1125, height: 90)
        let expected = try reference(["--background", "transparent"], index: 7, dir: dir)
        var agree = 0
        for i in stride(from: 3, to: frame.count, by: 4) where (frame[i] >= 128) == (expected[i] >= 128) { agree += 1 }
        #expect(agree >= 1125 * 90 * 99 / 100)
    }

    @Test("APNG and PNG sequences are exact and complete")
    func png() throws {
        let dir = TemporaryDirectory()
        let apng = try render("clip.png", ["--background", "transparent"], dir: dir)
        let info = try MediaProbe.stream(apng)
        #expect(info.codec == "apng" && info.pixelFormat == "rgba" && info.frames == FormatTests.frames)
        // acTL: frame count, then num_plays = 0 (forever).
        let data = try Data(contentsOf: URL(fileURLWithPath: apng))
        guard let actl = data.range(of: Data("acTL".utf8)) else { Issue.record("no acTL chunk"); return }
        #expect(data[(actl.upperBound + 4)..<(actl.upperBound + 8)].allSatisfy { $0 == 0 })
        for index in [0, 7, 14] {
            let decoded = try MediaProbe.decodeFrame(apng, index: index, width: 1125, height: 90)
            #expect(decoded == (try reference(["--background", "transparent"], index: index, dir: dir)))
        }
        let sequence = dir.file("frames")
        let run = try CommandRunner.notchwave(["render"] + FormatTests.base + ["-o", sequence + "/"])
        #expect(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: sequence).sorted()
        #expect(names == (0..<FormatTests.frames).map { String(format: "%05d.png", $0) })
        #expect(try MediaProbe.decodePNG(sequence + "/00007.png", width: 1125, height: 90) == (try reference([], index: 7, dir: dir)))
        let pattern = try render("f-%03d.png", [], dir: dir)
        _ = pattern
        #expect(FileManager.default.fileExists(atPath: dir.file("f-014.png")))
        // No temporary directories are left behind.
        #expect(!dir.contents.contains { $0.hasPrefix(".") })
    }

    @Test("formats without alpha refuse a transparent background, naming those that carry it")
    func alphaError() throws {
        let dir = TemporaryDirectory()
        let run = try CommandRunner.notchwave(["render"] + FormatTests.base + ["--background", "transparent", "-o", dir.file("x.mp4")])
        #expect(run.status == 64)
        #expect(run.stderr.contains(".webm (VP9)") && run.stderr.contains(".mov (ProRes 4444)"))
        #expect(dir.contents.isEmpty)
    }
}
