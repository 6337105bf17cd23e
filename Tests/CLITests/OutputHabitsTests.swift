import Foundation
import Testing
import TestSupport

/// What users expect of a command-line tool's outputs: missing directories made, a line
/// when a file is written, progress in logs.
@Suite("Output habits")
struct OutputHabitsTests {
    @Test("render and frame make the output's missing directories (a file and a PNG sequence); a render that writes nothing removes those it made")
    func missingDirectories() throws {
        let dir = TemporaryDirectory()
        let run = try CommandRunner.notchwave(["render", "--duration", "0.1", "-q", "-o", dir.file("a/b/clip.mp4")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try MediaProbe.stream(dir.file("a/b/clip.mp4")).codec == "h264")
        let sequence = try CommandRunner.notchwave(["render", "--duration", "0.05", "--fps", "20", "-q", "-o", dir.file("c/d/frames/")])
        #expect(sequence.status == 0, "\(sequence.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.file("c/d/frames/00000.png")))
        // A `..` component, and a directory another render makes at the same time.
        let dotted = try CommandRunner.notchwave(["render", "--duration", "0.05", "-q", "-o", dir.file("n/../m/x.mp4")])
        #expect(dotted.status == 0 && FileManager.default.fileExists(atPath: dir.file("m/x.mp4")), "\(dotted.stderr)")
        let together = try CommandRunner.run("/bin/bash", ["-c", (0..<4).map { "'\(CommandRunner.notchwave)' render --duration 0.05 -q -o '\(dir.file("p/q/\($0).mp4"))' &" }.joined(separator: " ") + " wait"])
        #expect(together.stderr.isEmpty && (0..<4).allSatisfy { FileManager.default.fileExists(atPath: dir.file("p/q/\($0).mp4")) }, "\(together.stderr)")
        let frame = try CommandRunner.notchwave(["frame", "--time", "0", "-q", "-o", dir.file("g/h/f.png")])
        #expect(frame.status == 0 && FileManager.default.fileExists(atPath: dir.file("g/h/f.png")), "\(frame.stderr)")
        if !CommandRunner.threadSanitized {
            let refused = try CommandRunner.run("/bin/bash", ["-c", "ulimit -f 8; exec '\(CommandRunner.notchwave)' frame --time 0 -o '\(dir.file("i/f.png"))'"])
            #expect(refused.status == 1 && !FileManager.default.fileExists(atPath: dir.file("i")), "\(refused.stderr)")
        }
        // A write that fails part-way (the file size limit): nothing, not even the directories.
        // (TSan's runtime dies with SIGBUS under a file size limit.)
        if !CommandRunner.threadSanitized {
            let failed = try CommandRunner.run("/bin/bash", ["-c", "ulimit -f 8; exec '\(CommandRunner.notchwave)' render --duration 1 -q -o '\(dir.file("e/f/x.mp4"))'"])
            #expect(failed.status == 1, "\(failed.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.file("e")))
        }
    }

    @Test("--progress picks the style whatever stderr is: bar draws in place, none and plain (on a short render) print no progress; a bad style is a usage error")
    func progressStyles() throws {
        let dir = TemporaryDirectory()
        let bar = try CommandRunner.notchwave(["render", "--duration", "0.1", "--progress", "bar", "-o", dir.file("a.mp4")])
        #expect(bar.status == 0 && bar.stderr.contains("\r") && bar.stderr.contains("[########"), "\(bar.stderr)")
        for style in ["none", "plain"] {
            let run = try CommandRunner.notchwave(["render", "--duration", "0.1", "--progress", style, "-o", dir.file("\(style).mp4")])
            #expect(run.status == 0 && !run.stderr.contains("\r") && run.stderr.split(separator: "\n").count == 1, "\(style): \(run.stderr)")
        }
        let bad = try CommandRunner.notchwave(["render", "--duration", "0.1", "--progress", "loud", "-o", dir.file("b.mp4")])
        #expect(bad.status == 64 && bad.stderr.contains("--progress must be one of"), "\(bad.stderr)")
        // A render that fails part-way (the file size limit) ends the bar's line before its
        // message, which starts a line of its own. (TSan's runtime dies under that limit.)
        if !CommandRunner.threadSanitized {
            let failed = try CommandRunner.run("/bin/bash", ["-c", "ulimit -f 8; exec '\(CommandRunner.notchwave)' render --duration 2 --progress bar -o '\(dir.file("c.mp4"))'"])
            #expect(failed.status == 1 && failed.stderr.contains("\r") && failed.stderr.contains("\nnotchwave render: error: "), "\(failed.stderr)")
        }
    }

    @Test("frame says what it wrote in one line; -q and stdout say nothing")
    func frameLine() throws {
        let dir = TemporaryDirectory()
        let run = try CommandRunner.notchwave(["frame", "--time", "0.5", "-o", dir.file("f.png")])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("wrote \(dir.file("f.png")): the frame at 0.5 s, 1125x2436, "), "\(run.stderr)")
        let quiet = try CommandRunner.notchwave(["frame", "--time", "0.5", "-q", "-o", dir.file("g.png")])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test("with stderr not a terminal, a render that runs longer than 2 s prints a progress line at least every 2 s in every stage, held up front or at the end; a short one prints none")
    func progressInLogs() throws {
        let dir = TemporaryDirectory()
        // Raw frames into a pipe whose reader waits 7 s: the render is held that long
        // before its first frame is written.
        let script = "exec '\(CommandRunner.notchwave)' render --duration 1 --fps 30 -o - | (sleep 7; cat >/dev/null)"
        let run = try CommandRunner.runTimingStandardError("/bin/bash", ["-c", script], currentDirectory: dir.path)
        #expect(run.status == 0)
        let lines = run.lines
        #expect(lines.contains { $0.text == "stdout: no frame written yet (2 s)" }, "\(lines)")
        #expect(lines.allSatisfy { !$0.text.contains("\r") && $0.text.hasPrefix("stdout: ") }, "\(lines)")
        // The gaps: from the start to the first line, between lines, from the last to the
        // exit (the interval, with a margin for a loaded machine's scheduling).
        let times = [0] + lines.map(\.time) + [run.exited]
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(run.exited > 6 && gaps.allSatisfy { $0 <= 2.6 }, "gaps \(gaps) in \(lines)")
        // The lines keep to a grid from the start: the k-th comes k intervals after the
        // first, late by at most a heartbeat's tick and the machine's scheduling, however
        // many came before (a clock restarted at each line would drift by up to a tick a
        // line: about 1 s over these 7 lines).
        let fine = try CommandRunner.runTimingStandardError("/bin/bash", ["-c", "exec '\(CommandRunner.notchwave)' render --duration 1 --fps 30 --progress-interval 0.5 -o - | (sleep 4; cat >/dev/null)"],
                                                            currentDirectory: dir.path)
        #expect(fine.status == 0 && fine.lines.count >= 7, "\(fine.lines)")
        if let first = fine.lines.first {
            let drift = fine.lines.enumerated().map { $0.element.time - first.time - 0.5 * Double($0.offset) }
            #expect(drift.allSatisfy { abs($0) <= 0.3 }, "drift \(drift) in \(fine.lines)")
        }
        // Without a wait there is no line at all.
        let quick = try CommandRunner.notchwave(["render", "--duration", "0.1", "-o", dir.file("q.mp4")])
        #expect(quick.status == 0 && quick.stderr.split(separator: "\n").count == 1 && quick.stderr.hasPrefix("wrote "), "\(quick.stderr)")
    }

    @Test("with stderr not a terminal, a batch held longer than 2 s prints its progress line at least every 2 s")
    func batchProgressInLogs() throws {
        let dir = TemporaryDirectory()
        let job = dir.file("job.json")
        try #"{"presets": ["iphone-x"], "formats": ["mp4", "webm"], "defaults": {"duration": 3, "fps": 30}, "output": "{preset}.{ext}"}"#
            .write(toFile: job, atomically: true, encoding: .utf8)
        let run = try CommandRunner.runTimingStandardError(CommandRunner.notchwave, ["batch", job, "-o", dir.file("out"), "--jobs", "1"])
        #expect(run.status == 0, "\(run.lines)")
        let times = [0] + run.lines.map(\.time) + [run.exited]
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        // The line is due 2 s after the start and the heartbeat that writes it ticks every
        // 0.1 s: a batch that ends before 2.1 s (2.5 with a margin for scheduling) may end
        // before its first line (its output lines then keep every gap under 2 s, checked
        // below). This one takes 4-5 s on a 2-core machine, so the line is checked wherever
        // the machine is not far faster.
        if run.exited > 2.5 {
            #expect(run.lines.contains { $0.text.hasPrefix("batch: ") && $0.text.contains(" frames (") }, "\(run.lines)")
        }
        #expect(gaps.allSatisfy { $0 <= 2.6 }, "gaps \(gaps) in \(run.lines)")
    }
}

@Suite("Listings as JSON")
struct ListingJSONTests {
    func json(_ arguments: [String]) throws -> Any {
        let run = try CommandRunner.notchwave(arguments)
        try #require(run.status == 0, "\(run.stderr)")
        return try JSONSerialization.jsonObject(with: run.stdout)
    }

