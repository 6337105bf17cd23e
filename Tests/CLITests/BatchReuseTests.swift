import Foundation
import Testing
import TestSupport

/// Outputs of a batch that are the same file are rendered once and copied: checked
/// against renders of each output on its own, which share nothing with the batch.
@Suite("Batch: one render for outputs that are the same file")
struct BatchReuseTests {
    static func manifestEntries(_ path: String) throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let outputs = try #require(root["outputs"] as? [[String: Any]] ?? (root["entries"] as? [String: [String: Any]]).map { Array($0.values) })
        return Dictionary(uniqueKeysWithValues: outputs.compactMap { entry in (entry["output"] as? String).map { ($0, entry) } })
    }

    @Test("two presets with one screen and two variants that differ only in name render once; each copy has the bytes its own render has; a rerun finds all up to date")
    func samePresetScreen() throws {
        let dir = TemporaryDirectory()
        let job = dir.file("job.json")
        // iphone-14-pro and iphone-15-pro share their screen; iphone-16-pro's is larger.
        try #"""
        {"presets": ["iphone-14-pro", "iphone-15-pro", "iphone-16-pro"], "duration": 0.4, "quality": "draft",
         "variants": [{"name": "a"}, {"name": "b"}, {"name": "slow", "period": 0.5}], "output": "{preset}-{variant}.mp4"}
        """#.write(toFile: job, atomically: true, encoding: .utf8)
        let out = dir.file("out")
        let run = try CommandRunner.notchwave(["batch", job, "-o", out, "--jobs", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        let rendered = run.stderr.split(separator: "\n").filter { $0.contains("] rendered ") }
        let reused = run.stderr.split(separator: "\n").filter { $0.contains("] reused ") }
        // Four different files: (14 Pro = 15 Pro, 16 Pro) x (a = b, slow).
        #expect(rendered.count == 4 && reused.count == 5, "\(run.stderr)")
        #expect(run.stderr.contains("9 outputs: 4 rendered, 5 reused (the same file as another), 0 up to date, 0 failed"), "\(run.stderr)")
        #expect(reused.contains { $0.contains("reused iphone-15-pro-a.mp4 (the same file as iphone-14-pro-a.mp4)") }, "\(run.stderr)")
        // Each output equals a render of its own.
        for (preset, variant, options) in [("iphone-15-pro", "b", [String]()), ("iphone-15-pro", "slow", ["--period", "0.5"]), ("iphone-16-pro", "b", [])] {
            let alone = dir.file("\(preset)-\(variant)-alone.mp4")
            let single = try CommandRunner.notchwave(["render", "--preset", preset, "--duration", "0.4", "--quality", "draft", "-q", "-o", alone] + options)
            try #require(single.status == 0, "\(single.stderr)")
            #expect(FileManager.default.contentsEqual(atPath: alone, andPath: out + "/\(preset)-\(variant).mp4"), "\(preset)-\(variant)")
        }
        #expect(!FileManager.default.contentsEqual(atPath: out + "/iphone-14-pro-a.mp4", andPath: out + "/iphone-16-pro-a.mp4"))
        let entries = try Self.manifestEntries(out + "/manifest.json")
        #expect(entries["iphone-15-pro-b.mp4"]?["sameAs"] as? String == "iphone-14-pro-a.mp4", "\(entries["iphone-15-pro-b.mp4"] ?? [:])")
        #expect(entries["iphone-14-pro-a.mp4"]?["sameAs"] == nil)
        let again = try CommandRunner.notchwave(["batch", job, "-o", out])
        #expect(again.status == 0 && again.stderr.contains("9 outputs: 0 rendered, 9 up to date"), "\(again.stderr)")
        // A copy that was removed is copied again from the one that is up to date.
        try FileManager.default.removeItem(atPath: out + "/iphone-15-pro-a.mp4")
        let mended = try CommandRunner.notchwave(["batch", job, "-o", out])
        #expect(mended.status == 0 && mended.stderr.contains("0 rendered, 1 reused"), "\(mended.stderr)")
        #expect(FileManager.default.contentsEqual(atPath: out + "/iphone-15-pro-a.mp4", andPath: out + "/iphone-14-pro-a.mp4"))
    }

    @Test("two display classes that take the same preview size (886x1920) render one preview for both, poster and all; the folder conforms")
    func twoClassesOneSize() throws {
        let dir = TemporaryDirectory()
        // A preset with iphone-16-pro's screen in the 6.5" class (the IPHONE_65 set).
        let presets = dir.file("presets")
        try FileManager.default.createDirectory(atPath: presets, withIntermediateDirectories: true)
        let original = CommandRunner.packageRoot.appendingPathComponent("presets/iphone-16-pro.json")
        var preset = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: original)) as? [String: Any])
        preset["id"] = "pro-in-65"
        preset["name"] = "iPhone 16 Pro as 6.5"
        var displayClass = try #require(preset["appStoreClass"] as? [String: Any])
        displayClass["value"] = "6.5"
        preset["appStoreClass"] = displayClass
        try JSONSerialization.data(withJSONObject: preset).write(to: URL(fileURLWithPath: presets + "/pro-in-65.json"))
        let job = dir.file("job.json")
        try #"{"presets": ["iphone-16-pro", "pro-in-65"], "locales": ["en-US"], "layout": "fastlane", "duration": 15, "fps": 30, "speed": "ultrafast"}"#
            .write(toFile: job, atomically: true, encoding: .utf8)
        let out = dir.file("out")
        let run = try CommandRunner.notchwave(["batch", job, "-o", out, "--presets", presets])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("reused en-US/IPHONE_65_1.mp4 (the same file as en-US/IPHONE_61_1.mp4)") && run.stderr.contains("1 rendered, 1 reused"), "\(run.stderr)")
        for name in ["IPHONE_61_1.mp4", "IPHONE_61_1-poster.png"] {
            #expect(FileManager.default.contentsEqual(atPath: out + "/en-US/" + name, andPath: out + "/en-US/" + name.replacingOccurrences(of: "61", with: "65")), "\(name)")
        }
        let check = try CommandRunner.notchwave(["check-preview", out])
        #expect(check.status == 0, "\(check.stdoutText)")
        #expect(check.stdoutText.contains("1 preview of iPhone 6.5\" (IPHONE_65)"), "\(check.stdoutText)")
    }

    @Test("when the render a copy would be made from fails, the copy fails too, saying so, and no file of either is left")
    func failedSource() throws {
        let dir = TemporaryDirectory()
        let job = dir.file("job.json")
        try #"{"presets": ["iphone-14-pro", "iphone-15-pro"], "duration": 0.2, "backdrop": "missing.png", "output": "{preset}.mp4"}"#
            .write(toFile: job, atomically: true, encoding: .utf8)
        // The missing file is a problem of each output before anything renders: both fail on their own.
        let run = try CommandRunner.notchwave(["batch", job, "-o", dir.file("out")])
        #expect(run.status == 1 && run.stderr.contains("failed iphone-15-pro.mp4"), "\(run.stderr)")
        // A backdrop that fails while it is decoded fails the first render; its twin says whose render failed.
        let bad = dir.file("bad.mp4")
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: bad))
        try #"{"presets": ["iphone-14-pro", "iphone-15-pro"], "duration": 0.2, "backdrop": "bad.mp4", "output": "{preset}.mp4"}"#
            .write(toFile: job, atomically: true, encoding: .utf8)
        let second = try CommandRunner.notchwave(["batch", job, "-o", dir.file("out2")])
        #expect(second.status == 1, "\(second.stderr)")
        #expect(second.stderr.contains("failed iphone-15-pro.mp4: the same render as iphone-14-pro.mp4, which failed: "), "\(second.stderr)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: dir.file("out2"))) ?? []
        #expect(!left.contains { $0.hasSuffix(".mp4") }, "\(left)")
    }
}
