import Foundation
import Testing
import NotchwaveModel
import NotchwavePipeline
import NotchwaveRaster
import NotchwaveScene
import NotchwaveVideo
import TestSupport

/// A frame renders only the rows where it differs from frame 0 and copies the others from
/// the template: the bytes must be those of rendering every row.
@Suite("Rows re-rendered per frame")
struct ChangedRowsTests {
    @Test("each frame's slice equals the same rows rendered in full, for every scene scripted to move",
          arguments: ["notch-waves", "liquid-swipe", "popup", "controls"])
    func sameBytes(scene name: String) throws {
        let preset = try PresetLibrary(directory: CommandRunner.packageRoot.appendingPathComponent("presets").path).preset(named: "iphone-x")
        let dir = TemporaryDirectory()
        let plan = try #require(try PipelineBenchmark.plans(preset: preset, duration: 3, scenes: [name], directory: dir.path).first?.plan)
        let fewest = try compare(plan, frames: Array(stride(from: 1, to: plan.frameCount, by: 13)))
        if name == "controls" {
            // The controls' slice is most of the screen; a frame changes well under half of it.
            #expect(fewest.changed < fewest.of / 2, "\(fewest.changed) of \(fewest.of) rows")
        }
    }

    @Test("a control pressed in the middle of a clip (a layer step that comes and goes) renders the same bytes as in full")
    func pressedControl() throws {
        let preset = try PresetLibrary(directory: CommandRunner.packageRoot.appendingPathComponent("presets").path).preset(named: "iphone-se-2")
        let dir = TemporaryDirectory()
        let script = dir.file("script.json")
        try #"{"events": [{"drag": "thumb", "at": 0, "path": [[0, 0], [0.4, 200]]}, {"hold": "increment", "at": 0.3, "until": 0.6}]}"#
            .write(toFile: script, atomically: true, encoding: .utf8)
        var request = RenderRequest()
        request[Parameters.duration] = 1
        request[Parameters.fps] = 30
        request[Scenes.scene] = "controls"
        request[Parameters.sceneOptions] = OptionList([("component", "showcase"), ("script", script)].map { OptionList.Entry(key: $0.0, input: .text($0.1)) })
        let plan = try RenderSession.plan(request, preset: preset, outputExtension: "mp4")
        _ = try compare(plan, frames: Array(0..<30))
    }

    /// Renders `frames` of `plan` both ways and expects the same bytes; returns the fewest
    /// rows a frame re-rendered, of how many.
    func compare(_ plan: RenderPlan, frames: [Int]) throws -> (changed: Int, of: Int) {
        let scene = try plan.makeScene()
        let renderer = try FrameRenderer(scene: scene, time: plan.clock)
        let rasterizer = Rasterizer()
        let slice = try renderer.makeSlice()
        let rows = renderer.dynamicRows
        let first = scene.composition(at: plan.time(ofFrame: 0))
        var fewest = rows.count
        for index in frames {
            let changed = scene.composition(at: plan.time(ofFrame: index)).changes(since: first, within: rows).rows
            fewest = min(fewest, changed.reduce(0) { $0 + $1.count })
            try renderer.render(frame: index, into: slice, using: rasterizer)
            let full = try renderer.renderFull(frame: index)
            var differing = 0
            for r in rows where memcmp(slice.row(r - rows.lowerBound), full.row(r), slice.bytesPerRow) != 0 { differing += 1 }
            #expect(differing == 0, "frame \(index): \(differing) rows differ")
        }
        return (fewest, rows.count)
    }

