import Foundation
import Testing
import TestSupport

/// Scripted scenes end to end: a clip rendered by `notchwave render`, decoded with ffmpeg,
/// against the frame `notchwave frame` draws at the same time.
@Suite("Scenes end to end")
struct SceneCLITests {
    static let examples = CommandRunner.packageRoot.appendingPathComponent("examples").path

    /// Renders `scene` with `options` over `duration` s at 30 fps as a PNG sequence and as
    /// H.264, and compares frames `indices` with `notchwave frame` at `index / 30` s.
    func check(scene: String, options: [String], preset: String, size: (Int, Int), duration: Double, indices: [Int], extra: [String] = [], minimumPSNR: Double = 35) throws {
        let dir = TemporaryDirectory()
        let common = ["--scene", scene, "--preset", preset] + options.flatMap { ["--scene-option", $0] } + extra
        var run = try CommandRunner.notchwave(["render"] + common + ["--fps", "30", "--duration", String(duration), "-o", dir.file("seq/"), "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        run = try CommandRunner.notchwave(["render"] + common + ["--fps", "30", "--duration", String(duration), "--quality", "high",
                                                                 "-o", dir.file("clip.mp4"), "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let info = try MediaProbe.stream(dir.file("clip.mp4"))
        #expect(info.frames == Int((duration * 30).rounded()))
        let (w, h) = size
        for index in indices {
            let time = Double(index) / 30
            let framePath = dir.file("frame-\(index).png")
            run = try CommandRunner.notchwave(["frame"] + common + ["--time", String(time), "-o", framePath])
            #expect(run.status == 0, "\(run.stderr)")
            let still = try MediaProbe.decodePNG(framePath, width: w, height: h)
            // The PNG sequence's frame is the same picture, byte for byte.
            let sequence = try MediaProbe.decodePNG(dir.file(String(format: "seq/%05d.png", index)), width: w, height: h)
            #expect(sequence == still, "\(scene) frame \(index): the sequence differs from notchwave frame")
            // The H.264 frame is the same picture through 4:2:0 and the encoder.
            let decoded = try MediaProbe.decodeFrame(dir.file("clip.mp4"), index: index, width: w + w % 2, height: h + h % 2)
            let psnr = ImageCompare.psnr(decoded, still, width: w, height: h, strideA: w + w % 2)
            #expect(psnr > minimumPSNR, "\(scene) frame \(index): \(psnr) dB")
        }
        // And the frames really move: the first and a later frame differ.
        let first = try MediaProbe.decodePNG(dir.file("seq/00000.png"), width: w, height: h)
        let later = try MediaProbe.decodePNG(dir.file(String(format: "seq/%05d.png", indices.max() ?? 1)), width: w, height: h)
        #expect(first != later)
    }

    @Test("a scripted LiquidSwipe swipe: rendered, decoded, each frame as notchwave frame draws it")
    func liquidSwipe() throws {
        // The tap of examples/liquid-swipe-tap.json: the swipe, the page switch at 0.3 s, the re-entry.
        try check(scene: "liquid-swipe", options: ["script=\(Self.examples)/liquid-swipe-tap.json"], preset: "iphone-se-3",
                  size: (750, 1334), duration: 2, indices: [0, 20, 32, 41, 59])
    }

    @Test("a scripted popup show and hide: rendered, decoded, each frame as notchwave frame draws it")
    func popup() throws {
        try check(scene: "popup", options: ["script=\(Self.examples)/popup-show-hide.json", "background=#00000066"], preset: "iphone-se-3",
                  size: (750, 1334), duration: 2, indices: [0, 16, 20, 25, 50])
    }

    @Test("a scripted vertical stepper held: rendered, decoded, each frame as notchwave frame draws it")
    func heldStepper() throws {
        // examples/controls-held-stepper.json: held from 0.5 s (steps at 0.5, 1.0, 1.1, ...).
        try check(scene: "controls", options: ["component=vertical-stepper", "script=\(Self.examples)/controls-held-stepper.json"],
                  preset: "iphone-se-3", size: (750, 1334), duration: 2, indices: [0, 16, 31, 34, 45])
    }

    @Test("a scripted slider drag over a backdrop (a material reading the picture below): each frame as notchwave frame draws it")
    func sliderOverBackdrop() throws {
        let dir = TemporaryDirectory()
        let made = try CommandRunner.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=750x1334:rate=1", "-frames:v", "1",
                                                            dir.file("backdrop.png")])
        #expect(made.status == 0, "\(made.stderr)")
        try check(scene: "controls", options: ["component=slider", "script=\(Self.examples)/controls-slider-drag.json"], preset: "iphone-se-3",
                  size: (750, 1334), duration: 1.5, indices: [0, 20, 30, 44], extra: ["--backdrop", dir.file("backdrop.png")],
                  // The test picture's saturated colour bars bound RGB PSNR through 4:2:0 chroma.
                  minimumPSNR: 30)
    }

