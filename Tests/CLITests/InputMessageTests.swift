import Foundation
import Testing
import TestSupport

/// Inputs that cannot be used get one line that says what is wrong in the user's terms and
/// names the place the input was given (the flag, or the job file's entry), and leave no
/// output behind.
@Suite("Input messages")
struct InputMessageTests {
    /// A valid 1-bit grey PNG of `width` x `height` pixels, all black (small on disk: its
    /// rows compress to almost nothing).
    static func blackPNG(_ path: String, width: Int, height: Int) throws {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return be32(body.count) + typed + be32(Int(crc32(typed)))
        }
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        let ihdr = be32(width) + be32(height) + [1, 0, 0, 0, 0]
        let rows = try zlibStored(rows: height, rowBytes: 1 + (width + 7) / 8)
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", rows) + chunk("IEND", [])
        try Data(png).write(to: URL(fileURLWithPath: path))
    }

    /// Zero rows compressed by python's zlib (the image's pixel data, filter byte 0).
    static func zlibStored(rows: Int, rowBytes: Int) throws -> [UInt8] {
        let run = try CommandRunner.run("python3", ["-c", "import sys, zlib; sys.stdout.buffer.write(zlib.compress(bytes(\(rowBytes)) * \(rows), 9))"])
        try #require(run.status == 0, "python3 zlib: \(run.stderr)")
        return [UInt8](run.stdout)
    }

    /// CRC-32 (PNG's), bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    @Test("a picture past FFmpeg's size limit is called too large, with its size; one just under it still decodes")
    func tooLarge() throws {
        let dir = TemporaryDirectory()
        try Self.blackPNG(dir.file("big.png"), width: 20000, height: 20000)
        let run = try CommandRunner.notchwave(["frame", "--time", "0", "--backdrop", dir.file("big.png"), "-o", dir.file("x.png")])
        #expect(run.status == 1, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("notchwave") }
        #expect(lines.count == 1 && lines[0].contains("--backdrop: ") && lines[0].contains("too large") && lines[0].contains("20000x20000 px"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("x.png")))
        // 1125 x 2436 is far under the limit: the same kind of file is a backdrop.
        try Self.blackPNG(dir.file("ok.png"), width: 1125, height: 2436)
        let ok = try CommandRunner.notchwave(["frame", "--time", "0", "--backdrop", dir.file("ok.png"), "-o", dir.file("y.png")])
        #expect(ok.status == 0, "\(ok.stderr)")
    }

    /// A 1 s MOV whose index (the moov box) is at its end, cut to its first half: what a
    /// recording stopped before it was finished looks like.
    static func unfinishedRecording(_ dir: TemporaryDirectory) throws -> String {
        let whole = dir.file("whole.mov"), cut = dir.file("cut.mov")
        let made = try CommandRunner.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=1125x2436:d=1:r=30", "-pix_fmt", "yuv420p", whole])
        try #require(made.status == 0, "ffmpeg: \(made.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: cut))
        return cut
    }

    @Test("an MP4 or MOV without its index says so, not FFmpeg's 'Invalid data'")
    func unfinishedRecording() throws {
        let dir = TemporaryDirectory()
        let cut = try Self.unfinishedRecording(dir)
        let run = try CommandRunner.notchwave(["render", "--duration", "0.2", "--backdrop", cut, "-o", dir.file("x.mp4"), "-q"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("--backdrop: \(cut) cannot be read: it is an MP4 or MOV file without its index"), "\(run.stderr)")
        #expect(!run.stderr.contains("Invalid data"), "\(run.stderr)")
        #expect(dir.contents.sorted() == ["cut.mov", "whole.mov"])
    }

    @Test("a recording cut short (its index at the front, or a WebM without one) fails in one line that says so and where its pictures end; an existing output is left as it was; a batch fails that output alone and leaves no file of it")
    func recordingCutShort() throws {
        let dir = TemporaryDirectory()
        let whole = dir.file("whole.mp4"), cut = dir.file("cut.mp4"), webm = dir.file("whole.webm"), cutWebm = dir.file("cut.webm")
        for (file, codec) in [(whole, ["-c:v", "libx264", "-movflags", "+faststart"]), (webm, ["-c:v", "libvpx-vp9", "-deadline", "realtime"])] {
            let made = try CommandRunner.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=390x844:r=30:d=2"] + codec
                                             + ["-pix_fmt", "yuv420p", file])
            try #require(made.status == 0, "ffmpeg: \(made.stderr)")
        }
        for (from, to) in [(whole, cut), (webm, cutWebm)] {
            let data = try Data(contentsOf: URL(fileURLWithPath: from))
            try data.prefix(data.count * 6 / 10).write(to: URL(fileURLWithPath: to))
        }
        // The whole recordings are backdrops.
        let output = dir.file("x.mp4")
        let good = try CommandRunner.notchwave(["render", "--preset", "iphone-x", "--duration", "2", "--fps", "15", "--backdrop", whole, "-q", "-o", output])
        try #require(good.status == 0, "\(good.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: output))
        for file in [cut, cutWebm] {
            let render = try CommandRunner.notchwave(["render", "--preset", "iphone-x", "--duration", "2", "--fps", "15", "--backdrop", file, "-q", "-o", output])
            #expect(render.status == 1, "\(render.stderr)")
            let lines = render.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains("--backdrop: \(file) is cut short: its pictures end at ")
                    && lines[0].contains("of the 2.00 s its header declares"), "\(render.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == before, "the existing output was changed")
        }
        // The MP4's index tells before anything is rendered: a still of its first picture fails too.
        let still = try CommandRunner.notchwave(["frame", "--preset", "iphone-x", "--time", "0", "--backdrop", cut, "-o", dir.file("c.png")])
        #expect(still.status == 1 && still.stderr.contains("is cut short"), "\(still.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("c.png")))
        // In a batch, the variant with the cut recording fails (exit 1) and leaves no file; the others render.
        let job = dir.file("job.json")
        try """
        {"presets": ["iphone-x"], "formats": ["mp4"], "defaults": {"duration": 2, "fps": 15, "quality": "draft"},
         "variants": [{"name": "whole", "backdrop": "whole.webm"}, {"name": "cut", "backdrop": "cut.webm"}], "output": "{variant}.mp4"}
        """.write(toFile: job, atomically: true, encoding: .utf8)
        let batch = try CommandRunner.notchwave(["batch", job, "-o", dir.file("out"), "-q"])
        #expect(batch.status == 1, "\(batch.stderr)")
        #expect(batch.stderr.contains("failed cut.mp4: \(job): $.variants[1].backdrop") && batch.stderr.contains("is cut short"), "\(batch.stderr)")
        let outputs = Set((try? FileManager.default.contentsOfDirectory(atPath: dir.file("out"))) ?? [])
        #expect(outputs.contains("whole.mp4") && !outputs.contains(where: { $0.hasPrefix("cut") }), "\(outputs)")
    }

    @Test("a job file's backdrops: a missing one fails the dry run and its output, named by its entry; one that cannot be decoded names its entry too; the rest renders")
    func batchBackdrops() throws {
        let dir = TemporaryDirectory()
        _ = try Self.unfinishedRecording(dir)
        let job = dir.file("job.json")
        try """
        {"presets": ["iphone-x"], "formats": ["mp4"], "defaults": {"duration": 0.1, "region": "bar"},
         "variants": [{"name": "a", "backdrop": "missing.png"}, {"name": "b", "backdrop": "cut.mov"}, {"name": "c"}]}
        """.write(toFile: job, atomically: true, encoding: .utf8)
        let dry = try CommandRunner.notchwave(["batch", job, "-o", dir.file("out"), "--dry-run"])
        #expect(dry.status == 1)
        #expect(dry.stderr.contains("invalid iphone-x-sharp-a.mp4: \(job): $.variants[0].backdrop (line 2, column"), "\(dry.stderr)")
        #expect(dry.stderr.contains("missing.png: no such file"), "\(dry.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("out")))
        let run = try CommandRunner.notchwave(["batch", job, "-o", dir.file("out")])
        #expect(run.status == 1)
        #expect(run.stderr.contains("failed iphone-x-sharp-a.mp4: \(job): $.variants[0].backdrop"), "\(run.stderr)")
        #expect(run.stderr.contains("failed iphone-x-sharp-b.mp4: \(job): $.variants[1].backdrop (line 2, column"), "\(run.stderr)")
        #expect(run.stderr.contains("without its index"), "\(run.stderr)")
        #expect(!run.stderr.contains("--backdrop"), "\(run.stderr)")
        let outputs = Set((try? FileManager.default.contentsOfDirectory(atPath: dir.file("out"))) ?? [])
        #expect(outputs.contains("iphone-x-sharp-c.mp4") && !outputs.contains("iphone-x-sharp-a.mp4") && !outputs.contains("iphone-x-sharp-b.mp4"), "\(outputs)")
    }

    @Test("a shard outside its count is a usage error, given on the command line or in the environment", arguments: ["5/2", "2/2", "-1/2", "env"])
    func shardOutOfRange(shard: String) throws {
        let dir = TemporaryDirectory()
        let job = dir.file("job.json")
        try #"{"presets": ["iphone-x"], "formats": ["rgba"], "defaults": {"duration": 0.05}}"#.write(toFile: job, atomically: true, encoding: .utf8)
        let run = try CommandRunner.run(CommandRunner.notchwave, ["batch", job, "-o", dir.file("out"), "--shard", shard],
                                        environment: ProcessInfo.processInfo.environment.merging(["JOB_COMPLETION_INDEX": "5", "JOB_COMPLETION_COUNT": "2"]) { $1 })
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("0 <= "), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("out")))
    }
}
