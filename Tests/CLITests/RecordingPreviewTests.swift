import Foundation
import Testing
import TestSupport

/// App Store previews made of the app's own recordings: synthetic recordings written by
/// the ffmpeg tool (each frame's number drawn as 12 black or white bars, 60 fps, odd
/// sizes, a rotation tag, with and without sound), rendered by notchwave, decoded again by
/// ffmpeg and read back: which source frame each output frame shows after trims and cuts,
/// the crossfade's weights, when captions show and in which language, and the folder
/// fastlane's deliver reads.
@Suite("Previews from recordings: segments, captions, locales, the fastlane folder")
struct RecordingPreviewTests {
    static func ffmpeg(_ arguments: [String]) throws {
        let run = try CommandRunner.run("ffmpeg", ["-v", "error", "-y"] + arguments)
        #expect(run.status == 0, "ffmpeg \(arguments): \(run.stderr)")
    }

    /// A recording `width` x `height` (as displayed) at `fps` for `seconds`, frame n drawn
    /// as 12 vertical bars, bar k white when bit k of `offset + n` is set; with a 440 Hz
    /// tone when `sound`; stored turned a quarter (and tagged to be shown upright) when
    /// `rotated`.
    static func counter(_ path: String, width: Int, height: Int, fps: Int = 60, seconds: Double, offset: Int = 0,
                        sound: Bool = false, rotated: Bool = false) throws {
        let bars = "nullsrc=s=\(width)x\(height):r=\(fps):d=\(seconds),geq=lum='255*mod(floor((N+\(offset))/pow(2\\,floor(X*12/W)))\\,2)':cb=128:cr=128"
        var arguments = ["-f", "lavfi", "-i", bars]
        if sound { arguments += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)"] }
        // An odd size is kept: 4:4:4 (High 4:4:4) has no chroma rows or columns to pair.
        let format = width % 2 == 1 || height % 2 == 1 ? "yuv444p" : "yuv420p"
        arguments += ["-vf", (rotated ? "transpose=1," : "") + "format=" + format, "-c:v", "libx264", "-preset", "veryfast", "-crf", "12"]
        if sound { arguments += ["-c:a", "aac", "-shortest"] }
        let stored = rotated ? path + ".stored.mp4" : path
        try ffmpeg(arguments + [stored])
        if rotated {
            try ffmpeg(["-i", stored, "-c", "copy", "-metadata:s:v:0", "rotate=90", path])
            try? FileManager.default.removeItem(atPath: stored)
        }
    }

