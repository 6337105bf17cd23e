import Foundation
import Testing
import TestSupport

/// Renders each seed preset to MP4 with the built binary and inspects the result.
@Suite("End to end: render to MP4, reopen, compare with `frame`")
struct EndToEndTests {
    @Test("1 s of each preset: H.264, yuv420p, size, 60 frames, BT.709 tags, middle frame within 35 dB",
          arguments: [("iphone-x", 1125, 2436), ("iphone-xr", 828, 1792), ("plain", 750, 1334)])
    func renderPreset(id: String, width: Int, height: Int) throws {
        let dir = TemporaryDirectory()
        let video = dir.file("\(id).mp4")
        let run = try CommandRunner.notchwave(["render", "--preset", id, "--duration", "1", "-o", video, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let info = try MediaProbe.stream(video)
        let evenWidth = width + width % 2, evenHeight = height + height % 2
        #expect(info.codec == "h264")
        #expect(info.pixelFormat == "yuv420p")
        #expect(info.width == evenWidth && info.height == evenHeight)
        #expect(info.frames == 60)
        #expect(abs(info.duration - 1) < 0.02)
        #expect(info.colorSpace == "bt709" && info.colorTransfer == "bt709" && info.colorPrimaries == "bt709")
        #expect(info.colorRange == "tv")
        #expect(info.profile == "High")
        // The decoded middle frame against `notchwave frame` at the same time.
        let decoded = try MediaProbe.decodeFrame(video, index: 30, width: evenWidth, height: evenHeight)
        let png = dir.file("frame.png")
        let frame = try CommandRunner.notchwave(["frame", "--preset", id, "--time", "0.5", "-o", png])
        #expect(frame.status == 0, "\(frame.stderr)")
        let reference = try MediaProbe.decodePNG(png, width: width, height: height)
        let psnr = ImageCompare.psnr(decoded, reference, width: width, height: height, strideA: evenWidth, strideB: width)
        #expect(psnr >= 35, "PSNR \(psnr) dB")
        // Nothing but the output is left in the directory.
        #expect(dir.contents.sorted() == ["frame.png", "\(id).mp4"])
    }

    @Test("the padded column repeats the picture's edge, under a mask too; --even crop drops it")
    func evenSizes() throws {
        let dir = TemporaryDirectory()
        let padded = dir.file("pad.mp4"), masked = dir.file("mask.mp4"), cropped = dir.file("crop.mp4")
        #expect(try CommandRunner.notchwave(["render", "--duration", "0.1", "--background", "#204080", "-o", padded]).status == 0)
        #expect(try CommandRunner.notchwave(["render", "--duration", "0.1", "--background", "#204080", "--mask", "-o", masked]).status == 0)
        #expect(try CommandRunner.notchwave(["render", "--duration", "0.1", "--even", "crop", "-o", cropped]).status == 0)
        #expect(try MediaProbe.stream(padded).width == 1126)
        #expect(try MediaProbe.stream(cropped).width == 1124)
        // Luma only (4:2:0 shares chroma between the two columns).
        func luma(_ path: String, x: Int, y: Int) throws -> Int {
            let frame = try MediaProbe.decodeFrame(path, index: 0, width: 1126, height: 2436, extraFilters: "format=gray")
            return Int(frame[(y * 1126 + x) * 4])
        }
        // The added column is the last real one: the background mid-screen, with or
        // without a mask; with --mask, black beside the rounded corner, where the last
        // real column is outside the screen (so it follows the edge, not one colour).
        let background = try luma(padded, x: 1124, y: 1200)
        #expect(abs(background - 0x3D) <= 3, "luma \(background)")
        #expect(abs(try luma(padded, x: 1125, y: 1200) - background) <= 2)
        #expect(abs(try luma(masked, x: 1124, y: 1200) - background) <= 2)
        #expect(abs(try luma(masked, x: 1125, y: 1200) - background) <= 2)
        #expect(try luma(masked, x: 1124, y: 4) <= 3)
        #expect(try luma(masked, x: 1125, y: 4) <= 3)
    }

    @Test("raw RGBA frames on stdout: exact size and the same pixels as `frame`")
    func rawFrames() throws {
        let run = try CommandRunner.notchwave(["render", "--preset", "plain", "--region", "bar", "--duration", "0.1", "--fps", "30", "-o", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        let frameBytes = 750 * 40 * 4
        #expect(run.stdout.count == 3 * frameBytes)
        let single = try CommandRunner.notchwave(["frame", "--preset", "plain", "--region", "bar", "--time", String(2.0 / 30.0), "-o", "-"])
        #expect(single.status == 0)
        #expect([UInt8](run.stdout.suffix(frameBytes)) == [UInt8](single.stdout))
    }
}
