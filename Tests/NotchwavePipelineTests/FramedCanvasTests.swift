import Foundation
import Testing
import TestSupport

/// Framed clips, through the built binary: the body's geometry measured in the pixels
/// against figures computed by hand from the presets' millimetres, the screen inside the
/// frame against the unframed render (equal at scale 1, an independent NumPy resize
/// otherwise), determinism across worker counts, transparent canvases, refusals.
@Suite("Framed canvases: body geometry, the screen inside, alpha, determinism, refusals")
struct FramedCanvasTests {
    /// A framed still, decoded: its straight RGBA bytes, size and the devices `--json` reports.
    struct Still {
        var rgba: [UInt8]
        var width: Int, height: Int
        var screens: [(x: Int, y: Int, width: Int, height: Int, scale: Double)]

        func alpha(_ x: Int, _ y: Int) -> Double { Double(rgba[(y * width + x) * 4 + 3]) / 255 }
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(rgba[((y * width + x) * 4)..<((y * width + x) * 4 + 4)]) }
    }

    static func still(_ arguments: [String], in dir: TemporaryDirectory, name: String = "still.png") throws -> Still {
        let png = dir.file(name)
        let run = try CommandRunner.notchwave(["frame", "-o", png, "--json", "-q"] + arguments)
        try #require(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        let width = try #require(json["width"] as? Int), height = try #require(json["height"] as? Int)
        let devices = json["devices"] as? [[String: Any]] ?? []
        let screens = try devices.map { device -> (Int, Int, Int, Int, Double) in
            let s = try #require(device["screen"] as? [String: Int])
            return (s["x"] ?? 0, s["y"] ?? 0, s["width"] ?? 0, s["height"] ?? 0, device["scale"] as? Double ?? 0)
        }
        return Still(rgba: try MediaProbe.decodePNG(png, width: width, height: height), width: width, height: height,
                     screens: screens.map { (x: $0.0, y: $0.1, width: $0.2, height: $0.3, scale: $0.4) })
    }

    /// Where the body's edge crosses a line of pixels walked from outside in, from about
    /// 8 pixels before `near` (a pixel coordinate) in direction `step` (+1 or -1): `alpha(j)`
    /// is the alpha of pixel `j` along the line, its centre at `j + 0.5`. On a transparent
    /// canvas the body is opaque and the shadow under it is not, so a pixel `c` covered by
    /// the body over shadow `s` has alpha `c + (1 - c) s`: the edge (coverage 1/2) is where
    /// the alpha, interpolated between pixel centres, passes `(1 + s) / 2`, with `s` the alpha
    /// of the first pixel (outside, a few pixels away).
    static func edge(near: Double, step: Int, count: Int = 16, alpha: (Int) -> Double) -> Double? {
        let first = Int((near - Double(8 * step)).rounded(.down))
        let s = alpha(first)
        let half = (1 + s) / 2
        for i in 1..<count where alpha(first + i * step) >= half {
            let a0 = alpha(first + (i - 1) * step), a1 = alpha(first + i * step)
            let t = a1 > a0 ? (half - a0) / (a1 - a0) : 0
            return Double(first) + 0.5 + (Double(i - 1) + t) * Double(step)
        }
        return nil
    }

    /// The body's figures in canvas pixels, worked out by hand from its preset (see each
    /// model's arguments below): `k` pixels per millimetre (the device scale times the
    /// display's pixels per inch over 25.4), the body's width and height, the bezel between
    /// the body's edge and the screen on the left and at the top, the outline's corner radius,
    /// and the side buttons' spans (mm from the top).
    struct Figures: Sendable, CustomTestStringConvertible {
        var preset: String
        var scale: Double
        var k: Double
        var bodyWidth: Double, bodyHeight: Double
        var leftBezel: Double, topBezel: Double
        var radius: Double
        /// A row (mm from the top) where the sides are straight and no button stands out.
        var plainRow: Double
        var leftButtons: [(Double, Double)], rightButtons: [(Double, Double)]
        var testDescription: String { "\(preset) at \(scale)" }
    }

    static let models: [Figures] = [
        // iPhone 16 Pro: 71.45 x 149.61 mm, 460.15 ppi, corner 12.58 mm, screen 1206 x 2622
        // centred. At device scale 0.7 the screen is 1206 x 0.7 = 844.2 -> 844 px across, so
        // the body's scale is 844 / 1206 = 0.699834 and k = 0.699834 x 460.15 / 25.4 =
        // 12.678295 px/mm; the body 71.45 k = 905.86 by 149.61 k = 1896.80 px; the screen
        // 1206 / 460.15 x 25.4 = 66.5696 by 144.7333 mm, so the bezels (71.45 - 66.5696) / 2
        // = 2.4398 mm = 30.93 px and (149.61 - 144.7333) / 2 = 2.4384 mm = 30.92 px; the
        // radius 12.58 k = 159.49 px. Buttons (mm): action 30.63-37.53, volume 42.63-53.83
        // and 56.83-68.03 on the left, the side button 46.48-64.18 on the right (the Camera
        // Control lies flush in the band and stands out of nothing).
        Figures(preset: "iphone-16-pro", scale: 0.7, k: 12.678295, bodyWidth: 905.86, bodyHeight: 1896.80,
                leftBezel: 30.93, topBezel: 30.92, radius: 159.49, plainRow: 120,
                leftButtons: [(30.63, 37.53), (42.63, 53.83), (56.83, 68.03)], rightButtons: [(46.48, 64.18)]),
        // iPhone SE (3rd generation): 67.27 x 138.44 mm, 325.64 ppi, corner 10.2 mm, the
        // screen's top 17.19 mm below the body's. At scale 1: k = 325.64 / 25.4 = 12.820472;
        // the body 862.43 x 1774.87 px; bezel (862.43 - 750) / 2 = 56.21 px, top 17.19 k =
        // 220.38 px; radius 130.77 px. Buttons: ringer 17.56-23.17, volume 29.25-39.87 and
        // 41.86-52.48 on the left, side 29.33-39.95 on the right.
        Figures(preset: "iphone-se-3", scale: 1, k: 12.820472, bodyWidth: 862.43, bodyHeight: 1774.87,
                leftBezel: 56.21, topBezel: 220.38, radius: 130.77, plainRow: 80,
                leftButtons: [(17.56, 23.17), (29.25, 39.87), (41.86, 52.48)], rightButtons: [(29.33, 39.95)]),
    ]

    @Test("the body's outline, bezel, corner and buttons fall where the preset's millimetres put them", arguments: models)
    func geometry(_ m: Figures) throws {
        let dir = TemporaryDirectory()
        let still = try Self.still(["-t", "1", "--preset", m.preset, "--frame", "device", "--device-scale", String(m.scale),
                                    "--canvas-background", "transparent"], in: dir)
        let screen = try #require(still.screens.first)
        #expect(abs(screen.scale - m.scale) < 0.002)
        // The body's top-left corner, from the reported screen and the bezel by hand.
        let x0 = Double(screen.x) - m.leftBezel, y0 = Double(screen.y) - m.topBezel
        let tolerance = 1.0
        // The left and right sides, on a row where they are straight.
        let row = Int(y0 + m.plainRow * m.k)
        let left = try #require(Self.edge(near: x0, step: 1) { still.alpha($0, row) })
        let right = try #require(Self.edge(near: x0 + m.bodyWidth, step: -1) { still.alpha($0, row) })
        #expect(abs(left - x0) < tolerance, "left edge at \(left), \(x0) by hand (the bezel \(Double(screen.x) - left) px, \(m.leftBezel) by hand)")
        #expect(abs((right - left) - m.bodyWidth) < tolerance, "body \(right - left) px wide, \(m.bodyWidth) by hand")
        // The top and bottom, down the middle column.
        let column = Int(x0 + m.bodyWidth / 2)
        let top = try #require(Self.edge(near: y0, step: 1) { still.alpha(column, $0) })
        let bottom = try #require(Self.edge(near: y0 + m.bodyHeight, step: -1) { still.alpha(column, $0) })
        #expect(abs(top - y0) < tolerance, "top edge at \(top), \(y0) by hand")
        #expect(abs((bottom - top) - m.bodyHeight) < tolerance, "body \(bottom - top) px high, \(m.bodyHeight) by hand")
        // The continuous corner crosses its diagonal 0.29150692 r from both edges (the
        // middle cubic's midpoint: (P0 + 3 P1 + 3 P2 + P3) / 8 of UIKit's control points);
        // a circular corner would cross at 0.29289 r. Along the row through that point the
        // edge is crossed at 45°, so at the pixel row's centre it lies that far left of it.
        let d = 0.29150692 * m.radius
        let cornerRow = Int(y0 + d)
        let expectedX = x0 + d - (Double(cornerRow) + 0.5 - (y0 + d))
        let corner = try #require(Self.edge(near: x0 + 8, step: 1, count: Int(d) + 12) { still.alpha($0, cornerRow) })
        #expect(abs(corner - expectedX) < tolerance, "corner crossed at \(corner), \(expectedX) by hand (radius \(m.radius) px)")
        // The buttons stand 0.55 mm out of the sides, their ends rounded by a radius of
        // 0.55 mm: halfway out, each run spans [from + 0.55 (1 - √3/2), to - 0.55 (1 - √3/2)].
        let p = 0.55, trim = 0.55 * (1 - 3.0.squareRoot() / 2)
        for (side, spans) in [(-1.0, m.leftButtons), (1.0, m.rightButtons)] {
            let x = Int(side < 0 ? x0 - p / 2 * m.k : x0 + m.bodyWidth + p / 2 * m.k)
            for (from, to) in spans {
                let start = y0 + (from + trim) * m.k, end = y0 + (to - trim) * m.k
                let measuredStart = try #require(Self.edge(near: start, step: 1) { still.alpha(x, $0) })
                let measuredEnd = try #require(Self.edge(near: end, step: -1) { still.alpha(x, $0) })
                #expect(abs(measuredStart - start) < tolerance && abs(measuredEnd - end) < tolerance,
                        "\(m.preset) button \(from)-\(to) mm: \(measuredStart)-\(measuredEnd) px, \(start)-\(end) by hand")
            }
        }
        // Nothing stands out of the top edge: a phone has no button there.
        #expect(still.alpha(column, Int(y0) - 3) < 0.45)
    }

    /// A framed still against the unframed frame of the same screen: the pixels inside the
    /// screen's rectangle (its rounded corners aside), equal at scale 1, within one level
    /// of an independent NumPy Catmull-Rom resize otherwise.
    struct ScreenCase: Sendable, CustomTestStringConvertible {
        var preset: String
        var scene: [String]
        var testDescription: String { preset }
    }

    static let screenCases: [ScreenCase] = [
        ScreenCase(preset: "iphone-16-pro", scene: []),
        ScreenCase(preset: "iphone-se-3", scene: ["--scene", "liquid-swipe", "--scene-option", "left=0.3@300",
                                                    "--scene-option", "right=0.6@500", "--scene-option", "page=1"]),
        ScreenCase(preset: "macbook-air-13", scene: ["--scene", "popup", "--scene-option", "text=Saved to Photos",
                                                       "--scene-option", "script=\(CommandRunner.packageRoot.path)/examples/popup-show-hide.json"]),
    ]

    @Test("inside the screen the framed pixels are the unframed frame's, resized to the reported rectangle",
          arguments: screenCases, [1.0, 0.45])
    func screenInside(_ c: ScreenCase, scale: Double) throws {
        let dir = TemporaryDirectory()
        let common = ["-t", "1.6", "--preset", c.preset] + c.scene
        let plain = try Self.still(common, in: dir, name: "plain.png")
        let framed = try Self.still(common + ["--frame", "device", "--device-scale", String(scale)], in: dir, name: "framed.png")
        let screen = try #require(framed.screens.first)
        // The screen's corners are rounded over the glass: leave out each corner's square
        // (a continuous corner reaches 1.528665 radii along the edges) and a pixel more.
        let radius = try Self.cornerRadius(c.preset) * screen.scale
        let corner = Int((1.528665 * radius).rounded(.up)) + 1
        func inCorner(_ x: Int, _ y: Int) -> Bool {
            (x < corner || x >= screen.width - corner) && (y < corner || y >= screen.height - corner)
        }
        let expected: [UInt8]
        if scale == 1 {
            #expect(screen.width == plain.width && screen.height == plain.height)
            expected = plain.rgba
        } else {
            #expect(abs(Double(screen.width) - Double(plain.width) * scale) <= 1 && abs(Double(screen.height) - Double(plain.height) * scale) <= 1)
            try Data(plain.rgba).write(to: URL(fileURLWithPath: dir.file("plain.rgba")))
            let script = CommandRunner.packageRoot.path + "/Tests/Reference/resample_reference.py"
            let run = try CommandRunner.run("python3", [script, dir.file("plain.rgba"), String(plain.width), String(plain.height),
                                                        String(screen.width), String(screen.height), dir.file("resized.rgba")])
            try #require(run.status == 0, "\(run.stderr)")
            expected = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.file("resized.rgba"))))
            try #require(expected.count == screen.width * screen.height * 4)
        }
        var worst = 0, differing = 0, compared = 0
        for y in 0..<screen.height {
            for x in 0..<screen.width where !inCorner(x, y) {
                let ours = framed.pixel(screen.x + x, screen.y + y)
                compared += 1
                var delta = 0
                for channel in 0..<4 { delta = max(delta, abs(Int(ours[channel]) - Int(expected[(y * screen.width + x) * 4 + channel]))) }
                worst = max(worst, delta)
                if delta > 0 { differing += 1 }
            }
        }
        #expect(compared > screen.width * screen.height * 8 / 10)
        if scale == 1 {
            #expect(worst == 0, "\(c.preset): \(differing) pixels differ, by up to \(worst) levels")
        } else {
            #expect(worst <= 1, "\(c.preset) at \(scale): up to \(worst) levels from the reference resize (\(differing) pixels differ)")
        }
    }

    /// The preset's screen corner radius in screen pixels (points times scale), read from
    /// `presets show --json`.
    static func cornerRadius(_ preset: String) throws -> Double {
        let run = try CommandRunner.notchwave(["presets", "show", preset, "--json"])
        try #require(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        let radius = try #require((json["cornerRadius"] as? [String: Any])?["value"] as? Double ?? json["cornerRadius"] as? Double)
        let scale = try #require(json["scale"] as? Double)
        return radius * scale
    }

    @Test("a canvas of two devices renders the same bytes on one worker and on four")
    func determinism() throws {
        let dir = TemporaryDirectory()
        let devices = #"[{"preset": "iphone-16-pro"}, {"preset": "ipad-mini", "scene": "liquid-swipe", "sceneOptions": {"left": "0.3@400"}}]"#
        var outputs: [Data] = []
        for workers in ["1", "4"] {
            let out = dir.file("w\(workers).rgba")
            let run = try CommandRunner.notchwave(["render", "--frame", "device", "--devices", devices, "--canvas", "640x480",
                                                   "--headline", "Two devices", "--duration", "0.5", "--fps", "10",
                                                   "--offset", "0.8", "--workers", workers, "-o", out, "-q"])
            try #require(run.status == 0, "\(run.stderr)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(outputs[0].count == 640 * 480 * 4 * 5)
        #expect(outputs[0] == outputs[1])
        // The frames move (the scene is drawn per frame, over the body drawn once).
        #expect(outputs[0].prefix(640 * 480 * 4) != outputs[0].suffix(640 * 480 * 4))
    }

    @Test("a framed clip's frames are the stills `frame` renders at their times (the rows a frame re-renders are all that change)",
          arguments: [["--style", "smooth"], ["--scene", "liquid-swipe", "--scene-option", "left=0.3@400", "--scene-option", "right=0.6@700"]])
    func clipFramesAreStills(_ scene: [String]) throws {
        let dir = TemporaryDirectory()
        let common = ["--preset", "iphone-16-pro", "--frame", "device", "--canvas", "540x960", "--headline", "Framed"] + scene
        let clip = dir.file("clip.rgba")
        let run = try CommandRunner.notchwave(["render", "--duration", "0.4", "--fps", "10", "--offset", "0.7", "-o", clip, "-q"] + common)
        try #require(run.status == 0, "\(run.stderr)")
        let frames = try Data(contentsOf: URL(fileURLWithPath: clip))
        let size = 540 * 960 * 4
        try #require(frames.count == size * 4)
        for i in 0..<4 {
            let still = dir.file("still\(i).rgba")
            let t = String(format: "%.1f", 0.7 + Double(i) / 10)
            let frame = try CommandRunner.notchwave(["frame", "-t", t, "-o", still, "-q"] + common)
            try #require(frame.status == 0, "\(frame.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: still)) == frames.subdata(in: (i * size)..<((i + 1) * size)), "frame \(i) at \(t) s")
        }
    }

    @Test("a transparent canvas: clear around the body, opaque on it, the shadow in between, in ProRes 4444, WebM and PNG",
          arguments: ["mov", "webm", "png"])
    func transparency(_ ext: String) throws {
        let dir = TemporaryDirectory()
        let out = dir.file("framed.\(ext)")
        let args = ["--preset", "iphone-x", "--frame", "device", "--canvas", "500x900", "--canvas-background", "transparent"]
        let run = ext == "png" ? try CommandRunner.notchwave(["frame", "-t", "1", "-o", out, "-q"] + args)
                               : try CommandRunner.notchwave(["render", "--duration", "0.2", "--fps", "10", "-o", out, "-q"] + args)
        try #require(run.status == 0, "\(run.stderr)")
        let info = try MediaProbe.stream(out)
        #expect(info.width == 500 && info.height == 900)
        let rgba = ext == "png" ? try MediaProbe.decodePNG(out, width: 500, height: 900)
                                : try MediaProbe.decodeFrame(out, index: 0, width: 500, height: 900, decoder: ext == "webm" ? "libvpx-vp9" : nil)
        func alpha(_ x: Int, _ y: Int) -> Int { Int(rgba[(y * 500 + x) * 4 + 3]) }
        let loss = ext == "webm" ? 6 : 1
        #expect(alpha(2, 2) <= loss, "the canvas's corner")
        #expect(alpha(250, 450) >= 255 - loss, "the screen")
        // The body's band, just inside its left edge, halfway down.
        let frame = try Self.still(["-t", "1"] + args, in: dir, name: "probe.png")
        let screen = try #require(frame.screens.first)
        #expect(alpha(screen.x - 8, 450) >= 255 - loss, "the bezel")
        // Under the body's bottom edge, the shadow: neither clear nor opaque.
        let below = screen.y + screen.height + 30
        #expect(alpha(250, below) > 10 && alpha(250, below) < 200, "the shadow: alpha \(alpha(250, below))")
    }

    @Test("an App Store preview refuses a frame or a canvas, in one line; check-preview explains a framed file by its size")
    func appPreview() throws {
        let dir = TemporaryDirectory()
        for extra in [["--frame", "device"], ["--canvas", "square"], ["--headline", "Hi"]] {
            let run = try CommandRunner.notchwave(["render", "--preset", "iphone-16-pro", "--profile", "app-preview", "-o", dir.file("p.mp4")] + extra)
            #expect(run.status == 64)
            #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("shows the screen alone"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.file("p.mp4")))
        }
        let framed = dir.file("framed.mp4")
        try #require(try CommandRunner.notchwave(["render", "--preset", "iphone-16-pro", "--frame", "device", "--canvas", "portrait",
                                                  "--duration", "0.2", "-o", framed, "-q"]).status == 0)
        let check = try CommandRunner.notchwave(["check-preview", framed])
        #expect(check.status == 1)
        #expect(check.stdoutText.contains("1080x1350 is the canvas of a framed marketing clip"), "\(check.stdoutText)")
    }

    @Test("bad values: one line each, exit 64, nothing written", arguments: [
        (["--device-scale", "-1"], "--device-scale: -1 is out of range"),
        (["--canvas", "300x300", "--device-scale", "1"], "the 300x300 canvas is smaller than the device at --device-scale 1"),
        (["--frame-finish", "blak"], "not 'blak' (did you mean black-titanium?)"),
        (["--frame-finish", "natural"], "(did you mean natural-titanium?)"),
        (["--canvas", "squar"], "--canvas"),
        (["--canvas-background", "linear-gradient(90deg, #fff)"], "--canvas-background"),
        (["--devices", #"[{"preset": "iphone-x", "canvas": "square"}]"#], "device 1"),
        (["--devices", #"[{"preset": "nokia-3310"}]"#], "device 1"),
    ])
    func badValues(_ extra: [String], message: String) throws {
        let dir = TemporaryDirectory()
        let out = dir.file("x.png")
        let run = try CommandRunner.notchwave(["frame", "-t", "1", "--preset", "iphone-16-pro", "--frame", "device", "-o", out] + extra)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("a preset without body data says so when asked for a frame")
    func noBody() throws {
        let dir = TemporaryDirectory()
        let run = try CommandRunner.notchwave(["frame", "-t", "1", "--preset", "plain", "--frame", "device", "-o", dir.file("x.png")])
        #expect(run.status == 64)
        #expect(run.stderr.contains("Plain (no cutout) has no body data"), "\(run.stderr)")
        // Without a body the screen alone still goes on a canvas.
        let canvas = try CommandRunner.notchwave(["frame", "-t", "1", "--preset", "plain", "--canvas", "square", "-o", dir.file("y.png"), "-q"])
        #expect(canvas.status == 0, "\(canvas.stderr)")
    }

    @Test("a headline read per locale from a String Catalog: the locales' canvases differ in the headline only")
    func headlinePerLocale() throws {
        let dir = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: CommandRunner.packageRoot.path + "/examples/Localizable.xcstrings", toPath: dir.file("Localizable.xcstrings"))
        try #"""
        {"presets": ["iphone-16-pro"], "formats": ["png"], "strings": "Localizable.xcstrings", "locales": ["en", "de"],
         "defaults": {"frame": "device", "canvas": "square", "duration": 0.1, "fps": 10, "offset": 1.2,
                      "headline": {"key": "preview.plan", "size": 48, "position": "top"}},
         "output": "{locale}.{ext}"}
        """#.write(toFile: dir.file("job.json"), atomically: true, encoding: .utf8)
        let run = try CommandRunner.notchwave(["batch", dir.file("job.json"), "-o", dir.file("out"), "-q"])
        try #require(run.status == 0, "\(run.stderr)")
        let en = try MediaProbe.decodePNG(dir.file("out/en.png"), width: 1080, height: 1080)
        let de = try MediaProbe.decodePNG(dir.file("out/de.png"), width: 1080, height: 1080)
        // Rows that differ: all within the headline's band at the top.
        let differing = (0..<1080).filter { y in en[(y * 1080 * 4)..<((y + 1) * 1080 * 4)] != de[(y * 1080 * 4)..<((y + 1) * 1080 * 4)] }
        #expect(!differing.isEmpty)
        #expect((differing.max() ?? 0) < 160, "rows \(differing.first ?? 0) to \(differing.last ?? 0) differ")
    }

    @Test("docs/frames holds what examples/frames.json renders now (the pictures' pixels)")
    func documentationPictures() throws {
        let dir = TemporaryDirectory()
        let root = CommandRunner.packageRoot.path
        let run = try CommandRunner.notchwave(["batch", root + "/examples/frames.json", "-o", dir.file("frames"), "-q", "--json"])
        try #require(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.file("frames")).filter { $0.hasSuffix(".png") && $0 != "contact-sheet.png" }
        #expect(names.count == 4)
        for name in names.sorted() {
            let fresh = dir.file("frames/\(name)"), committed = root + "/docs/frames/\(name)"
            try #require(FileManager.default.fileExists(atPath: committed), "docs/frames/\(name) is missing: run `make frames-docs`")
            let a = try MediaProbe.stream(fresh), b = try MediaProbe.stream(committed)
            try #require(a.width == b.width && a.height == b.height, "docs/frames/\(name) has another size: run `make frames-docs`")
            let same = try MediaProbe.decodePNG(fresh, width: a.width, height: a.height) == MediaProbe.decodePNG(committed, width: b.width, height: b.height)
            #expect(same, "docs/frames/\(name) is not what examples/frames.json renders now: run `make frames-docs`")
        }
    }
}
