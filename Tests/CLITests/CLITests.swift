import Foundation
import Testing
import TestSupport

@Suite("Command line")
struct CLITests {
    @Test("bad invocations are one line on stderr and exit code 64", arguments: [
        (["render", "--bogus"], "unknown option '--bogus'"),
        (["render", "--fps"], "--fps needs a value"),
        (["render", "--fps", "0"], "--fps: 0 is out of range (1 to 240)"),
        (["render", "--fps", "sixty"], "--fps: expected a whole number, got 'sixty'"),
        (["render", "--colors", "red,purpel"], "unknown colour \"purpel\""),
        (["render", "--background", "#12"], "unknown colour \"#12\""),
        (["render", "--preset", "iphone-99"], "unknown preset \"iphone-99\""),
        (["render", "--period", "-1"], "--period: -1 is out of range (0.001 to 60 seconds)"),
        (["render", "--region", "top"], "--region: 'top' is not one of screen, bar"),
        (["render", "--stop", "1", "--start", "2"], "before the start"),
        (["frame", "-o", "x.png"], "missing --time"),
        (["frame", "--time", "1"], "missing -o OUTPUT"),
        (["renderr"], "unknown command 'renderr' (did you mean 'render'?)"),
        (["render", "extra"], "unexpected argument 'extra'"),
        // Options that do not go together, or do not apply to the output.
        (["render", "--crf", "20", "--bitrate", "4M"], "--bitrate: give either --crf (constant quality) or --bitrate, not both"),
        (["render", "--loops", "2"], "--loops: counts seamless loops, so it needs --loop"),
        (["render", "--hold", "1"], "--hold: holds the last frame after the closing wave, so it needs --stop"),
        (["render", "-o", "-", "--json"], "--json prints to stdout, which -o - fills with frames"),
        (["render", "--cycle", "2"], "--cycle: belongs to the smooth style, not the sharp style"),
        (["render", "--loop", "--fps", "7"], "one loop lasts 0.9 s, 6.3 frames at 7 fps: not a whole number, so the clip would not repeat seamlessly; use --fps 10"),
        (["render", "--loop", "--duration", "1"], "with --loop the clip is whole loops of 0.9 s (use --loops N instead)"),
        (["render", "--stop", "3600", "--hold", "100"], "the video would last 3700.9 s, more than the 3600 s a render may last"),
        (["render", "--bitrate", "4x"], "--bitrate: '4x' is not a bit rate (such as 4M"),
        (["render", "--speed", "turbo"], "--speed: 'turbo' is not one of ultrafast"),
        (["render", "--dither", "bogus", "-o", "x.gif"], "--dither: 'bogus' is not one of none, bayer, floyd_steinberg, sierra2, sierra2_4a"),
        (["render", "--dither", "bayer"], "--dither: does not apply to h264 (it applies to gif)"),
        (["render", "--crf", "3", "-o", "x.rgba"], "--crf: does not apply to raw RGBA frames"),
        (["render", "--crf", "55"], "--crf: 55 is out of range for h264 (0 to 51)"),
        (["render", "--crf", "70", "-o", "x.webm"], "--crf: 70 is out of range (0 to 63)"),
        (["render", "--style-option", "gradient-length"], "--style-option: expected KEY=VALUE, got 'gradient-length'"),
        (["render", "--style", "smooth", "--style-option", "nope=1"], "--style-option nope: the smooth style has no option 'nope'"),
        (["presets", "--json", "--markdown"], "give either --json or --markdown"),
        // Scenes: unknown ones, their options, and parameters of other scenes.
        (["render", "--scene", "liquid-swype"], "--scene: unknown scene 'liquid-swype' (did you mean liquid-swipe?)"),
        (["render", "--scene", "liquid-swipe", "--period", "1"], "--period: belongs to the notch-waves scene, not liquid-swipe"),
        (["render", "--scene", "liquid-swipe", "--scene-option", "left=2@100"], "--scene-option left: progress 2 is out of range (0 to 1)"),
        (["render", "--scene", "liquid-swipe", "--scene-option", "pgae=1"], "--scene-option pgae: the liquid-swipe scene has no option 'pgae' (did you mean page?)"),
        (["render", "--scene-option", "page=1"], "--scene-option page: the notch-waves scene has no option 'page'"),
        (["render", "--scene", "liquid-swipe", "--scene-option", "script=/nonexistent/s.json"], "/nonexistent/s.json"),
        (["bench", "--profile", "bars"], "--profile: 'bars' is not a part (bar, liquid-swipe)"),
        (["bench", "--profile", "bar", "--frames", "-1"], "--frames -1 is out of range (0 to 1000000)"),
        (["bench", "--peer-scenes", "/tmp/unused", "--frames", "3"], "--frames: only with --profile"),
        (["bench", "--pipeline", "--scene", "none"], "--scene: 'none' is not a scene that draws on its own"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let run = try CommandRunner.notchwave(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!run.stderr.contains("Fatal error"))
    }

    @Test("bench --profile rasterizes a fixed number of frames of one part and prints nothing", arguments: ["bar", "liquid-swipe"])
    func benchProfile(part: String) throws {
        let run = try CommandRunner.notchwave(["bench", "--profile", part, "--frames", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty && run.stderr.isEmpty)
    }

    @Test("help and version")
    func help() throws {
        let main = try CommandRunner.notchwave(["--help"])
        #expect(main.status == 0 && main.stdoutText.contains("render") && main.stdoutText.contains("presets"))
        let render = try CommandRunner.notchwave(["render", "--help"])
        #expect(render.status == 0 && render.stdoutText.contains("--period SECONDS") && render.stdoutText.contains("--even pad|crop"))
        let version = try CommandRunner.notchwave(["--version"])
        #expect(version.status == 0 && version.stdoutText.contains("libavcodec"))
    }

    @Test("a directory that cannot be made, or a file where a directory should be, fails with a clear message and leaves no file")
    func missingDirectory() throws {
        let dir = TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: dir.file("plain"), contents: Data("x".utf8)))
        let run = try CommandRunner.notchwave(["render", "--duration", "0.1", "-o", dir.file("plain") + "/sub/x.mp4"])
        #expect(run.status == 1)
        #expect(run.stderr == "notchwave render: error: cannot create the output's directory \(dir.file("plain"))/sub: Not a directory\n", "\(run.stderr)")
        let notDirectory = try CommandRunner.notchwave(["render", "--duration", "0.1", "-o", dir.file("plain") + "/x.mp4"])
        #expect(notDirectory.status == 1)
        #expect(notDirectory.stderr.contains("is a file, not a directory"), "\(notDirectory.stderr)")
        #expect(dir.contents == ["plain"])
    }

    // Root may write anywhere, so this one only runs as another user.
    @Test("a directory without write permission fails with a clear message and leaves no file", .enabled(if: getuid() != 0))
    func unwritable() throws {
        let dir = TemporaryDirectory()
        let locked = dir.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked) }
        let denied = try CommandRunner.notchwave(["render", "--duration", "0.1", "-o", locked + "/x.mp4"])
        #expect(denied.status == 1)
        #expect(denied.stderr.contains("Permission denied"))
        #expect((try FileManager.default.contentsOfDirectory(atPath: locked)).isEmpty)
    }

    @Test("presets table and show --json")
    func presets() throws {
        let table = try CommandRunner.notchwave(["presets"])
        #expect(table.status == 0 && table.stdoutText.contains("iphone-xr"))
        let show = try CommandRunner.notchwave(["presets", "show", "iPhone X", "--json"])
        #expect(show.status == 0)
        let json = try JSONSerialization.jsonObject(with: show.stdout) as? [String: Any]
        #expect(json?["id"] as? String == "iphone-x")
        #expect((json?["screenPoints"] as? [Double]) == [375, 812])
        let bar = json?["bar"] as? [String: Double]
        #expect(bar?["h"] == 30 && bar?["cs"] == 117 && bar?["rt"] == 6 && bar?["rb"] == 20)
    }

    @Test("presets show names each number's confidence once, and what would confirm an estimate")
    func presetsShowConfidence() throws {
        let list = try CommandRunner.notchwave(["presets", "--json"])
        let ids = try #require(try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(ids.count > 40)
        for id in ids {
            let show = try CommandRunner.notchwave(["presets", "show", id])
            #expect(show.status == 0)
            for word in ["stated", "derived", "estimated"] {
                #expect(!show.stdoutText.contains("\(word): \(word)"), "\(id): \(show.stdoutText)")
            }
        }
        let e17 = try CommandRunner.notchwave(["presets", "show", "iphone-17e"])
        #expect(e17.stdoutText.contains("cutout.topRadius: 6 — estimated: "))
        #expect(e17.stdoutText.contains("    to confirm: "))
    }
}

