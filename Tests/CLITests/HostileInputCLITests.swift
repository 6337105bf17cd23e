import Foundation
import Testing
import TestSupport

/// The crash families of issue 11 through the real binary: each must end with one clear
/// line and exit code 64 or 1 (or 0), never a signal.
@Suite("Hostile input (CLI)")
struct HostileInputCLITests {
    /// Runs the binary through bash so that stderr can be redirected or closed.
    func shell(_ command: String) throws -> ProcessOutput {
        try CommandRunner.run("/bin/bash", ["-c", command])
    }

    var bin: String { "'\(CommandRunner.notchwave)'" }

    @Test("a stderr that cannot be written does not change the exit code", arguments: ["2>/dev/full", "2>&-"])
    func unwritableStderr(redirect: String) throws {
        let dir = TemporaryDirectory()
        let usage = try shell("\(bin) render --no-such-flag \(redirect); echo \"status $?\"")
        #expect(usage.stdoutText.contains("status 64"), "\(usage.stdoutText) \(usage.stderr)")
        let ok = try shell("\(bin) render --duration 0.1 -o '\(dir.file("a.mp4"))' \(redirect); echo \"status $?\"")
        #expect(ok.stdoutText.contains("status 0"), "\(ok.stdoutText) \(ok.stderr)")
        #expect(dir.contents == ["a.mp4"])
    }

