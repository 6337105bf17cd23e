import Foundation
import Testing
import TestSupport

/// `--backdrop`: the app's screen under the animation, from files made here with ffmpeg.
@Suite("Backdrops: stills and screen recordings under the animation")
struct BackdropTests {
    /// A small island phone (120 x 260 px at scale 1), so that raw frames stay small.
    static let presetJSON = """
    {"id": "tiny-phone", "name": "Tiny Phone", "screenPoints": [120, 260], "scale": 1, "screenPixels": [120, 260],
     "cornerRadius": 20, "statusBarHeight": 30,
     "cutout": {"kind": "island", "width": 40, "height": 12, "topInset": 4}}
    """
    static let width = 120, height = 260

    /// Writes the tiny preset into `dir`.
    static func preset(_ dir: TemporaryDirectory) throws -> String {
        let path = dir.file("tiny.json")
        try presetJSON.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Renders the tiny preset over `backdrop` with the built binary.
    static func render(_ preset: String, _ backdrop: String, _ arguments: [String]) throws -> ProcessOutput {
        try CommandRunner.notchwave(["render", "--preset-file", preset, "--backdrop", backdrop] + arguments)
    }

    static func ffmpeg(_ arguments: [String]) throws {
        let run = try CommandRunner.run("ffmpeg", ["-v", "error", "-y"] + arguments)
        #expect(run.status == 0, "ffmpeg \(arguments): \(run.stderr)")
    }

    /// Raw RGBA frames of a render (`.rgba` output).
    static func frames(_ path: String) throws -> [[UInt8]] {
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let size = width * height * 4
        return stride(from: 0, to: data.count, by: size).map { Array(data[$0..<min($0 + size, data.count)]) }
    }

    static func pixel(_ frame: [UInt8], _ x: Int, _ y: Int, width: Int = width) -> [Int] {
        let i = (y * width + x) * 4
        return frame[i..<i + 4].map(Int.init)
    }

    /// A row inside the island's band (the bar) and a row far below it.
    static let barRow = 10, lowRow = 200

    @Test("a PNG backdrop: the pixels under the bar and far below are the PNG's own, exactly (sRGB, no conversion)")
    func stillPNG() throws {
        let dir = TemporaryDirectory()
        let preset = try Self.preset(dir)
        // A picture whose every pixel is known in closed form: r = x, g = y - 3 (clamped), b = 77.
        try Self.ffmpeg(["-f", "lavfi", "-i", "color=black:s=120x260,format=rgb24,geq=r='X':g='max(Y-3\\,0)':b=77",
                         "-frames:v", "1", dir.file("screen.png")])
        let out = dir.file("out.rgba")
        let run = try Self.render(preset, dir.file("screen.png"), ["--duration", "0.5", "--fps", "10", "-o", out, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try Self.frames(out)
        #expect(frames.count == 5)
        for (index, frame) in frames.enumerated() {
            // Beside the island at frame 0 no wave has left the island yet; far below, never.
            let points = index == 0 ? [(2, Self.barRow), (117, Self.barRow), (60, Self.lowRow), (5, 250)] : [(60, Self.lowRow), (5, 250)]
            for (x, y) in points {
                #expect(Self.pixel(frame, x, y) == [x, max(y - 3, 0), 77, 255], "frame \(index) (\(x), \(y))")
            }
        }
        // At 0.4 s the first wave covers the bar just beside the island: red, not the backdrop.
        #expect(Self.pixel(frames[4], 38, Self.barRow) == [255, 59, 48, 255])
        // The island itself stays black.
        #expect(Self.pixel(frames[4], 60, Self.barRow) == [0, 0, 0, 255])
    }

    /// Y, Cb, Cr (limited range) of an sRGB colour with a matrix (kr, kb).
    static func limitedYCbCr(_ rgb: [Double], kr: Double, kb: Double) -> [Double] {
        let (r, g, b) = (rgb[0] / 255, rgb[1] / 255, rgb[2] / 255)
        let y = kr * r + (1 - kr - kb) * g + kb * b
        return [16 + 219 * y, 128 + 224 * (b - y) / (2 * (1 - kb)), 128 + 224 * (r - y) / (2 * (1 - kr))]
    }

    /// sRGB of a limited-range Y, Cb, Cr with a matrix (kr, kb).
    static func rgb(_ ycc: [Double], kr: Double, kb: Double) -> [Double] {
        let y = (ycc[0] - 16) / 219, cb = (ycc[1] - 128) / 224, cr = (ycc[2] - 128) / 224
        let r = y + 2 * (1 - kr) * cr, b = y + 2 * (1 - kb) * cb
        let g = (y - kr * r - kb * b) / (1 - kr - kb)
        return [r, g, b].map { min(255, max(0, $0 * 255)) }
    }

    @Test("a BT.709 limited-range screen recording is converted with BT.709 and limited range (not BT.601, not full)")
    func recordingColour() throws {
        let dir = TemporaryDirectory()
        let preset = try Self.preset(dir)
        let colour: [Double] = [208, 32, 96]
        // ffmpeg converts the colour to BT.709 limited YUV and tags it, as a screen recording is.
        try Self.ffmpeg(["-f", "lavfi", "-i", "color=c=0xD02060:s=120x260:r=30:d=0.5",
                         "-vf", "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
                         "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
                         "-c:v", "libx264", "-qp", "0", dir.file("rec.mp4")])
        let out = dir.file("out.rgba")
        let run = try Self.render(preset, dir.file("rec.mp4"), ["--duration", "0.2", "--fps", "30", "-o", out, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try Self.frames(out)
        #expect(frames.count == 6)
        let got = Self.pixel(frames[3], 60, Self.lowRow)
        for c in 0..<3 { #expect(abs(Double(got[c]) - colour[c]) <= 3, "channel \(c): \(got) vs \(colour)") }
        #expect(got[3] == 255)
        // The test can tell: the same YUV read with BT.601 or as full range is far off.
        let ycc = Self.limitedYCbCr(colour, kr: 0.2126, kb: 0.0722)
        let as601 = Self.rgb(ycc, kr: 0.299, kb: 0.114)
        #expect((0..<3).map { abs(as601[$0] - colour[$0]) }.max()! > 12)
        let grey = Self.pixel(frames[0], 2, Self.barRow)
        for c in 0..<3 { #expect(abs(Double(grey[c]) - colour[c]) <= 3, "bar row channel \(c): \(grey)") }
    }

    @Test("a JPEG backdrop (full-range BT.601 YCbCr, as JFIF says) comes back as its colour")
    func jpeg() throws {
        let dir = TemporaryDirectory()
        let preset = try Self.preset(dir)
        let colour: [Double] = [40, 200, 90]
        try Self.ffmpeg(["-f", "lavfi", "-i", "color=c=0x28C85A:s=120x260", "-frames:v", "1", "-q:v", "1", dir.file("shot.jpg")])
        let out = dir.file("out.rgba")
        let run = try Self.render(preset, dir.file("shot.jpg"), ["--duration", "0.1", "--fps", "10", "-o", out, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let got = Self.pixel(try Self.frames(out)[0], 60, Self.lowRow)
        for c in 0..<3 { #expect(abs(Double(got[c]) - colour[c]) <= 4, "channel \(c): \(got) vs \(colour)") }
        // Read as limited range instead, green would come out well above 200.
        let asLimited = Self.rgb(Self.limitedYCbCr(colour, kr: 0.299, kb: 0.114).enumerated().map { i, v in
            i == 0 ? (v - 16) * 255 / 219 : (v - 128) * 255 / 224 + 128
        }, kr: 0.299, kb: 0.114)
        #expect(abs(asLimited[1] - colour[1]) > 10)
    }

    @Test("a rotated recording (display matrix 90, 180, 270) is shown as ffmpeg's autorotation shows it", arguments: [90, 180, 270])
    func rotated(degrees: Int) throws {
        let dir = TemporaryDirectory()
        let preset = try Self.preset(dir)
        // A landscape picture in four quarters, stored as such, with a rotation tag added by remuxing.
        try Self.ffmpeg(["-f", "lavfi", "-i", "color=black:s=260x120:r=30:d=0.5,format=rgb24,geq=r='if(lt(X\\,130)\\,255\\,0)':g='if(lt(Y\\,60)\\,255\\,0)':b=128",
                         "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv444p", dir.file("stored.mp4")])
        try Self.ffmpeg(["-i", dir.file("stored.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate=\(degrees)", dir.file("tagged.mp4")])
        let out = dir.file("out.rgba")
        let run = try Self.render(preset, dir.file("tagged.mp4"), (degrees == 180 ? ["--backdrop-fit", "stretch"] : [])
                                  + ["--duration", "0.1", "--fps", "10", "-o", out, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let frame = try Self.frames(out)[0]
        // The ffmpeg tool turns the picture by the same matrix when it decodes (autorotate).
        let reference = try MediaProbe.decodeFrame(dir.file("tagged.mp4"), index: 0, width: Self.width, height: Self.height,
                                                   extraFilters: "scale=\(Self.width):\(Self.height)")
        for (x, y) in [(20, 60), (100, 60), (20, 200), (100, 200)] {
            let got = Self.pixel(frame, x, y), want = Self.pixel(reference, x, y)
            #expect((0..<3).allSatisfy { abs(got[$0] - want[$0]) <= 3 }, "\(degrees)°, (\(x), \(y)): \(got) vs \(want)")
        }
        // And the quarters differ, so a wrong turn could not pass.
        #expect(Set([(20, 60), (100, 60), (20, 200), (100, 200)].map { Self.pixel(reference, $0.0, $0.1) }).count == 4)
    }

    /// A recording whose frame n is grey Y = 16 + 5 n (limited range), 40 frames at 30 fps.
    static func countingRecording(_ dir: TemporaryDirectory) throws -> String {
        let path = dir.file("count.mp4")
        try ffmpeg(["-f", "lavfi", "-i", "color=black:s=120x260:r=30:d=\(40.0 / 30)", "-vf", "format=yuv420p,geq=lum='16+5*N':cb=128:cr=128",
                    "-colorspace", "bt709", "-color_range", "tv", "-c:v", "libx264", "-qp", "0", path])
        return path
    }

    /// The recording frame a grey output pixel shows: (v × 219 / 255) / 5.
    static func recordingFrame(_ pixel: [Int]) -> Double { Double(pixel[0]) * 219 / 255 / 5 }

    @Test("a video backdrop advances in step: frame n shows recording frame n, --backdrop-start offsets it, the last frame is held")
    func videoInStep() throws {
        let dir = TemporaryDirectory()
        let preset = try Self.preset(dir)
        let recording = try Self.countingRecording(dir)
        let out = dir.file("out.rgba")
        var run = try Self.render(preset, recording, ["--duration", "1", "--fps", "30", "-o", out, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        var frames = try Self.frames(out)
        #expect(frames.count == 30)
        for n in [0, 1, 2, 7, 15, 29] {
            #expect(abs(Self.recordingFrame(Self.pixel(frames[n], 60, Self.lowRow)) - Double(n)) < 0.3, "output frame \(n)")
        }
        // Offset by 0.5 s (15 frames), 1.5 s long: the recording's 40 frames end at output
        // frame 24, whose picture is held.
        run = try Self.render(preset, recording, ["--backdrop-start", "0.5",
                                           "--duration", "1.5", "--fps", "30", "-o", out, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        frames = try Self.frames(out)
        #expect(frames.count == 45)
        for n in [0, 10, 24, 25, 44] {
            #expect(abs(Self.recordingFrame(Self.pixel(frames[n], 60, Self.lowRow)) - Double(min(n + 15, 39))) < 0.3, "output frame \(n)")
        }
        // At 15 fps output frame n is recording frame 2n.
        run = try Self.render(preset, recording, ["--duration", "1", "--fps", "15", "-o", out, "-q"])
        frames = try Self.frames(out)
        for n in [1, 6, 14] {
            #expect(abs(Self.recordingFrame(Self.pixel(frames[n], 60, Self.lowRow)) - Double(2 * n)) < 0.3, "15 fps frame \(n)")
        }
    }

    @Test("`frame` draws over the backdrop too: the picture at --backdrop-start + --time")
    func singleFrame() throws {
        let dir = TemporaryDirectory()
        let preset = try Self.preset(dir)
        let recording = try Self.countingRecording(dir)
        let out = dir.file("f.rgba")
        let run = try CommandRunner.notchwave(["frame", "--preset-file", preset, "--backdrop", recording, "--backdrop-start", "0.2",
                                               "--time", "0.5", "-o", out])
        #expect(run.status == 0, "\(run.stderr)")
        let frame = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(frame.count == Self.width * Self.height * 4)
        // 0.7 s into a 30 fps recording: its frame 21.
        #expect(abs(Self.recordingFrame(Self.pixel(frame, 60, Self.lowRow)) - 21) < 0.3)
    }

    @Test("a video backdrop gives the same frames with 1 and 3 workers")
    func determinism() throws {
        let dir = TemporaryDirectory()
        let preset = try Self.preset(dir)
        let recording = try Self.countingRecording(dir)
        var outputs: [Data] = []
        for workers in ["1", "3"] {
            let out = dir.file("w\(workers).rgba")
            let run = try Self.render(preset, recording, ["--workers", workers,
                                                   "--duration", "1.2", "--fps", "30", "-o", out, "-q"])
            #expect(run.status == 0, "\(run.stderr)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(outputs[0].count == 36 * Self.width * Self.height * 4)
        #expect(outputs[0] == outputs[1])
    }

    @Test("aspect ratios: more than 1 % apart is an error unless --backdrop-fit says fill, fit or stretch")
    func aspect() throws {
        let dir = TemporaryDirectory()
        let preset = try Self.preset(dir)
        // A 240 x 240 square: red left half, blue right half.
        try Self.ffmpeg(["-f", "lavfi", "-i", "color=red:s=240x240,format=rgb24,geq=r='if(lt(X\\,120)\\,255\\,0)':g=0:b='if(lt(X\\,120)\\,0\\,255)'",
                         "-frames:v", "1", dir.file("square.png")])
        let out = dir.file("out.rgba")
        let refused = try Self.render(preset, dir.file("square.png"), ["--duration", "0.1", "--fps", "10", "-o", out, "-q"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--backdrop-fit") && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // fit: 120 x 120 in the middle (rows 70..<190), black above and below.
        var run = try Self.render(preset, dir.file("square.png"), ["--backdrop-fit", "fit",
                                               "--duration", "0.1", "--fps", "10", "-o", out, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        var frame = try Self.frames(out)[0]
        #expect(Self.pixel(frame, 60, 40) == [0, 0, 0, 255])
        #expect(Self.pixel(frame, 20, 130) == [255, 0, 0, 255])
        #expect(Self.pixel(frame, 100, 130) == [0, 0, 255, 255])
        #expect(Self.pixel(frame, 60, 230) == [0, 0, 0, 255])
        // fill: 260 x 260 cropped to the middle 120 columns (70..<190 of the square): the
        // red/blue edge at column 130 of the square lands at column 60.
        run = try Self.render(preset, dir.file("square.png"), ["--backdrop-fit", "fill",
                                           "--duration", "0.1", "--fps", "10", "-o", out, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        frame = try Self.frames(out)[0]
        #expect(Self.pixel(frame, 30, Self.lowRow) == [255, 0, 0, 255])
        #expect(Self.pixel(frame, 90, Self.lowRow) == [0, 0, 255, 255])
        #expect(Self.pixel(frame, 5, 250) == [255, 0, 0, 255])
    }

    @Test("bad backdrops: a missing file, --background with it, --backdrop-start without it; nothing is written")
    func badInput() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("out.mp4")
        let missing = try CommandRunner.notchwave(["render", "--backdrop", dir.file("nope.mov"), "--duration", "0.1", "-o", out])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--backdrop: \(dir.file("nope.mov")): no such file") && missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
        try "not a picture".write(toFile: dir.file("text.png"), atomically: true, encoding: .utf8)
        let garbage = try CommandRunner.notchwave(["render", "--backdrop", dir.file("text.png"), "--duration", "0.1", "-o", out])
        #expect(garbage.status == 1 && garbage.stderr.split(separator: "\n").count == 1, "\(garbage.stderr)")
        let both = try CommandRunner.notchwave(["render", "--backdrop", dir.file("x.png"), "--background", "red", "-o", out])
        #expect(both.status == 64 && both.stderr.contains("--background"), "\(both.stderr)")
        let start = try CommandRunner.notchwave(["render", "--backdrop-start", "1", "-o", out])
        #expect(start.status == 64 && start.stderr.contains("--backdrop-start"), "\(start.stderr)")
        #expect(dir.contents.sorted() == ["text.png"])
    }

    @Test("files whose best stream is not a picture: one line that says what is wrong, without internal names; nothing is written",
          arguments: [("audio.m4a", ["-f", "lavfi", "-i", "sine=d=0.5"], "has no picture or video stream (it holds audio)"),
                      ("empty-video.mkv", ["-f", "lavfi", "-i", "sine=d=0.5", "-f", "lavfi", "-i", "color=red:s=120x260:d=0.5",
                                           "-map", "0:a", "-map", "1:v", "-frames:v", "0"], "no picture could be decoded from")])
    func notAPicture(name: String, making: [String], message: String) throws {
        let dir = TemporaryDirectory()
        let preset = try Self.preset(dir)
        try Self.ffmpeg(making + [dir.file(name)])
        for command in [["render", "--duration", "0.1", "-o", dir.file("out.mp4")], ["frame", "--time", "0.05", "-o", dir.file("out.png")]] {
            let run = try CommandRunner.notchwave(command + ["--preset-file", preset, "--backdrop", dir.file(name)])
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.contains(message) && run.stderr.contains(name), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            for name in ["PictureReader", "av_", "avformat_", "avcodec_"] { #expect(!run.stderr.contains(name), "\(run.stderr)") }
        }
        #expect(dir.contents.sorted() == [name, "tiny.json"].sorted())
    }

    @Test("a job file sets the backdrop per variant, relative to the job file")
    func batchVariants() throws {
        let dir = TemporaryDirectory()
        _ = try Self.preset(dir)
        try Self.ffmpeg(["-f", "lavfi", "-i", "color=c=0x102030:s=394x852", "-frames:v", "1", dir.file("a.png")])
        try Self.ffmpeg(["-f", "lavfi", "-i", "color=c=0xA0B0C0:s=394x852", "-frames:v", "1", dir.file("b.png")])
        let job = dir.file("job.json")
        try """
        {"presets": ["iphone-15-pro"], "styles": ["sharp"], "formats": ["png"],
         "variants": [{"name": "a", "backdrop": "a.png"}, {"name": "b", "backdrop": "b.png"}],
         "defaults": {"duration": 0.1, "fps": 10}, "output": "{variant}.png"}
        """.write(toFile: job, atomically: true, encoding: .utf8)
        let run = try CommandRunner.run(CommandRunner.notchwave, ["batch", job, "-o", dir.file("out"), "-q"],
                                        currentDirectory: "/")
        #expect(run.status == 0, "\(run.stderr)")
        for name in ["a", "b"] {
            // (A solid colour stays that colour when scaled 3x.)
            let colour = Self.pixel(try MediaProbe.decodePNG(dir.file("\(name).png"), width: 394, height: 852), 200, 600, width: 394)
            let frame = try MediaProbe.decodeFrame(dir.file("out/\(name).png"), index: 0, width: 1179, height: 2556)
            #expect(Self.pixel(frame, 600, 2000, width: 1179) == colour, "variant \(name)")
        }
    }
}

/// The backdrop as the bottom layer under every scene: where the scene leaves its own
/// background out (LiquidSwipe's current page, the popup's window), the frame is the
/// backdrop's pixels exactly; where the scene draws, it is the scene's.
@Suite("Backdrops under every scene")
struct SceneBackdropTests {
    /// A picture of known pixels (r = x, g = y - 3 clamped, b = 77) and a 1 s recording at
    /// 10 fps whose picture n is (48, 128, 100 + 20 n), at the tiny preset's size.
    static func backdrops(_ dir: TemporaryDirectory) throws -> (still: String, video: String) {
        try BackdropTests.ffmpeg(["-f", "lavfi", "-i", "color=black:s=120x260,format=rgb24,geq=r='X':g='max(Y-3\\,0)':b=77",
                                  "-frames:v", "1", dir.file("screen.png")])
        try BackdropTests.ffmpeg(["-f", "lavfi", "-i", "color=black:s=120x260:r=10:d=1,format=rgb24,geq=r=48:g=128:b='100+20*N'",
                                  "-c:v", "ffv1", "-pix_fmt", "bgr0", dir.file("recording.mkv")])
        return (dir.file("screen.png"), dir.file("recording.mkv"))
    }

    @Test("LiquidSwipe over a still and a recording: the current page is the backdrop, the sliders' ledges the pages they lead to",
          arguments: [false, true])
    func liquidSwipe(video: Bool) throws {
        let dir = TemporaryDirectory()
        let preset = try BackdropTests.preset(dir)
        let (still, recording) = try Self.backdrops(dir)
        let out = dir.file("out.rgba")
        let run = try BackdropTests.render(preset, video ? recording : still,
                                           ["--scene", "liquid-swipe", "--duration", "0.3", "--fps", "10", "-o", out, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try BackdropTests.frames(out)
        #expect(frames.count == 3)
        for (n, frame) in frames.enumerated() {
            // Between the sliders (the static pose: the left bump at y = 100, the right one
            // at y = 300, below this 260 pt screen) the current page is the backdrop. The
            // recording's picture of the frame's time comes back within a level.
            for (x, y) in [(60, 20), (80, 150), (40, 240)] {
                let expected = video ? [48, 128, 100 + 20 * n, 255] : [x, max(y - 3, 0), 77, 255]
                let got = BackdropTests.pixel(frame, x, y)
                #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= (video ? 1 : 0) }, "(\(x), \(y)): \(got), the backdrop \(expected)")
            }
            // The left wave's ledge is the previous page's colour (the current palette's
            // last, #F47153), the right one's the next page's (its second, #8DAEF5).
            #expect(BackdropTests.pixel(frame, 2, 130) == [0xF4, 0x71, 0x53, 255])
            #expect(BackdropTests.pixel(frame, 117, 50) == [0x8D, 0xAE, 0xF5, 255])
        }
    }

    @Test("the popup over a still and a recording: the window is the backdrop under the presenter's tint, the shown popup is its own colour",
          arguments: [false, true])
    func popup(video: Bool) throws {
        let dir = TemporaryDirectory()
        let preset = try BackdropTests.preset(dir)
        let (still, recording) = try Self.backdrops(dir)
        let out = dir.file("out.rgba")
        let run = try BackdropTests.render(preset, video ? recording : still,
                                           ["--scene", "popup", "--scene-option", "state=shown", "--scene-option", "size=80x40",
                                            "--scene-option", "text=", "--scene-option", "button=", "--duration", "0.2", "--fps", "10", "-o", out, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try BackdropTests.frames(out)
        #expect(frames.count == 2)
        // (The recording's picture of the frame's time comes back within a level.)
        // The presenter's background, Color.red.opacity(0.2) = (255, 59, 48, 51), over the
        // backdrop, premultiplied and rounded as the compositor does: c' = round(c·a/255) +
        // round(b·(255−a)/255).
        func tinted(_ under: [Int]) -> [Int] {
            let tint = [255, 59, 48]
            var result: [Int] = []
            for (t, b) in zip(tint, under) {
                let top = (Double(t * 51) / 255).rounded(), below = (Double(b * 204) / 255).rounded()
                result.append(Int(top + below))
            }
            return result + [255]
        }
        for (n, frame) in frames.enumerated() {
            for (x, y) in [(3, 20), (100, 240)] {
                let under = video ? [48, 128, 100 + 20 * n] : [x, max(y - 3, 0), 77]
                let got = BackdropTests.pixel(frame, x, y), want = tinted(under)
                #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 1 }, "(\(x), \(y)): \(got), expected \(want)")
            }
            // The popup's centre: systemBlue, opaque.
            #expect(BackdropTests.pixel(frame, 60, 130) == [0, 122, 255, 255])
        }
    }
}