/// The usage guide's option tables are the registry's: generated, and checked here.
@Suite("Parameter tables")
struct ReadmeTableTests {
    @Test("the usage guide's parameter tables are what `notchwave parameters --markdown` prints")
    func parameters() throws {
        let run = try CommandRunner.notchwave(["parameters", "--markdown"])
        #expect(run.status == 0)
        let readme = try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent("docs/usage.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- generated: parameters"))
        let body = readme[start.upperBound...].drop { $0 != "\n" }.dropFirst()
        let end = try #require(body.range(of: "<!-- end generated: parameters -->"))
        #expect(String(body[..<end.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
                == run.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines), "run `make readme`")
    }

    @Test("every parameter is an option of render, its groups' of frame, and a key in `notchwave new job`'s example")
    func everywhere() throws {
        let render = try CommandRunner.notchwave(["render", "--help"]).stdoutText
        let frame = try CommandRunner.notchwave(["frame", "--help"]).stdoutText
        let job = try CommandRunner.notchwave(["new", "job", "-"]).stdoutText
        let table = try CommandRunner.notchwave(["parameters"]).stdoutText
        var group = ""
        var count = 0
        for line in table.split(separator: "\n") {
            guard line.hasPrefix("  --") else { group = String(line.dropLast()); continue }
            let option = String(line.dropFirst(2).prefix { $0 != " " })
            let key = String(line.split(separator: "[")[1].prefix { $0 != "]" })
            #expect(render.contains(option + " ") || render.contains(option + "\n"), "render --help lacks \(option)")
            let inFrame = frame.contains(option + " ") || frame.contains(option + "\n")
            #expect(inFrame == ["Scene", "Notch waves", "Frame", "Backdrop", "Captions", "Device frame and canvas"].contains(group), "frame --help and \(option) (\(group))")
            #expect(job.contains(" " + key + ",") || job.contains(" " + key + "."), "new job lacks \(key)")
            count += 1
        }
        #expect(count >= 37)
    }
}