    @Test("stderr into a pipe that closes early: the batch still finishes every output")
    func closedPipe() throws {
        let dir = TemporaryDirectory()
        let job = dir.file("job.json")
        try Data(#"{"presets": ["iphone-x", "iphone-se-3", "iphone-11"], "formats": ["rgba"], "defaults": {"duration": 0.05, "fps": 20}, "output": "{preset}.{ext}"}"#.utf8)
            .write(to: URL(fileURLWithPath: job))
        let run = try shell("\(bin) batch '\(job)' --jobs 1 -o '\(dir.file("out"))' 2>&1 | head -c 1 >/dev/null; echo \"status ${PIPESTATUS[0]}\"")
        #expect(run.stdoutText.contains("status 0"), "\(run.stdoutText) \(run.stderr)")
        let outputs = (try? FileManager.default.contentsOfDirectory(atPath: dir.file("out"))) ?? []
        #expect(Set(outputs).isSuperset(of: ["iphone-x.rgba", "iphone-se-3.rgba", "iphone-11.rgba", "manifest.json"]), "\(outputs)")
    }

    @Test("extreme easing control points: one line, exit 64")
    func extremeEasing() throws {
        let run = try CommandRunner.notchwave(["render", "--easing", "cubic-bezier(0.5,1e17,0.5,0)", "--duration", "0.1", "-o", "/tmp/unused-\(UUID()).mp4"])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("y1 and y2 must lie between -10 and 10"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test("seconds and whole numbers agree: hex is refused for both", arguments: [["--period", "0x10"], ["--fps", "0x10"], ["--duration", "0x1p1"]])
    func hex(arguments: [String]) throws {
        let run = try CommandRunner.notchwave(["render"] + arguments + ["-o", "/tmp/unused-\(UUID()).mp4"])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("expected a"), "\(run.stderr)")
    }

    @Test("control characters in messages are escaped, and long values are cut")
    func escaped() throws {
        let run = try CommandRunner.notchwave(["render", "--preset", "\u{1B}[31mred\nline", "-o", "/tmp/unused.mp4"])
        #expect(run.status == 64)
        #expect(!run.stderr.contains("\u{1B}") && run.stderr.contains("\\u{1B}[31mred\\nline"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        let long = try CommandRunner.notchwave(["render", "--preset", String(repeating: "x", count: 100_000), "-o", "/tmp/unused.mp4"])
        #expect(long.status == 64)
        #expect(long.stderr.count < 2100, "\(long.stderr.count) characters")
    }

    @Test("SVT-AV1's 64 px minimum: --even pad pads the bar strip to it, --even crop is refused with the limit")
    func av1Minimum() throws {
        let dir = TemporaryDirectory()
        let padded = try CommandRunner.notchwave(["render", "--preset", "iphone-se-3", "--region", "bar", "--codec", "av1", "--duration", "0.1", "-q", "-o", dir.file("pad.mp4")])
        #expect(padded.status == 0, "\(padded.stderr)")
        if padded.status == 0 {
            let stream = try MediaProbe.stream(dir.file("pad.mp4"))
            #expect(stream.width == 750 && stream.height == 64)
        }
        let cropped = try CommandRunner.notchwave(["render", "--preset", "iphone-se-3", "--region", "bar", "--codec", "av1", "--even", "crop", "--duration", "0.1", "-o", dir.file("crop.mp4")])
        #expect(cropped.status == 64)
        #expect(cropped.stderr.contains("at least 64x64 px, this one is 750x40; --even pad"), "\(cropped.stderr)")
        #expect(dir.contents == ["pad.mp4"], "\(dir.contents)")
    }

    @Test("a preset beyond the pixel budget: one line before anything is allocated")
    func pixelBudget() throws {
        let file = CommandRunner.packageRoot.appendingPathComponent("Tests/NotchwaveModelTests/BrokenPresets/too-many-pixels.json").path
        let run = try CommandRunner.notchwave(["render", "--preset-file", file, "--duration", "0.1", "-o", "/tmp/unused.mp4"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("beyond the pixel budget"))
    }
}

@Suite("Hostile paths (CLI)")
struct HostilePathTests {
    @Test("a double slash before a non-ASCII name (a Foundation trap, found by fuzzing) is the same path", arguments: ["render", "frame"])
    func doubleSlash(command: String) throws {
        let dir = TemporaryDirectory()
        let extra = command == "frame" ? ["--time", "0.1"] : ["--duration", "0.1"]
        let run = try CommandRunner.notchwave([command] + extra + ["-o", dir.path + "//é.png"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(dir.contents == ["é.png"])
    }

    @Test("%d patterns: only PNG sequences, one field of width at most 99, only in the file name", arguments: [
        ("%d/x.png", "not in a directory"), ("x%d.mp4", "only PNG sequences"), ("x%100d.png", "width at most 99"), ("x%d%d.png", "one integer field"),
    ])
    func patterns(output: String, message: String) throws {
        let dir = TemporaryDirectory()
        let run = try CommandRunner.notchwave(["render", "--duration", "0.1", "-o", dir.file(output)])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(dir.contents.isEmpty)
    }
}

@Suite("File text (CLI)")
struct FileTextTests {
    @Test("presets and job files: a BOM is accepted and invalid UTF-8 refused with the same words")
    func sameTreatment() throws {
        let dir = TemporaryDirectory()
        let preset = try Data(contentsOf: CommandRunner.packageRoot.appendingPathComponent("presets/iphone-x.json"))
        let job = Data(#"{"presets": ["iphone-x"], "formats": ["rgba"], "output": "{preset}.{ext}"}"#.utf8)
        let bom = Data([0xEF, 0xBB, 0xBF])
        try (bom + preset).write(to: URL(fileURLWithPath: dir.file("bom-preset.json")))
        try (bom + job).write(to: URL(fileURLWithPath: dir.file("bom-job.json")))
        try (preset.prefix(10) + Data([0xFF]) + preset.dropFirst(10)).write(to: URL(fileURLWithPath: dir.file("bad-preset.json")))
        try (job.prefix(10) + Data([0xFF]) + job.dropFirst(10)).write(to: URL(fileURLWithPath: dir.file("bad-job.json")))
        let goodPreset = try CommandRunner.notchwave(["frame", "--time", "0", "--preset-file", dir.file("bom-preset.json"), "-o", dir.file("f.png")])
        #expect(goodPreset.status == 0, "\(goodPreset.stderr)")
        let goodJob = try CommandRunner.notchwave(["batch", dir.file("bom-job.json"), "--dry-run", "-o", dir.file("out")])
        #expect(goodJob.status == 0, "\(goodJob.stderr)")
        let badPreset = try CommandRunner.notchwave(["frame", "--time", "0", "--preset-file", dir.file("bad-preset.json"), "-o", dir.file("g.png")])
        let badJob = try CommandRunner.notchwave(["batch", dir.file("bad-job.json"), "--dry-run", "-o", dir.file("out")])
        for (run, file) in [(badPreset, "bad-preset.json"), (badJob, "bad-job.json")] {
            #expect(run.status == 64, "\(run.stderr)")
            #expect(run.stderr.contains("\(file): $: not UTF-8 text (invalid byte 0xFF at byte offset 10)"), "\(run.stderr)")
        }
    }

    /// Inputs that are not regular files: each is refused before it is opened (a FIFO's
    /// open or read would block, a link to /dev/zero would never end). `IN` is replaced by
    /// the input, `OUT` by an output path; the FIFO's writer end is held open and closed
    /// after 20 s, so that a binary that reads it would wait, then fail the time limit.
    @Test("FIFOs, devices and directories as inputs: one line naming the input and what it is, at once; nothing written", arguments: [
        (["frame", "--backdrop", "IN", "--time", "0", "-o", "OUT.png"], "fifo", 64, "--backdrop: IN: is a FIFO (named pipe), not a regular file"),
        (["render", "--profile", "app-preview", "--audio", "IN", "-o", "OUT.mp4"], "fifo", 64, "--audio: IN: is a FIFO (named pipe), not a regular file"),
        (["frame", "--preset-file", "IN", "--time", "0", "-o", "OUT.png"], "fifo", 64, "IN: $: is a FIFO (named pipe), not a regular file"),
        (["frame", "--preset-file", "IN", "--time", "0", "-o", "OUT.png"], "zero", 64, "IN: $: is a device, not a regular file"),
        (["batch", "IN", "-o", "OUT"], "fifo", 64, "IN: $: is a FIFO (named pipe), not a regular file"),
        (["frame", "--scene", "liquid-swipe", "--scene-option", "script=IN", "--time", "0", "-o", "OUT.png"], "fifo", 64,
         "IN: $: is a FIFO (named pipe), not a regular file"),
        (["frame", "--scene", "popup", "--font", "IN", "--time", "0", "-o", "OUT.png"], "fifo", 64, "cannot use font IN: not a regular file"),
        (["check-preview", "IN"], "fifo", 1, "file: is a FIFO (named pipe), not a regular file"),
        // A folder is checked as a folder of previews: an empty one has none.
        (["check-preview", "IN"], "directory", 1, "no video (.mp4, .mov, .m4v) below IN"),
    ])
    func notRegularFiles(arguments: [String], kind: String, status: Int32, message: String) throws {
        let dir = TemporaryDirectory()
        let input = dir.file("input")
        switch kind {
        case "fifo": #expect(mkfifo(input, 0o644) == 0)
        case "zero": try FileManager.default.createSymbolicLink(atPath: input, withDestinationPath: "/dev/zero")
        default: try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: false)
        }
        let writer = kind == "fifo" ? open(input, O_RDWR | O_NONBLOCK) : -1
        if writer >= 0 { DispatchQueue.global().asyncAfter(deadline: .now() + 20) { close(writer) } }
        let start = Date()
        let substitute = { (text: String) in text.replacingOccurrences(of: "IN", with: input).replacingOccurrences(of: "OUT", with: dir.file("out")) }
        let run = try CommandRunner.notchwave(arguments.map(substitute))
        #expect(Date().timeIntervalSince(start) < 10, "the input was opened")
        #expect(run.status == status, "\(run.stderr)")
        let said = status == 1 && arguments[0] == "check-preview" ? run.stdoutText : run.stderr
        #expect(said.contains(substitute(message)), "\(said)")
        if status == 64 { #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)") }
        #expect(dir.contents == ["input"])
    }

    @Test("a FIFO as a job file's variant backdrop, and as an output that batch merge reads: one line naming it and what it is, at once")
    func fifosInBatches() throws {
        let dir = TemporaryDirectory()
        let fifo = dir.file("screen.mp4")
        #expect(mkfifo(fifo, 0o644) == 0)
        let writer = open(fifo, O_RDWR | O_NONBLOCK)
        defer { if writer >= 0 { close(writer) } }
        let start = Date()
        let job = dir.file("job.json")
        try #"{"presets": ["iphone-x"], "formats": ["rgba"], "defaults": {"duration": 0.05}, "variants": [{"name": "a", "backdrop": "screen.mp4"}]}"#
            .write(toFile: job, atomically: true, encoding: .utf8)
        let dry = try CommandRunner.notchwave(["batch", job, "-o", dir.file("out"), "--dry-run"])
        #expect(dry.status == 1, "\(dry.stderr)")
        #expect(dry.stderr.contains("\(job): $.variants[0].backdrop") && dry.stderr.contains("is a FIFO (named pipe), not a regular file"), "\(dry.stderr)")
        // A shard's output replaced by a FIFO before the merge reads it.
        let plain = dir.file("plain.json")
        try #"{"presets": ["iphone-x", "iphone-se-3"], "formats": ["rgba"], "defaults": {"duration": 0.05}, "output": "{preset}.{ext}"}"#
            .write(toFile: plain, atomically: true, encoding: .utf8)
        for index in 0..<2 {
            let shard = try CommandRunner.notchwave(["batch", plain, "-o", dir.file("merged"), "--shard", "\(index)/2", "-q"])
            try #require(shard.status == 0, "\(shard.stderr)")
        }
        let output = try #require(["iphone-x.rgba", "iphone-se-3.rgba"].map { dir.file("merged/" + $0) }.first { FileManager.default.fileExists(atPath: $0) })
        try FileManager.default.removeItem(atPath: output)
        #expect(mkfifo(output, 0o644) == 0)
        let outputWriter = open(output, O_RDWR | O_NONBLOCK)
        defer { if outputWriter >= 0 { close(outputWriter) } }
        let merge = try CommandRunner.notchwave(["batch", "merge", dir.file("merged")])
        #expect(merge.status == 1, "\(merge.stderr)")
        #expect(merge.stderr.contains("\((output as NSString).lastPathComponent) (is a FIFO (named pipe), not a regular file)"), "\(merge.stderr)")
        #expect(merge.stderr.split(separator: "\n").count == 1, "\(merge.stderr)")
        #expect(Date().timeIntervalSince(start) < 20, "an input was opened")
    }

    @Test("a LiquidSwipe script of a million taps and a popup script of 200,000 shows: one line naming the limit, exit 64, at once")
    func hugeScripts() throws {
        let dir = TemporaryDirectory()
        let taps = "{\"events\": [" + (0..<1_000_000).map { "{\"tap\": \"right\", \"at\": \(Double($0) * 0.001)}" }.joined(separator: ",") + "]}"
        try taps.write(toFile: dir.file("swipe.txt"), atomically: true, encoding: .utf8)
        let shows = "{\"events\": [" + (0..<100_000).map { "{\"show\": true, \"at\": \(Double($0) * 0.002)}, {\"hide\": true, \"at\": \(Double($0) * 0.002 + 0.001)}" }
            .joined(separator: ",") + "]}"
        try shows.write(toFile: dir.file("popup.txt"), atomically: true, encoding: .utf8)
        for (scene, script) in [("liquid-swipe", "swipe.txt"), ("popup", "popup.txt")] {
            let start = Date()
            let run = try CommandRunner.notchwave(["frame", "--scene", scene, "--scene-option", "script=\(dir.file(script))", "--time", "1", "-o", dir.file("x.png")])
            let limit = CommandRunner.addressSanitized || CommandRunner.threadSanitized ? 120.0 : 15
            #expect(Date().timeIntervalSince(start) < limit, "\(scene): \(Date().timeIntervalSince(start)) s")
            #expect(run.status == 64, "\(scene): \(run.stderr)")
            #expect(run.stderr.contains("100000") || run.stderr.contains("100,000"), "\(scene): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(scene): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.file("x.png")))
    }
}