    /// (The controls' slider goes back to where it started: its rows are the template's
    /// again, while pooled frames still hold it moved; their frames are rendered into
    /// slices and converted on the pipeline's thread. The popup's dimmed background changes
    /// every row while it shows: those frames are rendered and converted band by band on
    /// the workers, two at once, into a pool that grows to the frames in flight; the frames
    /// after it hides change no row, so each pooled frame must be refreshed where its last
    /// frame differed. iphone-x's odd width is padded to an even one by repeating the last
    /// column. The notch waves over a transparent background in VP9 have translucent pixels
    /// in every frame's rows: those are un-premultiplied before they are converted (band by
    /// band for the bar alone, whose frames change every row; from slices for the whole
    /// screen), and the alpha plane is the straight alpha.)
    @Test("an encoder's pooled frames are converted where each frame changes and where the frame before held changes: a lossless H.264 or VP9 file decodes to every frame converted whole",
          arguments: [("iphone-se-2", 750, 750, 1334, "popup"), ("iphone-x", 1125, 1126, 2436, "controls"),
                      ("iphone-x", 1125, 1126, 90, "notch-waves"), ("iphone-x", 1125, 1126, 2436, "notch-waves-screen")])
    func pooledConversion(preset: String, pictureWidth: Int, width: Int, height: Int, scene: String) throws {
        let dir = TemporaryDirectory()
        let script = dir.file("script.json")
        let alpha = scene.hasPrefix("notch-waves")
        let options: [String]
        switch scene {
        case "popup":
            try #"{"events": [{"show": true, "at": 0}, {"hide": true, "at": 0.3}]}"#.write(toFile: script, atomically: true, encoding: .utf8)
            options = ["--scene-option", "background=#00000066", "--scene-option", "script=\(script)"]
        case "controls":
            try #"{"events": [{"drag": "thumb", "at": 0, "path": [[0, 0], [0.1, 300], [0.25, 300], [0.3, 0]]}]}"#
                .write(toFile: script, atomically: true, encoding: .utf8)
            options = ["--scene-option", "component=showcase", "--scene-option", "script=\(script)"]
        case "notch-waves":
            options = ["--background", "transparent", "--region", "bar"]
        default:
            options = ["--background", "transparent"]
        }
        let count = alpha ? 12 : 30
        let container = alpha ? "webm" : "mp4"
        let common = ["--preset", preset, "--scene", alpha ? "notch-waves" : scene] + options + ["--duration", "\(Double(count) / 30)", "--fps", "30", "--workers", "2", "-q"]
        let raw = try CommandRunner.notchwave(["render"] + common + ["-o", dir.file("clip.rgba")])
        let video = try CommandRunner.notchwave(["render"] + common + ["--quality", "lossless", "-o", dir.file("clip.\(container)")])
        #expect(raw.status == 0 && video.status == 0, "\(raw.stderr) \(video.stderr)")
        let format: VideoPixelFormat = alpha ? .yuva420p : .yuv420p
        let decoded = try CommandRunner.run("ffmpeg", ["-v", "error"] + (alpha ? ["-c:v", "libvpx-vp9"] : []) + ["-i", dir.file("clip.\(container)"),
                                                       "-f", "rawvideo", "-pix_fmt", format.rawValue, "-"]).stdout
        let frames = try Data(contentsOf: URL(fileURLWithPath: dir.file("clip.rgba")))
        var planes = [(0, width, height), (1, width / 2, height / 2), (2, width / 2, height / 2)]
        if alpha { planes.append((3, width, height)) }
        let frameBytes = pictureWidth * height * 4, yuvBytes = planes.reduce(0) { $0 + $1.1 * $1.2 }
        #expect(frames.count == count * frameBytes && decoded.count == count * yuvBytes)
        let writer = try VideoFileWriter(path: "/dev/null", container: ContainerSettings(formatName: "null"),
                                         encoder: EncoderSettings(encoderName: "rawvideo", pixelFormat: format, width: width, height: height, fps: 30))
        let scratch = try writer.makeFrame()
        let converter = try PixelConverter(width: width, height: height, format: format)
        var padded = [UInt8](repeating: 0, count: width * height * 4)
        var translucent = 0
        for index in 0..<min(count, frames.count / frameBytes, decoded.count / yuvBytes) {
            // The frame as encoded: each row's last pixel repeated into the padding.
            for y in 0..<height {
                let source = index * frameBytes + y * pictureWidth * 4
                for x in 0..<width {
                    let from = source + min(x, pictureWidth - 1) * 4
                    for c in 0..<4 { padded[(y * width + x) * 4 + c] = frames[from + c] }
                    if padded[(y * width + x) * 4 + 3] % 255 != 0 { translucent += 1 }
                }
            }
            try padded.withUnsafeBufferPointer { try converter.convert(rows: 0..<height, firstRow: $0.baseAddress!, bytesPerRow: width * 4, into: scratch) }
            var offset = index * yuvBytes
            var differing = 0
            for (plane, w, h) in planes {
                let (data, stride) = scratch.plane(plane)
                for y in 0..<h {
                    let expected = UnsafeBufferPointer(start: data! + y * stride, count: w)
                    if !decoded[(offset + y * w)..<(offset + (y + 1) * w)].elementsEqual(expected) { differing += 1 }
                }
                offset += w * h
            }
            #expect(differing == 0, "frame \(index): \(differing) plane rows differ")
        }
        // Translucent pixels are those whose colour un-premultiplying changes.
        #expect(alpha == (translucent > 0), "\(translucent) translucent pixels")
    }