    @Test("scenes, styles and parameters --json list what the text listings list, and each listed option is one render accepts")
    func listings() throws {
        let scenesText = try CommandRunner.notchwave(["scenes"]).stdoutText
        let scenes = try #require(try json(["scenes", "--json"]) as? [[String: Any]])
        #expect(scenes.compactMap { $0["name"] as? String } == ["notch-waves", "liquid-swipe", "popup", "controls", "none"])
        #expect(scenes.filter { $0["default"] as? Bool == true }.count == 1)
        for scene in scenes {
            let name = try #require(scene["name"] as? String)
            #expect(scenesText.contains("\(name)"), "\(name)")
            for option in (scene["options"] as? [[String: Any]]) ?? [] {
                let key = try #require(option["key"] as? String)
                #expect(scenesText.contains("--scene-option \(key)="), "\(name) \(key)")
            }
            // Each scene renders a frame by the name listed (the none scene over a picture it needs).
            let dir = TemporaryDirectory()
            var arguments = ["frame", "--scene", name, "--time", "0", "-q", "-o", dir.file("f.png")]
            if name == "none" {
                let bare = try CommandRunner.notchwave(arguments)
                #expect(bare.status == 64 && bare.stderr.contains("--backdrop"), "\(bare.stderr)")
                let picture = try CommandRunner.notchwave(["frame", "--time", "1", "-q", "-o", dir.file("app.png")])
                #expect(picture.status == 0)
                arguments += ["--backdrop", dir.file("app.png")]
            }
            let frame = try CommandRunner.notchwave(arguments)
            #expect(frame.status == 0, "\(name): \(frame.stderr)")
        }
        let styles = try #require(try json(["styles", "--json"]) as? [[String: Any]])
        #expect(styles.compactMap { $0["name"] as? String } == ["sharp", "smooth"])
        let help = try CommandRunner.notchwave(["render", "--help"]).stdoutText
        let parameters = try #require(try json(["parameters", "--json"]) as? [String: Any])
        let list = try #require(parameters["parameters"] as? [[String: Any]])
        #expect(list.count > 30)
        for parameter in list {
            let option = try #require(parameter["option"] as? String)
            #expect(help.contains(option), "render --help lacks \(option)")
        }
        let both = try CommandRunner.notchwave(["parameters", "--json", "--markdown"])
        #expect(both.status == 64, "\(both.stderr)")
    }

