import Foundation
import Testing
import TestSupport

struct ProbeFailure: Error { var message: String }

/// What ffprobe says about every stream of a file and its container.
struct ProbedFile {
    var streams: [[String: Any]]
    var format: [String: Any]

    init(_ path: String) throws {
        let output = try CommandRunner.run("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", path])
        guard output.status == 0, let json = try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any],
              let streams = json["streams"] as? [[String: Any]], let format = json["format"] as? [String: Any] else {
            throw ProbeFailure(message: "ffprobe failed on \(path): \(output.stderr)")
        }
        self.streams = streams
        self.format = format
    }

    func stream(_ type: String) -> [String: Any]? { streams.first { $0["codec_type"] as? String == type } }
    static func number(_ value: Any?) -> Double { Double(value as? String ?? "") ?? (value as? Double) ?? Double(value as? Int ?? -1) }
}

/// `--profile app-preview` and `check-preview`, checked with ffprobe against App Store
/// Connect's app preview specification (the numbers are written out here, not taken
/// from the code under test).
@Suite("App Store previews: the profile and the checker")
struct AppPreviewTests {
    static func ffmpeg(_ arguments: [String]) throws {
        let run = try CommandRunner.run("ffmpeg", ["-v", "error", "-y"] + arguments)
        #expect(run.status == 0, "ffmpeg \(arguments): \(run.stderr)")
    }