    @Test("--offset starts the clip later in the animation: frame i is notchwave frame at offset + i / fps")
    func offset() throws {
        let dir = TemporaryDirectory()
        let common = ["--scene", "liquid-swipe", "--preset", "iphone-se-3", "--scene-option", "script=\(Self.examples)/liquid-swipe-tap.json"]
        var run = try CommandRunner.notchwave(["render"] + common + ["--offset", "1.1", "--fps", "10", "-o", dir.file("seq/"), "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        // The script's tap is at 0.6 s: the clip runs to 1.5 s after it (2.1 s), here from 1.1 s on: 1 s.
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.file("seq")).filter { $0.hasSuffix(".png") }
        #expect(files.count == 10, "\(files.count) frames")
        for (index, time) in [(0, "1.1"), (3, "1.4")] {
            run = try CommandRunner.notchwave(["frame"] + common + ["--time", time, "-o", dir.file("f.png")])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try MediaProbe.decodePNG(dir.file("f.png"), width: 750, height: 1334)
                    == MediaProbe.decodePNG(dir.file(String(format: "seq/%05d.png", index)), width: 750, height: 1334))
        }
    }

    @Test("examples/scenes.json plans every example script without a problem")
    func scenesExample() throws {
        let dir = TemporaryDirectory()
        let run = try CommandRunner.notchwave(["batch", Self.examples + "/scenes.json", "-o", dir.file("out"), "--dry-run"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.split(separator: "\n").count == 13)
    }

    @Test("job files take scene and sceneOptions, with relative scripts found beside the job file")
    func batch() throws {
        let dir = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Self.examples + "/liquid-swipe-tap.json", toPath: dir.file("tap.json"))
        try #"""
        {"presets": ["iphone-se-3"], "formats": ["png"],
         "defaults": {"duration": 0.5, "fps": 10},
         "variants": [{"name": "swipe", "scene": "liquid-swipe", "sceneOptions": {"script": "tap.json", "page": 2}},
                      {"name": "popup", "scene": "popup", "sceneOptions": {"state": "shown", "text": ""}},
                      {"name": "bad", "scene": "liquid-swipe", "sceneOptions": {"left": "2@100"}}],
         "output": "{variant}.{ext}"}
        """#.write(toFile: dir.file("job.json"), atomically: true, encoding: .utf8)
        let run = try CommandRunner.notchwave(["batch", dir.file("job.json"), "-o", dir.file("out"), "-q"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.file("out/swipe.png")) && FileManager.default.fileExists(atPath: dir.file("out/popup.png")))
        #expect(run.stderr.contains("$.variants[2].sceneOptions.left (line 5, column"), "\(run.stderr)")
        #expect(run.stderr.contains("progress 2 is out of range (0 to 1)"), "\(run.stderr)")
    }
}

/// Odd-width presets in 4:2:0 video: the column added to make the width even repeats
/// the picture's last column, so the last column decodes as the picture has it (a dark
/// padding column pulled it towards black through the shared chroma sample).
@Suite("Odd-width padding")
struct OddWidthPaddingTests {
    @Test("the decoded last column matches the picture's, in every scene", arguments: [
        ["--scene", "liquid-swipe"], ["--scene", "popup"], ["--scene", "notch-waves", "--region", "bar"], ["--scene", "controls"],
    ])
    func lastColumn(scene: [String]) throws {
        let dir = TemporaryDirectory()
        let common = ["--preset", "iphone-x"] + scene
        var run = try CommandRunner.notchwave(["render"] + common + ["--duration", "0.1", "--quality", "lossless", "-o", dir.file("p.mp4"), "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let info = try MediaProbe.stream(dir.file("p.mp4"))
        let w = 1125, h = info.height
        #expect(info.width == w + 1)
        run = try CommandRunner.notchwave(["frame"] + common + ["--time", "0", "-o", dir.file("f.png")])
        #expect(run.status == 0, "\(run.stderr)")
        let still = try MediaProbe.decodePNG(dir.file("f.png"), width: w, height: h)
        let decoded = try MediaProbe.decodeFrame(dir.file("p.mp4"), index: 0, width: w + 1, height: h)
        // The last picture column against the picture, and against the decoded column
        // beside it: within the levels a lossless 4:2:0 round trip moves a flat colour.
        var worstEdge = 0, worstNeighbour = 0
        for y in 0..<h {
            for c in 0..<3 {
                let edge = Int(decoded[(y * (w + 1) + w - 1) * 4 + c])
                worstEdge = max(worstEdge, abs(edge - Int(still[(y * w + w - 1) * 4 + c])))
                worstNeighbour = max(worstNeighbour, abs(edge - Int(still[(y * w + w - 2) * 4 + c])))
            }
        }
        #expect(worstEdge <= 6, "\(scene): the last column decodes up to \(worstEdge) levels from the picture's")
        #expect(worstNeighbour <= 8, "\(scene): the last column decodes up to \(worstNeighbour) levels from its neighbour")
    }
}