    @Test("scenes NAME shows one scene; --markdown tables every option and own parameter its JSON lists; a misspelt name gets a suggestion")
    func oneScene() throws {
        let scenes = try #require(try json(["scenes", "--json"]) as? [[String: Any]])
        for scene in scenes {
            let name = try #require(scene["name"] as? String)
            let one = try #require(try json(["scenes", name, "--json"]) as? [[String: Any]])
            #expect(one.count == 1 && one.first?["name"] as? String == name)
            let markdown = try CommandRunner.notchwave(["scenes", name, "--markdown"]).stdoutText
            for option in (scene["options"] as? [[String: Any]]) ?? [] {
                let key = try #require(option["key"] as? String)
                #expect(markdown.contains("| `\(key)` |"), "\(name): no row for \(key)")
            }
            for parameter in (scene["parameters"] as? [String]) ?? [] {
                #expect(markdown.contains("`\(parameter.replacingOccurrences(of: "|", with: "\\|"))`"), "\(name): no row for \(parameter)")
            }
            let text = try CommandRunner.notchwave(["scenes", name]).stdoutText
            #expect(text.hasPrefix(name) && scenes.allSatisfy { other in other["name"] as? String == name || !text.hasPrefix(other["name"] as? String ?? "") })
        }
        let typo = try CommandRunner.notchwave(["scenes", "popu"])
        #expect(typo.status == 64 && typo.stderr.contains("unknown scene 'popu' (did you mean popup?)"), "\(typo.stderr)")
    }
}

@Suite("Job file typos")
struct JobFileTypoTests {
    @Test("a job file's misspelt key gets a suggestion, as on the command line; a key like none lists every known one", arguments: [
        (#"{"presets": ["iphone-x"], "formats": ["mp4"], "defaults": {"duraton": 1}}"#, #"$.defaults.duraton: unknown key "duraton" (did you mean "duration"?)"#),
        (#"{"presets": ["iphone-x"], "formts": ["mp4"]}"#, #"$.formts: unknown key "formts" (did you mean "formats"?)"#),
        (#"{"presets": ["iphone-x"], "zzz": 1}"#, #"$.zzz: unknown key "zzz" (known keys: "appearance", "audio", "#),
    ])
    func suggestion(job: String, message: String) throws {
        let dir = TemporaryDirectory()
        try job.write(toFile: dir.file("job.json"), atomically: true, encoding: .utf8)
        let run = try CommandRunner.notchwave(["batch", dir.file("job.json"), "-o", dir.file("out"), "--dry-run"])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test("a misspelt value in a job file gets a suggestion as on the command line", arguments: [
        (#"{"presets": ["iphone-x"], "defaults": {"quality": "drfat"}}"#, ["--quality", "drfat"], "'drfat' is not one of draft, standard, high, lossless (did you mean draft?)"),
        (#"{"presets": ["iphone-x"], "defaults": {"scene": "popop"}}"#, ["--scene", "popop"], "unknown scene 'popop' (did you mean popup?)"),
        (#"{"presets": ["iphone-x"], "formats": [{"ext": "mp4", "codec": "hevv"}]}"#, ["--codec", "hevv"], "unknown codec 'hevv' (did you mean hevc?)"),
        (#"{"presets": ["iphone-x"], "styles": ["smoth"]}"#, ["--style", "smoth"], "(did you mean smooth?)"),
        (#"{"presets": ["iphone-x"], "defaults": {"region": "bra"}}"#, ["--region", "bra"], "'bra' is not one of screen, bar (did you mean bar?)"),
    ])
    func valueSuggestion(job: String, arguments: [String], message: String) throws {
        let dir = TemporaryDirectory()
        try job.write(toFile: dir.file("job.json"), atomically: true, encoding: .utf8)
        let batch = try CommandRunner.notchwave(["batch", dir.file("job.json"), "-o", dir.file("out"), "--dry-run"])
        #expect(batch.status != 0 && batch.stderr.contains(message), "\(batch.stderr)")
        let render = try CommandRunner.notchwave(["render", "-o", dir.file("x.mp4")] + arguments)
        #expect(render.status == 64 && render.stderr.contains(message), "\(render.stderr)")
    }
}

/// A batch narrowed and overridden from the command line, its progress in logs, and the
/// one overwrite rule of every command that writes.
@Suite("Batch selection, overrides, progress; overwriting")
struct BatchHabitsTests {
    static let job = #"{"presets": ["iphone-x", "iphone-se-3"], "formats": ["mp4", "gif"], "defaults": {"duration": 0.2, "fps": 10, "quality": "draft"}, "output": "{preset}.{ext}"}"#

    func manifest(_ dir: TemporaryDirectory) throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: dir.file("out/manifest.json")))
        let entries = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["outputs"]
        if let list = entries as? [[String: Any]] {
            return Dictionary(list.compactMap { entry in (entry["output"] as? String).map { ($0, entry) } }, uniquingKeysWith: { a, _ in a })
        }
        return entries as? [String: [String: Any]] ?? [:]
    }

    @Test("--only renders the outputs whose path or preset matches; --set overrides every output, and resume re-renders what it changes")
    func onlyAndSet() throws {
        let dir = TemporaryDirectory()
        try Self.job.write(toFile: dir.file("job.json"), atomically: true, encoding: .utf8)
        let gifs = try CommandRunner.notchwave(["batch", dir.file("job.json"), "-o", dir.file("out"), "--only", "*.gif"])
        #expect(gifs.status == 0, "\(gifs.stderr)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: dir.file("out"))) ?? []
        #expect(Set(written.filter { $0.hasSuffix(".mp4") || $0.hasSuffix(".gif") }) == ["iphone-x.gif", "iphone-se-3.gif"])
        let se = try CommandRunner.notchwave(["batch", dir.file("job.json"), "-o", dir.file("out"), "--only", "iphone-se*", "--dry-run"])
        #expect(se.stdoutText.split(separator: "\n").map { ($0 as NSString).lastPathComponent } == ["iphone-se-3.mp4", "iphone-se-3.gif"])
        let listed = try CommandRunner.notchwave(["batch", dir.file("job.json"), "-o", dir.file("out"), "--only", "iphone-se*", "--dry-run", "--json"])
        let outputs = try JSONSerialization.jsonObject(with: listed.stdout) as? [[String: Any]] ?? []
        #expect(listed.status == 0 && outputs.compactMap { ($0["output"] as? String).map { ($0 as NSString).lastPathComponent } } == ["iphone-se-3.mp4", "iphone-se-3.gif"])
        #expect(outputs.allSatisfy { $0["preset"] as? String == "iphone-se-3" && $0["frames"] as? Int == 2 && $0["problem"] is NSNull })
        // --set: every output at 20 fps; an unchanged run is up to date; another value re-renders.
        let set = try CommandRunner.notchwave(["batch", dir.file("job.json"), "-o", dir.file("out"), "--set", "fps=20", "--only", "iphone-x.mp4"])
        #expect(set.status == 0 && set.stderr.contains("rendered iphone-x.mp4"), "\(set.stderr)")
        #expect(try MediaProbe.stream(dir.file("out/iphone-x.mp4")).frames == 4)
        let again = try CommandRunner.notchwave(["batch", dir.file("job.json"), "-o", dir.file("out"), "--set", "fps=20", "--only", "iphone-x.mp4"])
        #expect(again.stderr.contains("skipped iphone-x.mp4"), "\(again.stderr)")
        let other = try CommandRunner.notchwave(["batch", dir.file("job.json"), "-o", dir.file("out"), "--set", "fps=30", "--only", "iphone-x.mp4"])
        let frames = try MediaProbe.stream(dir.file("out/iphone-x.mp4")).frames
        #expect(other.stderr.contains("rendered iphone-x.mp4") && frames == 6, "\(other.stderr)")
        // The other outputs' manifest entries stay.
        let entries = Set(try manifest(dir).keys)
        #expect(entries.isSuperset(of: ["iphone-x.gif", "iphone-se-3.gif", "iphone-x.mp4"]), "\(entries)")
        for (arguments, message) in [(["--set", "fsp=3"], "--set fsp: no parameter 'fsp' (did you mean fps?)"), (["--set", "fps=0"], "--set fps: 0 is out of range"),
                                     (["--set", "fps"], "--set expects KEY=VALUE"), (["--only", "nothing*"], "--only nothing* matches none")] {
            let bad = try CommandRunner.notchwave(["batch", dir.file("job.json"), "-o", dir.file("out")] + arguments)
            #expect(bad.status == 64 && bad.stderr.contains(message), "\(bad.stderr)")
        }
    }

    @Test("plain progress lines (stderr not a terminal) appear during a render and during a batch")
    func plainProgress() throws {
        let dir = TemporaryDirectory()
        let render = try CommandRunner.notchwave(["render", "--preset", "iphone-15-pro", "--duration", "2", "--fps", "60", "--progress-interval", "0.1",
                                                  "-o", dir.file("a.mp4")])
        let lines = render.stderr.split(separator: "\n").filter { $0.hasPrefix("a.mp4: ") && $0.contains(" frames (") && $0.contains("ETA") }
        #expect(render.status == 0 && !lines.isEmpty, "\(render.stderr)")
        try Self.job.replacingOccurrences(of: "\"duration\": 0.2", with: "\"duration\": 1.5")
            .write(toFile: dir.file("job.json"), atomically: true, encoding: .utf8)
        let batch = try CommandRunner.notchwave(["batch", dir.file("job.json"), "-o", dir.file("out"), "--jobs", "1", "--progress-interval", "0.1"])
        let progress = batch.stderr.split(separator: "\n").filter { $0.hasPrefix("batch: ") && $0.contains(" outputs, ") && $0.contains("ETA") }
        #expect(batch.status == 0 && !progress.isEmpty, "\(batch.stderr)")
        #expect(progress.contains { $0.contains("rendering ") && $0.contains(" %") })
        let none = try CommandRunner.notchwave(["batch", dir.file("job.json"), "-o", dir.file("out2"), "--progress", "none", "--progress-interval", "0.1"])
        #expect(none.status == 0 && !none.stderr.contains("batch: "), "\(none.stderr)")
    }

    @Test("every command that writes replaces an existing file, and with --no-overwrite leaves it and fails", arguments: ["render", "frame", "new", "batch"])
    func overwriteRule(command: String) throws {
        let dir = TemporaryDirectory()
        try Self.job.write(toFile: dir.file("job.json"), atomically: true, encoding: .utf8)
        let (target, arguments): (String, [String]) = switch command {
        case "render": (dir.file("x.mp4"), ["render", "--duration", "0.1", "-q", "-o", dir.file("x.mp4")])
        case "frame": (dir.file("x.png"), ["frame", "-t", "0", "-q", "-o", dir.file("x.png")])
        case "new": (dir.file("new.json"), ["new", "job", dir.file("new.json")])
        default: (dir.file("out/iphone-x.mp4"), ["batch", dir.file("job.json"), "-o", dir.file("out"), "--only", "iphone-x.mp4", "--force", "-q"])
        }
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        let kept = try CommandRunner.notchwave(arguments + ["--no-overwrite"])
        #expect(kept.status == 1 && kept.stderr.contains("exists (--no-overwrite)"), "\(kept.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("old".utf8))
        let replaced = try CommandRunner.notchwave(arguments)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) != Data("old".utf8))
    }
}