    /// ffprobe's view of a preview against the specification: H.264 High at level 4.0
    /// or lower, progressive yuv420p tagged BT.709, `size`, `fps`, one stereo AAC track at
    /// 44.1 or 48 kHz as long as the video, 15-30 s, moov before mdat (+faststart).
    static func expectConforming(_ path: String, size: (Int, Int), fps: Int, seconds: Double) throws {
        let probe = try ProbedFile(path)
        let video = try #require(probe.stream("video"))
        #expect(video["codec_name"] as? String == "h264")
        #expect(video["profile"] as? String == "High")
        #expect(ProbedFile.number(video["level"]) <= 40)
        #expect(video["pix_fmt"] as? String == "yuv420p")
        #expect(video["field_order"] as? String == "progressive")
        #expect(video["color_space"] as? String == "bt709" && video["color_primaries"] as? String == "bt709")
        #expect(video["color_transfer"] as? String == "bt709" && video["color_range"] as? String == "tv")
        #expect(ProbedFile.number(video["width"]) == Double(size.0) && ProbedFile.number(video["height"]) == Double(size.1))
        #expect(video["r_frame_rate"] as? String == "\(fps)/1" && video["avg_frame_rate"] as? String == "\(fps)/1")
        let audio = try #require(probe.stream("audio"))
        #expect(probe.streams.count == 2)
        #expect(audio["codec_name"] as? String == "aac" && audio["profile"] as? String == "LC")
        #expect(ProbedFile.number(audio["channels"]) == 2)
        #expect([44100.0, 48000].contains(ProbedFile.number(audio["sample_rate"])))
        let duration = ProbedFile.number(probe.format["duration"])
        #expect(abs(duration - seconds) < 0.03, "duration \(duration)")
        #expect(duration >= 15 - 1e-3 && duration <= 30 + 1e-3)
        #expect(abs(ProbedFile.number(video["duration"]) - seconds) < 0.01)
        #expect(abs(ProbedFile.number(audio["duration"]) - seconds) < 0.03)
        // +faststart: the movie header comes before the media data.
        let head = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)).prefix(1 << 20))
        func offset(_ tag: String) -> Int? {
            let bytes = Array(tag.utf8)
            return (0..<(head.count - 4)).first { Array(head[$0..<$0 + 4]) == bytes }
        }
        let moov = try #require(offset("moov")), mdat = try #require(offset("mdat"))
        #expect(moov < mdat)
    }

    static func checkPreview(_ paths: [String]) throws -> (status: Int32, reports: [[String: Any]]) {
        let run = try CommandRunner.notchwave(["check-preview", "--json"] + paths)
        let reports = try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]] ?? []
        return (run.status, reports)
    }

    static func rules(_ report: [String: Any]) -> Set<String> {
        Set((report["violations"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String })
    }

    /// The iPhone presets and the preview size of each one's display class (Apple's table:
    /// 886x1920 for the 6.9", 6.5", 6.3" and 6.1" classes, 1080x1920 for 5.5", 750x1334 for 4.7").
    static let iPhones: [(String, Int, Int)] = {
        let directory = CommandRunner.packageRoot.appendingPathComponent("presets").path
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix("iphone-") }.sorted()
        return files.map { file in
            let id = String(file.dropLast(5))
            if ["iphone-8", "iphone-se-2", "iphone-se-3"].contains(id) { return (id, 750, 1334) }
            if id == "iphone-8-plus" { return (id, 1080, 1920) }
            return (id, 886, 1920)
        }
    }()

    @Test("a 15 s preview from every iPhone preset (2 fps, to keep the suite fast) passes check-preview and ffprobe", arguments: iPhones)
    func everyPreset(id: String, width: Int, height: Int) throws {
        let dir = TemporaryDirectory()
        let out = dir.file("\(id).mp4")
        let run = try CommandRunner.notchwave(["render", "--preset", id, "--profile", "app-preview", "--fps", "2", "--speed", "ultrafast", "-o", out, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectConforming(out, size: (width, height), fps: 2, seconds: 15)
        let (status, reports) = try Self.checkPreview([out])
        #expect(status == 0, "\(reports)")
        #expect(reports.first?["conforms"] as? Bool == true)
    }

    @Test("a full preview over a screen recording: 30 fps, 886x1920, 10-12 Mbit/s, silent stereo AAC, and its poster")
    func fullPreview() throws {
        let dir = TemporaryDirectory()
        // A 1179x2556 "screen recording", BT.709 limited, as an iPhone 15 Pro records.
        try Self.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=1180x2556:r=30:d=4", "-vf", "crop=1179:2556:0:0,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
                         "-colorspace", "bt709", "-color_range", "tv", "-c:v", "libx264", "-preset", "ultrafast", dir.file("rec.mov")])
        let out = dir.file("preview.mp4")
        let run = try CommandRunner.notchwave(["render", "--preset", "iphone-15-pro", "--backdrop", dir.file("rec.mov"), "--profile", "app-preview",
                                               "--poster", "2", "--speed", "veryfast", "-o", out, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectConforming(out, size: (886, 1920), fps: 30, seconds: 15)
        let probe = try ProbedFile(out)
        let rate = ProbedFile.number(probe.stream("video")?["bit_rate"])
        #expect(rate >= 10_000_000 && rate <= 12_000_000, "video bit rate \(rate)")
        #expect(ProbedFile.number(probe.stream("video")?["nb_frames"]) == 450)
        // The poster is frame 60 (2 s at 30 fps) at the preview's size.
        let poster = dir.file("preview-poster.png")
        let posterPixels = try MediaProbe.decodePNG(poster, width: 886, height: 1920)
        let frame = try MediaProbe.decodeFrame(out, index: 60, width: 886, height: 1920)
        let psnr = ImageCompare.psnr(posterPixels, frame, width: 886, height: 1920)
        #expect(psnr > 25, "poster vs frame 60: \(psnr) dB")
        let other = ImageCompare.psnr(posterPixels, try MediaProbe.decodeFrame(out, index: 5, width: 886, height: 1920), width: 886, height: 1920)
        #expect(other < psnr, "the poster is frame 60, not frame 5")
        #expect(try Self.checkPreview([out]).status == 0)
    }

    @Test("--landscape: 1920x886, the phone turned counter-clockwise (island on the left), a landscape backdrop upright")
    func landscape() throws {
        let dir = TemporaryDirectory()
        // A landscape screen: its top-left quarter red, the rest blue.
        try Self.ffmpeg(["-f", "lavfi", "-i", "color=black:s=2556x1180,format=rgb24,geq=r='if(lt(X\\,1278)*lt(Y\\,590)\\,255\\,0)':g=0:b='if(lt(X\\,1278)*lt(Y\\,590)\\,0\\,255)'",
                         "-frames:v", "1", dir.file("land.png")])
        let out = dir.file("land.mp4")
        let run = try CommandRunner.notchwave(["render", "--preset", "iphone-15-pro", "--backdrop", dir.file("land.png"), "--profile", "app-preview",
                                               "--landscape", "--fps", "5", "--speed", "ultrafast", "--poster", "0", "-o", out, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectConforming(out, size: (1920, 886), fps: 5, seconds: 15)
        #expect(try Self.checkPreview([out]).status == 0)
        let poster = try MediaProbe.decodePNG(dir.file("land-poster.png"), width: 1920, height: 886)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(poster[(y * 1920 + x) * 4..<(y * 1920 + x) * 4 + 3]) }
        #expect(pixel(500, 100) == [255, 0, 0] && pixel(1500, 700) == [0, 0, 255] && pixel(1500, 100) == [0, 0, 255])
        // The island (portrait rows 33..<145 of 2556) is now columns 25..<109, centred vertically.
        #expect(pixel(67, 443) == [0, 0, 0], "\(pixel(67, 443))")
        #expect(pixel(67, 100) != [0, 0, 0])
    }

    @Test("a job file renders previews (profile, poster, landscape per variant); the dry run reports what the profile refuses")
    func batch() throws {
        let dir = TemporaryDirectory()
        let job = dir.file("job.json")
        try """
        {"presets": ["iphone-se-3", "iphone-16"], "styles": ["sharp"], "formats": ["mp4"],
         "variants": [{"name": "portrait"}, {"name": "landscape", "landscape": true}],
         "defaults": {"profile": "app-preview", "fps": 2, "speed": "ultrafast", "poster": 3},
         "output": "{preset}/{variant}.{ext}"}
        """.write(toFile: job, atomically: true, encoding: .utf8)
        let run = try CommandRunner.notchwave(["batch", job, "-o", dir.file("out"), "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        for (preset, size) in [("iphone-se-3", (750, 1334)), ("iphone-16", (886, 1920))] {
            try Self.expectConforming(dir.file("out/\(preset)/portrait.mp4"), size: size, fps: 2, seconds: 15)
            try Self.expectConforming(dir.file("out/\(preset)/landscape.mp4"), size: (size.1, size.0), fps: 2, seconds: 15)
            #expect(FileManager.default.fileExists(atPath: dir.file("out/\(preset)/portrait-poster.png")))
        }
        let bad = dir.file("bad.json")
        try """
        {"presets": ["iphone-16"], "formats": ["webm", "mp4"], "variants": [{"name": "late", "poster": 40}],
         "defaults": {"profile": "app-preview"}}
        """.write(toFile: bad, atomically: true, encoding: .utf8)
        let dry = try CommandRunner.notchwave(["batch", bad, "-o", dir.file("bad"), "--dry-run"])
        #expect(dry.status == 1)
        #expect(dry.stderr.contains(".mp4 or .mov") && dry.stderr.contains("--poster 40"), "\(dry.stderr)")
        let noProfile = dir.file("noprofile.json")
        try """
        {"presets": ["iphone-16"], "variants": [{"name": "a", "audio": "x.wav"}]}
        """.write(toFile: noProfile, atomically: true, encoding: .utf8)
        let refused = try CommandRunner.notchwave(["batch", noProfile, "-o", dir.file("np"), "--dry-run"])
        #expect(refused.status == 1 && refused.stderr.contains("app-preview"), "\(refused.stderr)")
    }

    /// The RMS of the samples of `path`'s audio between `from` and `to` seconds (ffmpeg decodes).
    static func rms(_ path: String, from: Double, to: Double) throws -> Double {
        let run = try CommandRunner.run("ffmpeg", ["-v", "error", "-ss", "\(from)", "-to", "\(to)", "-i", path, "-vn", "-f", "s16le", "-ac", "1", "-"])
        let samples = run.stdout.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        guard !samples.isEmpty else { return -1 }
        return (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
    }

    @Test("--audio: a short mono 44.1 kHz file is resampled to stereo 48 kHz and padded with silence; a long one is trimmed")
    func audio() throws {
        let dir = TemporaryDirectory()
        try Self.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=5", "-ac", "1", dir.file("short.wav")])
        try Self.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=40", "-c:a", "aac", dir.file("long.m4a")])
        for (name, loud) in [("short.wav", false), ("long.m4a", true)] {
            let out = dir.file("\(name).mp4")
            let run = try CommandRunner.notchwave(["render", "--profile", "app-preview", "--audio", dir.file(name), "--fps", "5", "--speed", "ultrafast", "-o", out, "-q"])
            #expect(run.status == 0, "\(run.stderr)")
            try Self.expectConforming(out, size: (886, 1920), fps: 5, seconds: 15)
            #expect(try Self.rms(out, from: 1, to: 2) > 1000, "\(name): the tone is there")
            let late = try Self.rms(out, from: 10, to: 11)
            #expect(loud ? late > 1000 : late < 50, "\(name): rms at 10 s \(late)")
        }
    }

    /// A 16-bit PCM WAV of `channels` untagged channels and `frames` silent samples each.
    static func wav(_ path: String, channels: Int, frames: Int = 4800) throws {
        func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
        let data = [UInt8](repeating: 0, count: channels * frames * 2)
        let format = le(UInt16(1)) + le(UInt16(channels)) + le(UInt32(48_000)) + le(UInt32(48_000 * channels * 2))
            + le(UInt16(channels * 2)) + le(UInt16(16))
        let body = Array("WAVEfmt ".utf8) + le(UInt32(format.count)) + format + Array("data".utf8) + le(UInt32(data.count)) + data
        try Data(Array("RIFF".utf8) + le(UInt32(body.count)) + body).write(to: URL(fileURLWithPath: path))
    }

    @Test("--audio files that cannot be used say what is wrong (not \"Invalid argument\"); exit 1, nothing written",
          arguments: [("silent.mp4", "has no audio stream (it holds video)"), ("picture.png", "has no audio stream (it holds a picture)"),
                      ("many.wav", "unsupported channel layout: 255 channels"), ("notes.txt", "is not an audio file FFmpeg can read")])
    func unusableAudio(name: String, message: String) throws {
        let dir = TemporaryDirectory()
        let path = dir.file(name)
        switch name {
        case "silent.mp4": try Self.ffmpeg(["-f", "lavfi", "-i", "color=red:s=64x64:d=0.5", path])
        case "picture.png": try Self.ffmpeg(["-f", "lavfi", "-i", "color=red:s=64x64", "-frames:v", "1", path])
        case "many.wav": try Self.wav(path, channels: 255)
        default: try "not sound".write(toFile: path, atomically: true, encoding: .utf8)
        }
        let run = try CommandRunner.notchwave(["render", "--profile", "app-preview", "--audio", path, "--speed", "ultrafast", "-o", dir.file("p.mp4")])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("--audio: \(path)") && run.stderr.contains(message), "\(run.stderr)")
        #expect(!run.stderr.contains("Invalid argument") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(dir.contents == [name])
    }

    @Test("missing input files are usage errors (exit 64) as a missing script is, with the option and the problem",
          arguments: [(["--audio", ""], "--audio: the file name is empty"), (["--audio", "none.wav"], "--audio: none.wav: no such file"),
                      (["--audio", "."], "--audio: .: is a directory, not a regular file")])
    func missingInputs(arguments: [String], message: String) throws {
        let dir = TemporaryDirectory()
        let run = try CommandRunner.run(CommandRunner.notchwave, ["render", "--profile", "app-preview", "-o", "p.mp4"] + arguments,
                                        currentDirectory: dir.path)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains(message) && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(dir.contents.isEmpty)
    }

    @Test("--loop fills 15 s with whole loops; --stop with --hold lasts what it says")
    func loops() throws {
        let dir = TemporaryDirectory()
        // sharp: one loop is 3 colours x 0.3 s = 0.9 s, so 17 loops = 15.3 s.
        let sharp = dir.file("sharp.mp4")
        var run = try CommandRunner.notchwave(["render", "--profile", "app-preview", "--loop", "--speed", "ultrafast", "-o", sharp, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectConforming(sharp, size: (886, 1920), fps: 30, seconds: 15.3)
        // smooth: a 2 s cycle, 8 loops = 16 s.
        let smooth = dir.file("smooth.mp4")
        run = try CommandRunner.notchwave(["render", "--profile", "app-preview", "--style", "smooth", "--cycle", "2", "--loop", "--fps", "10",
                                           "--speed", "ultrafast", "-o", smooth, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectConforming(smooth, size: (886, 1920), fps: 10, seconds: 16)
        let stop = dir.file("stop.mp4")
        run = try CommandRunner.notchwave(["render", "--profile", "app-preview", "--stop", "3", "--hold", "19.1", "--fps", "10",
                                           "--speed", "ultrafast", "-o", stop, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectConforming(stop, size: (886, 1920), fps: 10, seconds: 23)
    }

    @Test("what the profile refuses: too short or long, too many fps, a Mac, encoder options, other formats; nothing is written",
          arguments: [
              (["--duration", "10"], "15 to 30 s"), (["--duration", "31"], "15 to 30 s"), (["--fps", "60"], "at most 30"),
              (["--preset", "macbook-pro-14"], "display class"), (["--crf", "20"], "--crf"), (["--codec", "hevc"], "H.264"),
              (["--stop", "2"], "--hold"), (["--poster", "20"], "--poster"), (["--region", "bar"], "whole screen"),
          ])
    func refusals(arguments: [String], message: String) throws {
        let dir = TemporaryDirectory()
        let run = try CommandRunner.notchwave(["render", "--profile", "app-preview", "-o", dir.file("p.mp4")] + arguments)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains(message) && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(dir.contents.isEmpty)
        let webm = try CommandRunner.notchwave(["render", "--profile", "app-preview", "-o", dir.file("p.webm")])
        #expect(webm.status == 64 && webm.stderr.contains(".mp4 or .mov"), "\(webm.stderr)")
        let audio = try CommandRunner.notchwave(["render", "--profile", "app-preview", "--audio", dir.file("none.wav"), "-o", dir.file("p.mp4")])
        #expect(audio.status == 64 && audio.stderr.contains("none.wav: no such file"), "\(audio.stderr)")
        let noProfile = try CommandRunner.notchwave(["render", "--poster", "1", "-o", dir.file("p.mp4")])
        #expect(noProfile.status == 64 && noProfile.stderr.contains("--profile"), "\(noProfile.stderr)")
    }

    /// A conforming base: 886x1920 H.264 High at 30 fps, 16 s, stereo AAC 48 kHz; each
    /// broken file changes some of these.
    static func make(_ path: String, video: [String] = [], audio: [String]? = ["-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo"],
                     size: String = "886x1920", rate: Int = 30, seconds: Double = 16, videoCodec: [String]? = nil,
                     audioCodec: [String] = ["-c:a", "aac", "-b:a", "256k"]) throws {
        var arguments = ["-f", "lavfi", "-i", "color=c=0x336699:s=\(size):r=\(rate):d=\(seconds)"]
        if let audio { arguments += audio }
        arguments += ["-t", "\(seconds)"]
        arguments += videoCodec ?? ["-c:v", "libx264", "-preset", "ultrafast", "-profile:v", "high", "-pix_fmt", "yuv420p"]
        arguments += video
        if audio != nil { arguments += audioCodec }
        try ffmpeg(arguments + [path])
    }

    @Test("check-preview finds each violation in files made to break one rule (or a few) each")
    func brokenFiles() throws {
        let dir = TemporaryDirectory()
        var cases: [(String, Set<String>)] = []
        func add(_ name: String, _ rules: Set<String>, _ make: (String) throws -> Void) throws {
            try make(dir.file(name))
            cases.append((name, rules))
        }
        try add("ok.mp4", []) { try Self.make($0) }
        // A typical screen recording: 60 fps, device resolution, no audio, a few seconds.
        try add("recording.mov", ["frame-rate", "resolution", "audio", "duration", "level"]) {
            try Self.make($0, audio: nil, size: "1180x2556", rate: 60, seconds: 4)
        }
        try add("fps60.mp4", ["frame-rate"]) { try Self.make($0, video: ["-level:v", "4.0"], rate: 60) }
        try add("hevc.mp4", ["codec"]) { try Self.make($0, videoCodec: ["-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1", "-x265-params", "log-level=none"]) }
        try add("level51.mp4", ["level"]) { try Self.make($0, video: ["-level:v", "5.1"]) }
        try add("yuv444.mp4", ["profile", "pixel-format"]) {
            try Self.make($0, videoCodec: ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv444p"])
        }
        try add("interlaced.mp4", ["progressive"]) { try Self.make($0, video: ["-flags", "+ildct+ilme", "-top", "1"]) }
        try add("bitrate.mp4", ["bit-rate"]) {
            try Self.make($0, video: ["-b:v", "20M", "-maxrate", "20M", "-bufsize", "20M", "-x264-params", "nal-hrd=cbr"], seconds: 15.5)
        }
        try add("short.mp4", ["duration"]) { try Self.make($0, seconds: 10) }
        try add("long.mp4", ["duration"]) { try Self.make($0, seconds: 31) }
        try add("size.mp4", ["resolution", "level"]) { try Self.make($0, size: "1080x2340") }
        try add("landscape-ok.mp4", []) { try Self.make($0, size: "1920x886") }
        try add("mono.mp4", ["audio-channels"]) { try Self.make($0, audio: ["-f", "lavfi", "-i", "anullsrc=r=48000:cl=mono"]) }
        try add("rate22k.mp4", ["audio-sample-rate"]) { try Self.make($0, audio: ["-f", "lavfi", "-i", "anullsrc=r=22050:cl=stereo"]) }
        try add("mp3.mov", ["audio-codec"]) { try Self.make($0, audioCodec: ["-c:a", "libmp3lame"]) }
        // (FFmpeg's AAC encoder stays near 240 kbit/s at 48 kHz whatever it is asked; at 96 kHz it reaches 500.)
        try add("aac500.mp4", ["audio-bit-rate", "audio-sample-rate"]) {
            try Self.make($0, audio: ["-f", "lavfi", "-i", "anoisesrc=r=96000:a=1,aformat=channel_layouts=stereo"],
                          audioCodec: ["-c:a", "aac", "-b:a", "500k", "-ar", "96000"])
        }
        try add("prores4444.mov", ["codec"]) { try Self.make($0, seconds: 15.2, videoCodec: ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le"]) }
        try add("video.mkv", ["container"]) { try Self.make($0) }
        // Over 500 MB: a conforming file extended (sparsely) past the limit.
        try add("huge.mp4", ["file-size"]) { path in
            try Self.make(path)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: 600_000_000)
            try handle.close()
        }
        // A link to it is measured as the file it names.
        try add("huge-link.mp4", ["file-size"]) { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: dir.file("huge.mp4")) }
        let (status, reports) = try Self.checkPreview(cases.map { dir.file($0.0) })
        #expect(status == 1)
        #expect(reports.count == cases.count)
        for ((name, expected), report) in zip(cases, reports) {
            #expect(Self.rules(report) == expected, "\(name): \(report["violations"] ?? [])")
            #expect((report["conforms"] as? Bool) == expected.isEmpty)
        }
        // The text report and its exit codes: 0 for conforming files only, 1 otherwise.
        let ok = try CommandRunner.notchwave(["check-preview", dir.file("ok.mp4"), dir.file("landscape-ok.mp4")])
        #expect(ok.status == 0 && ok.stdoutText.contains("conforms"), "\(ok.stdoutText)")
        let bad = try CommandRunner.notchwave(["check-preview", dir.file("recording.mov")])
        #expect(bad.status == 1 && bad.stdoutText.contains("frame-rate") && bad.stdoutText.contains("no audio track"), "\(bad.stdoutText)")
        let unreadable = try CommandRunner.notchwave(["check-preview", dir.file("missing.mp4")])
        #expect(unreadable.status == 1 && unreadable.stdoutText.contains("file: no such file"), "\(unreadable.stdoutText)")
        #expect(try CommandRunner.notchwave(["check-preview"]).status == 64)
    }

    @Test("check-preview reads every packet: a preview cut short after its header (a partial copy, a file still being written) fails; a link is measured as the file it names")
    func cutShortAndLinks() throws {
        let dir = TemporaryDirectory()
        let whole = dir.file("whole.mp4")
        // The header first, as App Store previews are written (+faststart): a cut keeps it whole.
        try Self.make(whole, video: ["-movflags", "+faststart"])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        // (The header is a large part of this small file: the cuts fall after it.)
        for (name, fraction) in [("part.mp4", 0.7), ("almost.mp4", 0.98)] {
            try bytes.prefix(Int(Double(bytes.count) * fraction)).write(to: URL(fileURLWithPath: dir.file(name)))
        }
        // Still being written: the bytes so far, the writer's handle still open.
        #expect(FileManager.default.createFile(atPath: dir.file("growing.mp4"), contents: nil))
        let writer = try FileHandle(forWritingTo: URL(fileURLWithPath: dir.file("growing.mp4")))
        try writer.write(contentsOf: bytes.prefix(bytes.count * 85 / 100))
        defer { try? writer.close() }
        try FileManager.default.createSymbolicLink(atPath: dir.file("link.mp4"), withDestinationPath: whole)
        let (status, reports) = try Self.checkPreview(["whole.mp4", "part.mp4", "almost.mp4", "growing.mp4", "link.mp4"].map(dir.file))
        #expect(status == 1 && reports.count == 5)
        guard reports.count == 5 else { return }
        #expect(Self.rules(reports[0]).isEmpty, "\(reports[0])")
        for report in reports[1...3] {
            #expect(Self.rules(report).contains("truncated"), "\(report)")
            let messages = (report["violations"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
            #expect(messages.contains { $0.contains("video frames but only") }, "\(messages)")
        }
        // The link: the same report as the file, its size included (not the link's few bytes).
        #expect(Self.rules(reports[4]).isEmpty, "\(reports[4])")
        #expect(reports[4]["summary"] as? String == reports[0]["summary"] as? String)
    }

    @Test("a .mov preview is reported as the H.264 it is; a scripted scene with --hold lasts to its end plus the hold")
    func movAndHold() throws {
        let dir = TemporaryDirectory()
        let mov = try CommandRunner.notchwave(["render", "--preset", "iphone-15-pro", "--profile", "app-preview", "--fps", "2", "--speed", "ultrafast",
                                               "-o", dir.file("p.mov"), "--json", "-q"])
        #expect(mov.status == 0, "\(mov.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: mov.stdout) as? [String: Any])
        let probe = try ProbedFile(dir.file("p.mov"))
        #expect(summary["codec"] as? String == "h264" && probe.stream("video")?["codec_name"] as? String == "h264")
        // The popup script's last event is at 6 s and it settles 1 s later: held 10 s more.
        let script = CommandRunner.packageRoot.appendingPathComponent("examples/popup-show-hide.json").path
        let held = try CommandRunner.notchwave(["render", "--preset", "iphone-15-pro", "--profile", "app-preview", "--fps", "2", "--speed", "ultrafast",
                                                "--scene", "popup", "--scene-option", "script=" + script, "--hold", "10", "-o", dir.file("held.mp4"), "-q"])
        #expect(held.status == 0, "\(held.stderr)")
        try Self.expectConforming(dir.file("held.mp4"), size: (886, 1920), fps: 2, seconds: 17)
        let both = try CommandRunner.notchwave(["render", "--hold", "1", "--stop", "1", "--duration", "2", "-o", dir.file("x.mp4")])
        #expect(both.status == 64 && both.stderr.contains("--hold: lengthens the clip past the scene's end, so it does not go with --duration"))
    }
}
