import Foundation
import Testing
import TestSupport

@Suite("Command line")
struct CLITests {
    @Test("bad invocations are one line on stderr and exit code 64", arguments: [
        (["render", "--bogus"], "unknown option '--bogus'"),
        (["render", "--fps"], "--fps needs a value"),
        (["render", "--fps", "0"], "--fps 0 is out of range"),
        (["render", "--fps", "sixty"], "--fps expects a whole number"),
        (["render", "--colors", "red,purpel"], "unknown colour \"purpel\""),
        (["render", "--background", "#12"], "unknown colour \"#12\""),
        (["render", "--preset", "iphone-99"], "unknown preset \"iphone-99\""),
        (["render", "--period", "-1"], "--period -1 is out of range"),
        (["render", "--region", "top"], "--region must be one of screen, bar"),
        (["render", "--stop", "1", "--start", "2"], "before the start"),
        (["frame", "-o", "x.png"], "missing --time"),
        (["frame", "--time", "1"], "missing -o OUTPUT"),
        (["renderr"], "unknown command 'renderr' (did you mean 'render'?)"),
        (["render", "extra"], "unexpected argument 'extra'"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let run = try CommandRunner.notchwave(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!run.stderr.contains("Fatal error"))
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

    @Test("a missing directory, or a file where a directory should be, fails with a clear message and leaves no file")
    func missingDirectory() throws {
        let run = try CommandRunner.notchwave(["render", "--duration", "0.1", "-o", "/nonexistent-dir/x.mp4"])
        #expect(run.status == 1)
        #expect(run.stderr == "notchwave render: error: cannot write /nonexistent-dir/x.mp4: the directory /nonexistent-dir does not exist\n")
        let dir = TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: dir.file("plain"), contents: Data("x".utf8)))
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
}