    /// The numbers the frames of `path` (decoded by ffmpeg, autorotated, as gray
    /// `width` x `height`) show, read at mid-height in each bar's middle.
    static func counters(_ path: String, width: Int, height: Int, row: Int? = nil, left: Int = 0, barsWidth: Int? = nil) throws -> [Int] {
        let run = try CommandRunner.run("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = [UInt8](run.stdout), size = width * height
        let y = row ?? height / 2, span = Double(barsWidth ?? width)
        return (0..<(bytes.count / size)).map { frame in
            (0..<12).reduce(0) { value, k in
                let x = left + Int((Double(k) + 0.5) * span / 12)
                return bytes[frame * size + y * width + x] > 128 ? value | (1 << k) : value
            }
        }
    }

    @Test("the recording alone (--scene none): output frame i shows the recording's last frame at or before start + i / fps")
    func trimmed() throws {
        let dir = try TemporaryDirectory()
        try Self.counter(dir.file("rec.mp4"), width: 375, height: 667, seconds: 4)
        let run = try CommandRunner.notchwave(["render", "--preset", "iphone-8", "--scene", "none", "--backdrop", dir.file("rec.mp4"),
                                               "--backdrop-start", "1.5", "--duration", "1", "--fps", "30", "--quality", "draft", "-o", dir.file("out.mp4")])
        #expect(run.status == 0, "\(run.stderr)")
        let shown = try Self.counters(dir.file("out.mp4"), width: 750, height: 1334)
        #expect(shown == (0..<30).map { 90 + 2 * $0 })
        // Without anything to show, the none scene is refused.
        let bare = try CommandRunner.notchwave(["render", "--preset", "iphone-8", "--scene", "none", "-o", dir.file("bare.mp4")])
        #expect(bare.status == 64 && bare.stderr.contains("--backdrop"), "\(bare.stderr)")
    }

    @Test("segments: trims and cuts across two recordings, one of odd size stored turned with a rotation tag")
    func cuts() throws {
        let dir = try TemporaryDirectory()
        try Self.counter(dir.file("a.mp4"), width: 375, height: 667, seconds: 3)
        try Self.counter(dir.file("b.mov"), width: 377, height: 669, seconds: 3, offset: 2048, rotated: true)
        let segments = #"[{"recording": "a.mp4", "in": 0.5, "out": 1.0}, {"recording": "b.mov", "in": 0.25, "out": 0.75}, {"recording": "a.mp4", "in": 2, "out": 2.5}]"#
        let run = try CommandRunner.notchwave(["render", "--preset", "iphone-8", "--scene", "none", "--segments", segments, "--backdrop-fit", "fill",
                                               "--fps", "30", "--quality", "draft", "-o", dir.file("out.mp4")], in: dir.path)
        #expect(run.status == 0, "\(run.stderr)")
        let shown = try Self.counters(dir.file("out.mp4"), width: 750, height: 1334)
        // 0.5 s each at 30 fps: a from 30, b from 2048 + 15, a from 120 (two source frames per output frame).
        let expected = (0..<15).map { 30 + 2 * $0 } + (0..<15).map { 2048 + 15 + 2 * $0 } + (0..<15).map { 120 + 2 * $0 }
        #expect(shown == expected)
        // A changed speed would falsify the footage: refused, with the reason.
        let fast = try CommandRunner.notchwave(["render", "--preset", "iphone-8", "--scene", "none",
                                                "--segments", #"[{"recording": "a.mp4", "in": 0, "out": 1, "speed": 2}]"#, "-o", dir.file("f.mp4")], in: dir.path)
        #expect(fast.status == 64 && fast.stderr.contains("own speed"), "\(fast.stderr)")
        // A segment past its recording's end (3 s) would freeze on its last picture: refused, nothing written.
        let late = try CommandRunner.notchwave(["render", "--preset", "iphone-8", "--scene", "none", "--backdrop-fit", "fill",
                                                "--segments", #"[{"recording": "a.mp4", "in": 2, "out": 4}]"#, "-o", dir.file("late.mp4")], in: dir.path)
        #expect(late.status == 64 && late.stderr.contains("\"out\" (4 s) is past the end of a.mp4"), "\(late.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("late.mp4")))
    }

    @Test("segments, a crossfade and captions give the same frames, byte for byte, on 1 and 3 workers")
    func determinism() throws {
        let dir = try TemporaryDirectory()
        try Self.counter(dir.file("a.mp4"), width: 375, height: 667, seconds: 2)
        try Self.counter(dir.file("b.mp4"), width: 375, height: 667, seconds: 2, offset: 2048)
        let segments = #"[{"recording": "a.mp4", "out": 1, "captions": [{"text": "Hello", "start": 0.2}]}, {"recording": "b.mp4", "in": 0.5, "out": 1.5, "transition": "crossfade", "transitionDuration": 0.4}]"#
        var outputs: [Data] = []
        for workers in ["1", "3"] {
            let run = try CommandRunner.notchwave(["render", "--preset", "iphone-8", "--scene", "none", "--segments", segments, "--backdrop-fit", "fill",
                                                   "--fps", "30", "--workers", workers, "-o", dir.file("w\(workers).rgba")], in: dir.path)
            #expect(run.status == 0, "\(run.stderr)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: dir.file("w\(workers).rgba"))))
        }
        #expect(outputs[0].count == 48 * 750 * 1334 * 4)
        #expect(outputs[0] == outputs[1])
    }

    @Test("a crossfade mixes the two segments linearly over its duration")
    func crossfade() throws {
        let dir = try TemporaryDirectory()
        try Self.ffmpeg(["-f", "lavfi", "-i", "color=c=0x404040:s=376x668:r=60:d=2", "-c:v", "libx264", "-crf", "0", "-pix_fmt", "yuv444p", dir.file("dark.mp4")])
        try Self.ffmpeg(["-f", "lavfi", "-i", "color=c=0xC8C8C8:s=376x668:r=60:d=2", "-c:v", "libx264", "-crf", "0", "-pix_fmt", "yuv444p", dir.file("light.mp4")])
        let segments = #"[{"recording": "dark.mp4", "out": 1}, {"recording": "light.mp4", "out": 1, "transition": "crossfade", "transitionDuration": 0.5}]"#
        let run = try CommandRunner.notchwave(["render", "--preset", "iphone-8", "--scene", "none", "--segments", segments, "--backdrop-fit", "fill",
                                               "--fps", "20", "--crf", "0", "--codec", "h264", "-o", dir.file("out.mp4")], in: dir.path)
        #expect(run.status == 0, "\(run.stderr)")
        // 1 + 1 - 0.5 = 1.5 s: 30 frames; the crossfade is frames 10..19 (t = 0.5 ... 0.95).
        let decoded = try CommandRunner.run("ffmpeg", ["-v", "error", "-i", dir.file("out.mp4"), "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        let bytes = [UInt8](decoded.stdout), size = 750 * 1334
        #expect(bytes.count == 30 * size)
        for frame in 0..<min(30, bytes.count / size) {
            let t = Double(frame) / 20
            let w = min(max((t - 0.5) / 0.5, 0), 1)
            let expected = 64 * (1 - w) + 200 * w
            let value = Double(bytes[frame * size + 667 * 750 + 375])
            #expect(abs(value - expected) <= 3, "frame \(frame): \(value), expected \(expected)")
        }
    }

    @Test("a caption shows only inside its time range, faded at its ends")
    func captionTimes() throws {
        let dir = try TemporaryDirectory()
        try Self.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=376x668:r=60:d=2", "-pix_fmt", "yuv420p", dir.file("black.mp4")])
        let captions = #"[{"text": "HELLO", "start": 0.5, "end": 1.0, "fade": 0.1, "position": "center", "size": 60}]"#
        let run = try CommandRunner.notchwave(["render", "--preset", "iphone-8", "--scene", "none", "--backdrop", dir.file("black.mp4"), "--backdrop-fit", "fill",
                                               "--captions", captions, "--duration", "1.5", "--fps", "20", "--quality", "draft", "-o", dir.file("out.mp4")])
        #expect(run.status == 0, "\(run.stderr)")
        let decoded = try CommandRunner.run("ffmpeg", ["-v", "error", "-i", dir.file("out.mp4"), "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        let bytes = [UInt8](decoded.stdout), size = 750 * 1334
        for frame in 0..<(bytes.count / size) {
            let t = Double(frame) / 20
            let peak = bytes[(frame * size)..<((frame + 1) * size)].max() ?? 0
            if t < 0.5 - 1e-9 || t >= 1.0 - 1e-9 {
                #expect(peak < 40, "frame \(frame) at \(t) s: \(peak)")
            } else if t >= 0.6 - 1e-9 && t < 0.9 - 1e-9 {
                #expect(peak > 200, "frame \(frame) at \(t) s: \(peak)")
            }
        }
    }

    @Test("captions in scripts the font lacks are drawn in installed fonts (Noto); a character no installed font has is refused, named, and nothing is written")
    func captionCoverage() throws {
        let dir = try TemporaryDirectory()
        try Self.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=376x668:r=60:d=1", "-pix_fmt", "yuv420p", dir.file("black.mp4")])
        func frame(_ captions: String, _ name: String, _ extra: [String] = []) throws -> ProcessOutput {
            try CommandRunner.notchwave(["frame", "--preset", "iphone-8", "--scene", "none", "--backdrop", dir.file("black.mp4"), "--backdrop-fit", "fill",
                                         "--captions", captions, "-t", "0.5", "-o", dir.file(name)] + extra)
        }
        // Inter has neither the Japanese nor the Hebrew: both come from the Noto fonts.
        let drawn = try frame(#"[{"text": "予定 שלום", "position": "center"}]"#, "a.png")
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let pixels = try MediaProbe.decodePNG(dir.file("a.png"), width: 750, height: 1334)
        #expect(stride(from: 0, to: pixels.count, by: 4).contains { pixels[$0] > 200 })
        // U+0378 is no character at all: no font has it.
        let refused = try frame(#"[{"text": "ok \u0378", "position": "center"}]"#, "b.png")
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("(U+0378)") && refused.stderr.contains("nor an installed font has glyphs") && refused.stderr.contains("fonts-noto-core"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("b.png")))
        // A caption font of one's own is used for what it has, the fallbacks for the rest.
        let own = try frame(#"[{"text": "予定を確認 שלום", "position": "center"}]"#, "c.png",
                            ["--caption-font", "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"])
        #expect(own.status == 0, "\(own.stderr)")
    }

    /// fastlane's deliver, as its sources read a folder (written out here from
    /// deliver/lib/deliver/sync_app_previews.rb and spaceship's app_preview_set.rb): each
    /// subfolder a locale, its .mp4/.mov/.m4v files sorted by name, the preview set the first
    /// of App Store Connect's names a file's name contains (letter case ignored), at most 3
    /// per set, each set's canonical portrait size.
    static func deliverSets(_ root: String) throws -> [String: [String: [String]]] {
        let order = ["IPHONE_40", "IPHONE_47", "IPHONE_55", "IPHONE_58", "IPHONE_61", "IPHONE_65", "IPHONE_67", "IPAD_97", "IPAD_105",
                     "IPAD_PRO_129", "IPAD_PRO_3GEN_11", "IPAD_PRO_3GEN_129", "DESKTOP"]
        let canonical: [String: [(Int, Int)]] = ["IPHONE_67": [(886, 1920)], "IPHONE_65": [(886, 1920)], "IPHONE_61": [(886, 1920)],
                                                 "IPHONE_58": [(886, 1920)], "IPHONE_55": [(1080, 1920)], "IPHONE_47": [(750, 1334)],
                                                 "IPHONE_40": [(1080, 1920)], "IPAD_PRO_3GEN_129": [(1200, 1600)], "IPAD_PRO_3GEN_11": [(1200, 1600)],
                                                 "IPAD_PRO_129": [(1200, 1600), (900, 1200)], "IPAD_105": [(1200, 1600)], "IPAD_97": [(900, 1200)]]
        var sets: [String: [String: [String]]] = [:]
        var isDirectory = ObjCBool(false)
        for locale in try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        where FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(locale), isDirectory: &isDirectory) && isDirectory.boolValue {
            let folder = (root as NSString).appendingPathComponent(locale)
            let videos = try FileManager.default.contentsOfDirectory(atPath: folder)
                .filter { ["mp4", "mov", "m4v"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
            for video in videos {
                guard let type = order.first(where: { video.uppercased().contains($0) }) else { continue }
                let info = try MediaProbe.stream((folder as NSString).appendingPathComponent(video))
                let portrait = (min(info.width, info.height), max(info.width, info.height))
                #expect(canonical[type]?.contains { $0 == portrait } == true, "\(locale)/\(video): \(portrait) is not \(type)'s size")
                #expect(info.duration >= 15 && info.duration <= 30, "\(locale)/\(video): \(info.duration) s")
                sets[locale, default: [:]][type, default: []].append(video)
            }
        }
        return sets
    }

    @Test("a two-locale job of two display classes: the folder deliver uploads, every file conforming, captions per locale, the recording's sound")
    func fastlaneJob() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("job/recordings"), withIntermediateDirectories: true)
        try Self.counter(dir.file("job/recordings/first.mp4"), width: 375, height: 667, seconds: 9, sound: true)
        try Self.counter(dir.file("job/recordings/second.mp4"), width: 375, height: 667, seconds: 9, offset: 2048)
        try #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "hello": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "HELLO"}},
                                      "de": {"stringUnit": {"state": "translated", "value": "GUTEN TAG MIT VIEL TEXT"}}}}}}
        """#.write(toFile: dir.file("job/Localizable.xcstrings"), atomically: true, encoding: .utf8)
        try #"""
        {
          "presets": ["iphone-8", "ipad-mini"],
          "locales": ["en-US", "de-DE"],
          "layout": "fastlane",
          "strings": "Localizable.xcstrings",
          "segments": [
            {"recording": "recordings/first.mp4", "in": 0.5, "out": 8.5,
             "captions": [{"key": "hello", "start": 1, "position": "top", "background": "#FFFFFF", "color": "#000000"}]},
            {"recording": "recordings/second.mp4", "in": 1, "out": 8.5, "transition": "crossfade", "transitionDuration": 0.5}
          ],
          "defaults": {"scene": "none", "backdropFit": "fit"}
        }
        """#.write(toFile: dir.file("job/previews.json"), atomically: true, encoding: .utf8)
        let run = try CommandRunner.notchwave(["batch", dir.file("job/previews.json"), "-o", dir.file("out"), "--set", "speed=ultrafast", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        // deliver's view: two locales, a 4.7-inch and an 11-inch iPad preview in each.
        let sets = try Self.deliverSets(dir.file("out"))
        #expect(sets == ["de-DE": ["IPHONE_47": ["IPHONE_47_1.mp4"], "IPAD_PRO_3GEN_11": ["IPAD_PRO_3GEN_11_1.mp4"]],
                         "en-US": ["IPHONE_47": ["IPHONE_47_1.mp4"], "IPAD_PRO_3GEN_11": ["IPAD_PRO_3GEN_11_1.mp4"]]])
        // The poster frames at App Store Connect's 5 s, beside the videos (deliver skips them).
        for locale in ["en-US", "de-DE"] {
            #expect(FileManager.default.fileExists(atPath: dir.file("out/\(locale)/IPHONE_47_1-poster.png")))
        }
        // The checker passes the whole folder, per class and locale.
        let check = try CommandRunner.notchwave(["check-preview", dir.file("out"), "--json"])
        #expect(check.status == 0, "\(String(decoding: check.stdout, as: UTF8.self))")
        // 8 + 7.5 - 0.5 = 15 s: the first recording's frames from 0.5 s, then the second's.
        // Read on the 4.7-inch preview (750x1334, drawn 1:1): at 30 fps output frame i shows source frame 30 + 2i.
        let en = dir.file("out/en-US/IPHONE_47_1.mp4"), de = dir.file("out/de-DE/IPHONE_47_1.mp4")
        let shown = try Self.counters(en, width: 750, height: 1334)
        #expect(shown.count == 450)
        #expect(Array(shown.prefix(200)) == (0..<200).map { 30 + 2 * $0 })
        // After the crossfade (7.5 ... 8 s): the second recording from 1.5 s, 2048 + 90 + 2j.
        #expect(Array(shown[240..<450]) == (240..<450).map { 2048 + 60 + 2 * ($0 - 225) })
        // The captions differ where the strings do: the top rows differ between the locales, the rest does not.
        let frameEN = try MediaProbe.decodeFrame(en, index: 100, width: 750, height: 1334)
        let frameDE = try MediaProbe.decodeFrame(de, index: 100, width: 750, height: 1334)
        func meanDifference(_ rows: Range<Int>) -> Double {
            var total = 0.0
            for y in rows { for x in 0..<750 { total += abs(Double(frameEN[(y * 750 + x) * 4]) - Double(frameDE[(y * 750 + x) * 4])) } }
            return total / Double(rows.count * 750)
        }
        #expect(meanDifference(60..<160) > 10)
        #expect(meanDifference(400..<1300) < 2)
        // The first recording's sound is kept for its segment; the second has none.
        let loud = try CommandRunner.run("ffmpeg", ["-v", "error", "-ss", "1", "-to", "6", "-i", en, "-vn", "-f", "s16le", "-ac", "1", "-"])
        let quiet = try CommandRunner.run("ffmpeg", ["-v", "error", "-ss", "9", "-to", "14", "-i", en, "-vn", "-f", "s16le", "-ac", "1", "-"])
        func rms(_ data: Data) -> Double {
            let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
            return (samples.map { Double($0) * Double($0) }.reduce(0, +) / Double(max(samples.count, 1))).squareRoot()
        }
        #expect(rms(loud.stdout) > 1000 && rms(quiet.stdout) < 50, "\(rms(loud.stdout)) \(rms(quiet.stdout))")
    }

    @Test("more than three previews of a class in a locale is an error of the job; check-preview counts a folder's")
    func countLimit() throws {
        let dir = try TemporaryDirectory()
        try #"""
        {"presets": ["iphone-8"], "locales": ["en-US"], "layout": "fastlane",
         "variants": [{"name": "a"}, {"name": "b"}, {"name": "c"}, {"name": "d"}],
         "defaults": {"duration": 15}}
        """#.write(toFile: dir.file("four.json"), atomically: true, encoding: .utf8)
        let run = try CommandRunner.notchwave(["batch", dir.file("four.json"), "-o", dir.file("out"), "--dry-run"])
        #expect(run.status != 0 && run.stderr.contains("at most 3"), "\(run.stderr)")
        // Four copies of one conforming preview in one locale folder: each conforms, the folder does not.
        try Self.counter(dir.file("rec.mp4"), width: 375, height: 667, fps: 30, seconds: 15)
        let one = try CommandRunner.notchwave(["render", "--preset", "iphone-8", "--scene", "none", "--backdrop", dir.file("rec.mp4"), "--profile", "app-preview",
                                               "--speed", "ultrafast", "-o", dir.file("one.mp4")])
        #expect(one.status == 0, "\(one.stderr)")
        try FileManager.default.createDirectory(atPath: dir.file("folder/en-US"), withIntermediateDirectories: true)
        for n in 1...4 { try FileManager.default.copyItem(atPath: dir.file("one.mp4"), toPath: dir.file("folder/en-US/IPHONE_47_\(n).mp4")) }
        let check = try CommandRunner.notchwave(["check-preview", dir.file("folder")])
        let text = String(decoding: check.stdout, as: UTF8.self)
        #expect(check.status == 1 && text.contains("4 previews of iPhone 4.7\"") && text.contains("at most 3"), "\(text)")
    }

    @Test("the example job: its recordings written by scripts/example-recordings.sh, every output planned, one rendered and checked")
    func exampleJob() throws {
        let dir = try TemporaryDirectory()
        let root = CommandRunner.packageRoot.path
        for name in ["previews-from-recordings.json", "Localizable.xcstrings"] {
            try FileManager.default.copyItem(atPath: root + "/examples/" + name, toPath: dir.file(name))
        }
        let script = try CommandRunner.run(root + "/scripts/example-recordings.sh", [dir.file("recordings")])
        #expect(script.status == 0, "\(script.stderr)")
        // Two locales x three classes, each planned (strings found, fonts cover the text, names as deliver reads them).
        let plan = try CommandRunner.notchwave(["batch", dir.file("previews-from-recordings.json"), "-o", dir.file("out"), "--dry-run"])
        #expect(plan.status == 0, "\(plan.stderr)")
        let outputs = String(decoding: plan.stdout, as: UTF8.self).split(separator: "\n")
            .map { String($0).replacingOccurrences(of: dir.file("out") + "/", with: "") }.sorted()
        #expect(outputs == ["de-DE/IPAD_PRO_3GEN_129_1.mp4", "de-DE/IPHONE_61_1.mp4", "de-DE/IPHONE_67_1.mp4",
                            "en-US/IPAD_PRO_3GEN_129_1.mp4", "en-US/IPHONE_61_1.mp4", "en-US/IPHONE_67_1.mp4"], "\(outputs)")
        let run = try CommandRunner.notchwave(["batch", dir.file("previews-from-recordings.json"), "-o", dir.file("out"), "--only", "de-DE/IPHONE_61*",
                                               "--set", "speed=ultrafast", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let check = try CommandRunner.notchwave(["check-preview", dir.file("out")])
        #expect(check.status == 0, "\(String(decoding: check.stdout, as: UTF8.self))")
        // 8 s of onboarding and 8 s of checkout less the 0.5 s crossfade.
        let info = try MediaProbe.stream(dir.file("out/de-DE/IPHONE_61_1.mp4"))
        #expect(abs(info.duration - 15.5) < 0.05 && info.width == 886 && info.height == 1920)
    }

    @Test("a landscape preview's caption is upright: at the top of the turned frame, across its middle")
    func landscapeCaption() throws {
        let dir = try TemporaryDirectory()
        try Self.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=668x376:r=30:d=16", "-pix_fmt", "yuv420p", dir.file("black.mp4")])
        let captions = #"[{"text": "WIDE", "position": "top", "size": 60, "fade": 0}]"#
        let run = try CommandRunner.notchwave(["render", "--preset", "iphone-8", "--scene", "none", "--backdrop", dir.file("black.mp4"), "--backdrop-fit", "fill",
                                               "--profile", "app-preview", "--landscape", "--speed", "ultrafast", "--captions", captions, "-o", dir.file("wide.mp4")])
        #expect(run.status == 0, "\(run.stderr)")
        let frame = try MediaProbe.decodeFrame(dir.file("wide.mp4"), index: 60, width: 1334, height: 750)
        var rows: [Int] = [], columns: [Int] = []
        for y in 0..<750 { for x in 0..<1334 where frame[(y * 1334 + x) * 4] > 128 { rows.append(y); columns.append(x) } }
        let top = try #require(rows.min()), bottom = try #require(rows.max())
        let left = try #require(columns.min()), right = try #require(columns.max())
        // Upright at the top: 24 pt (48 px) below the top edge (no status bar in landscape), 60 pt tall text at most.
        #expect(top >= 40 && bottom < 48 + 150, "rows \(top)...\(bottom)")
        // Centred across: the same room on both sides, wider than tall (four letters side by side).
        #expect(abs((left + right) - 1334) < 12 && right - left > bottom - top, "columns \(left)...\(right)")
    }
}