    @Test("a changed command marks its rows; one inside a material's window marks the whole window")
    func materialWindows() {
        func rect(_ y0: Float, _ y1: Float) -> Shape { .rectangle(x0: 0, y0: y0, x1: 10, y1: y1) }
        let material = Material(shape: rect(100, 120), blur: BoxBlur(sigma: 2), downscale: 4, tint: RGBA8(r: 255, g: 255, b: 255, a: 128))
        func frame(_ a: Float, _ b: Float) -> Composition {
            Composition(base: .white, steps: [.draw([DrawCommand(shape: rect(a, a + 4), paint: .solid(.black))]), .material(material),
                                              .draw([DrawCommand(shape: rect(b, b + 4), paint: .solid(.black))])])
        }
        let first = frame(10, 300)
        #expect(first.changedRows(since: first, within: 0..<400).isEmpty)
        // Far from the material: the command's old and new rows only.
        #expect(frame(12, 300).changedRows(since: first, within: 0..<400) == [10..<16])
        // Over the material (a later step): its whole window, which the blur reads.
        let reach = material.windowReach
        #expect(reach > 0)
        #expect(frame(10, 110).changedRows(since: first, within: 0..<400) == [(100 - reach)..<(120 + reach), 300..<304])
        // A step added in the middle (a pressed control's layer): its rows.
        var pressed = first
        pressed.steps.insert(.layer([DrawCommand(shape: rect(200, 210), paint: .solid(.black))], filters: [.opacity(0.5)]), at: 1)
        #expect(pressed.changedRows(since: first, within: 0..<400) == [200..<210])
        // A different base: every row.
        var other = first
        other.base = .black
        #expect(other.changedRows(since: first, within: 0..<400) == [0..<400])
    }

    @Test("with recorded backdrops, a change over a settled material marks its own rows; a change below one, or the material moved, its window")
    func settledMaterials() {
        func rect(_ y0: Float, _ y1: Float) -> Shape { .rectangle(x0: 0, y0: y0, x1: 10, y1: y1) }
        let material = Material(shape: rect(100, 120), blur: BoxBlur(sigma: 2), downscale: 4, tint: RGBA8(r: 255, g: 255, b: 255, a: 128))
        func frame(_ a: Float, _ b: Float, material m: Material = material) -> Composition {
            Composition(base: .white, steps: [.draw([DrawCommand(shape: rect(a, a + 4), paint: .solid(.black))]), .material(m),
                                              .draw([DrawCommand(shape: rect(b, b + 4), paint: .solid(.black))])])
        }
        let first = frame(10, 300)
        let reach = material.windowReach
        let window = (100 - reach)..<(120 + reach)
        // Drawn over the material: only the command's old and new rows; the material
        // (step 1) shows frame 0's backdrop.
        let over = frame(10, 110).changes(since: first, within: 0..<400)
        #expect(over.rows == [110..<114, 300..<304])
        #expect(over.settledMaterials == [1: 1])
        // Drawn below the material, inside its window: the material changes, whole.
        let below = frame(100 - Float(reach) + 1, 300).changes(since: first, within: 0..<400)
        #expect(below.rows == [10..<14, window.lowerBound..<window.upperBound])
        #expect(below.settledMaterials.isEmpty)
        // Below it but outside its window: settled.
        let far = frame(12, 300).changes(since: first, within: 0..<400)
        #expect(far.rows == [10..<16])
        #expect(far.settledMaterials == [1: 1])
        // The material moved: its old rows and its new window.
        let moved = frame(10, 300, material: Material(shape: rect(104, 124), blur: material.blur, downscale: 4, tint: material.tint))
            .changes(since: first, within: 0..<400)
        #expect(moved.rows == [(100 - reach)..<(124 + reach)])
        #expect(moved.settledMaterials.isEmpty)
        // A layer added below the material (a pressed control) and within its window.
        var pressed = first
        pressed.steps.insert(.layer([DrawCommand(shape: rect(118, 122), paint: .solid(.black))], filters: [.opacity(0.5)]), at: 1)
        let press = pressed.changes(since: first, within: 0..<400)
        #expect(press.rows == [window])
        #expect(press.settledMaterials.isEmpty)
    }
}
