import Foundation
import Testing
import NotchwaveModel
import NotchwavePipeline
import NotchwaveVideo
import TestSupport

@Suite("Batch renders")
struct BatchTests {
    static let library = { () -> PresetLibrary? in
        try? PresetLibrary(directory: CommandRunner.packageRoot.appendingPathComponent("presets").path)
    }()

    func plan(_ text: String) throws -> BatchPlan {
        try BatchPlan(job: try BatchJobSpec.decode(text, file: "job.json"), library: try #require(BatchTests.library), directory: "out")
    }

    static let everything = """
    {
      "presets": "all",
      "styles": ["sharp", "smooth"],
      "formats": ["mp4", "gif", {"ext": "mov"}],
      "variants": [{"name": "a"}, {"name": "b", "duration": 6}, {"name": "c", "fps": 30, "region": "bar"}],
      "output": "{preset}/{style}-{variant}.{ext}"
    }
    """

    @Test("the batch is the cross product, in a stable order")
    func crossProduct() throws {
        let plan = try plan(BatchTests.everything)
        let presets = try #require(BatchTests.library).presets.count
        #expect(plan.items.count == presets * 2 * 3 * 3)
        #expect(Set(plan.items.map(\.output)).count == plan.items.count)
        // Presets in id order (ipad-air-11 first), then styles, formats, variants.
        #expect(plan.items.first?.output == "\(try #require(BatchTests.library).presets.map(\.id).sorted()[0])/sharp-a.mp4")
        #expect(plan.items.first?.output == "ipad-air-11/sharp-a.mp4")
        let again = try self.plan(BatchTests.everything)
        #expect(again.items.map(\.output) == plan.items.map(\.output))
        #expect(again.items.map(\.parametersHash) == plan.items.map(\.parametersHash))
    }

    @Test("shards: union is everything, no overlap, stable and balanced, for N = 1 ... 16", arguments: 1...16)
    func shards(count: Int) throws {
        let plan = try plan(BatchTests.everything)
        let assignment = Sharding.assign(plan.items, count: count)
        #expect(assignment.count == plan.items.count)
        #expect(assignment.allSatisfy { (0..<count).contains($0) })
        // The shards' outputs, as each shard's run selects them, partition the batch:
        // together every output, none twice.
        var selected: [String] = []
        for shard in 0..<count {
            selected += BatchRunner(plan: plan, options: BatchOptions(directory: "out", shard: (shard, count))).selectedItems.map(\.output)
        }
        #expect(selected.count == plan.items.count)
        #expect(Set(selected) == Set(plan.items.map(\.output)))
        // Stable for an unchanged job file.
        #expect(Sharding.assign(try self.plan(BatchTests.everything).items, count: count) == assignment)
        // Balanced by estimated cost: shards differ by at most one item's cost.
        var load = Array(repeating: 0.0, count: count)
        for (index, item) in plan.items.enumerated() { load[assignment[index]] += item.estimatedCost }
        let largest = plan.items.map(\.estimatedCost).max() ?? 0
        #expect((load.max() ?? 0) - (load.min() ?? 0) <= largest + 1e-9)
    }

    @Test("shards from the environment and from I/N")
    func shardArguments() {
        #expect(Sharding.parse("2/5")! == (2, 5))
        #expect(Sharding.parse("5/5") == nil)
        #expect(Sharding.parse("a/b") == nil)
        #expect(Sharding.fromEnvironment(["JOB_COMPLETION_INDEX": "3", "JOB_COMPLETION_COUNT": "4"])! == (3, 4))
        #expect(Sharding.fromEnvironment(["NOTCHWAVE_SHARD_INDEX": "0", "NOTCHWAVE_SHARD_COUNT": "2"])! == (0, 2))
        #expect(Sharding.fromEnvironment(["JOB_COMPLETION_INDEX": "4", "JOB_COMPLETION_COUNT": "4"]) == nil)
    }

    @Test("job file errors name the file, JSON path, line and column", arguments: [
        ("{\n  \"presets\": \"some\"\n}", "job.json: $.presets: expected \"all\", a list of preset ids or a filter object (line 2, column 14)"),
        ("{\n  \"presets\": \"all\",\n  \"outptu\": \"x\"\n}", "job.json: $.outptu: unknown key \"outptu\""),
        ("{\n  \"presets\": [\"iphone-x\"],\n  \"output\": \"{preset}-{colour}.mp4\"\n}", "job.json: $.output: unknown placeholder {colour}"),
        ("{\"presets\": [\"iphone-x\"], \"variants\": [{\"name\": \"a\", \"fps\": \"60\"}]}", "job.json: $.variants[0].fps: expected a whole number, found a string"),
        ("{\"presets\": [\"iphone-x\"],\n // a comment\n \"styles\": [\"sharp\",]}", "job.json: $: invalid JSON: unexpected character ']', expected a value (line 3, column 21)"),
        ("{\"presets\": [\"iphone-xx\"]}", "job.json: $.presets[0]: unknown preset \"iphone-xx\""),
        ("{\"presets\": [\"iphone-x\"], \"styles\": [\"wavy\"]}", "job.json: $.styles[0]: unknown style \"wavy\""),
        ("{\"presets\": [\"iphone-x\"], \"variants\": [{\"name\": \"a\"}, {\"name\": \"b\"}], \"output\": \"x.{ext}\"}", "would both be written to x.mp4"),
        // Names that go into paths cannot leave the output directory.
        ("{\"presets\": [\"iphone-x\"], \"formats\": [{\"ext\": \"mp4\", \"name\": \"../../x\"}], \"output\": \"{format}.{ext}\"}",
         "job.json: $.formats[0].name: a format name is letters, digits, - and _ (it goes into file names), got \"../../x\""),
        ("{\"presets\": [\"iphone-x\"], \"formats\": [\"../mp4\"]}", "job.json: $.formats[0]: an extension is letters, digits, - and _"),
        ("{\"presets\": [\"iphone-x\"], \"output\": \"\"}", "job.json: $.output: the output template is empty"),
        ("{\"presets\": [\"iphone-x\"], \"variants\": [{\"name\": \"a\", \"fps\": 60.5}]}", "job.json: $.variants[0].fps: expected a whole number, found 60.5"),
        // Style options: for a known style, with known names, reported once.
        ("{\"presets\": [\"iphone-x\"],\n \"styleOptions\": {\"smoth\": {\"middle-stop\": 0.3}}}",
         "job.json: $.styleOptions.smoth: options for an unknown style \"smoth\" (available: sharp, smooth) (line 2, column 28)"),
        ("{\"presets\": [\"iphone-x\"], \"styleOptions\": {\"smooth\": {\"nope\": 1}}}", "job.json: $.styleOptions.smooth: the smooth style has no option 'nope'"),
    ])
    func errors(text: String, message: String) {
        do {
            _ = try plan(text)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    @Test("a bad value fails only its items, and says where it was written")
    func itemProblems() throws {
        let plan = try plan("""
        {"presets": ["iphone-x"], "formats": ["mp4", "gif"],
         "variants": [{"name": "ok", "quality": "Draft"}, {"name": "q", "quality": "bogus"},
                      {"name": "d", "dither": "bogus"}, {"name": "h", "hold": 1}, {"name": "e", "dither": "bayer"}],
         "output": "{variant}.{ext}"}
        """)
        func problem(_ output: String) -> String? { plan.items.first { $0.output == output }?.problem }
        // Choices ignore letter case, as on the command line.
        #expect(problem("ok.mp4") == nil && problem("ok.gif") == nil)
        #expect(problem("q.mp4") == "job.json: $.variants[1].quality (line 2, column 76), format mp4: 'bogus' is not one of draft, standard, high, lossless")
        #expect(problem("d.gif")?.contains("$.variants[2].dither (line 3, column 39), format gif: 'bogus' is not one of none, bayer") == true, "\(problem("d.gif") ?? "")")
        #expect(problem("e.gif") == nil)
        #expect(problem("e.mp4")?.contains("$.variants[4].dither (line 3, column 99), format mp4: does not apply to h264 (it applies to gif)") == true,
                "\(problem("e.mp4") ?? "")")
        #expect(problem("h.mp4")?.contains("$.variants[3].hold (line 3, column 71), format mp4: holds the last frame after the closing wave, so it needs \"stop\"") == true,
                "\(problem("h.mp4") ?? "")")
        // The format is checked against the real output path: no extension, no format.
        let bare = try self.plan("{\"presets\": [\"iphone-x\"], \"output\": \"{preset}\"}")
        #expect(bare.items.first?.problem?.contains("cannot tell the format of \"out/iphone-x\"") == true, "\(bare.items.first?.problem ?? "")")
    }

    @Test("the placement rule: a render parameter or a job setting (locales, layout) at the top level, in defaults or in a variant; a variant's wins; top level and defaults are one level")
    func placementRule() throws {
        let strings = CommandRunner.packageRoot.appendingPathComponent("examples/Localizable.xcstrings").path
        // profile at the top level; locales at the top level, then in defaults: the same outputs.
        let top = try plan(#"{"presets": ["iphone-16-pro"], "profile": "app-preview", "locales": ["en-US", "de-DE"], "output": "{locale}.{ext}"}"#)
        let inDefaults = try plan(#"{"presets": ["iphone-16-pro"], "defaults": {"profile": "app-preview", "locales": ["en-US", "de-DE"]}, "output": "{locale}.{ext}"}"#)
        #expect(top.items.map(\.output) == ["en-US.mp4", "de-DE.mp4"] && inDefaults.items.map(\.output) == top.items.map(\.output))
        #expect(top.items.allSatisfy { $0.plan?.appPreview != nil && $0.problem == nil }, "\(top.items.map(\.problem))")
        #expect(top.items.map(\.parametersHash) == inDefaults.items.map(\.parametersHash))
        // A variant's own locales, strings and layout, over the job's.
        let mixed = try plan("""
        {"presets": ["iphone-16-pro"], "profile": "app-preview", "locales": ["en-US"],
         "variants": [{"name": "plain"},
                      {"name": "store", "layout": "fastlane", "locales": "all", "strings": "\(strings)"},
                      {"name": "french", "locales": ["fr-FR"]}]}
        """)
        let outputs = mixed.items.map(\.output)
        #expect(outputs.contains("iphone-16-pro-sharp-plain-en-US.mp4") && outputs.contains("iphone-16-pro-sharp-french-fr-FR.mp4"), "\(outputs)")
        let catalog = try LocalizedStrings.load(strings).locales
        #expect(Set(outputs.filter { $0.hasSuffix("/IPHONE_61_1.mp4") }) == Set(catalog.map { "\($0)/IPHONE_61_1.mp4" }), "\(outputs)")
        #expect(mixed.items.count == 2 + catalog.count)
        // Only the fastlane variant's outputs get its poster.
        #expect(mixed.items.filter { $0.variant == "store" }.allSatisfy { $0.plan?.appPreview?.poster != nil })
        #expect(mixed.items.filter { $0.variant != "store" }.allSatisfy { $0.plan?.appPreview?.poster == nil })
        // The same key at the top level and in defaults is an error; structure keys are the top level's.
        for (job, message) in [
            (#"{"presets": ["iphone-x"], "fps": 30, "defaults": {"fps": 24}}"#, #"$.fps: "fps" is given both here and in "defaults": keep one"#),
            (#"{"presets": ["iphone-x"], "layout": "plain", "defaults": {"layout": "fastlane"}}"#, #"$.layout: "layout" is given both here and in "defaults""#),
            (#"{"presets": ["iphone-x"], "variants": [{"name": "a", "presets": ["iphone-xr"]}]}"#, #"$.variants[0].presets: unknown key "presets""#),
            (#"{"presets": ["iphone-x"], "variants": [{"name": "a", "locales": "some"}]}"#, #"$.variants[0].locales: expected a list of locales or "all""#),
            (#"{"presets": ["iphone-x"], "variants": [{"name": "a", "layout": "fastlane"}]}"#, #"$.variants[0] (line 1, column 40): layout: fastlane's deliver reads previews from one folder per locale"#),
        ] {
            #expect(throws: (any Error).self) { try self.plan(job) }
            do { _ = try self.plan(job) } catch { #expect("\(error)".contains(message), "\(error)") }
        }
    }

    @Test("an output is up to date only for the same parameters, preset geometry and notchwave version")
    func hashCoversThePreset() throws {
        let job = try BatchJobSpec.decode("{\"presets\": [\"iphone-x\"]}", file: "job.json")
        let original = try BatchPlan(job: job, library: try #require(BatchTests.library), directory: "out")
        // The same preset with a narrower notch.
        let dir = TemporaryDirectory()
        let source = CommandRunner.packageRoot.appendingPathComponent("presets/iphone-x.json").path
        let text = try String(contentsOfFile: source, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"width\": {\"value\": 209,", with: "\"width\": {\"value\": 189,")
        #expect(edited != text, "the notch width was not found in \(source)")
        try edited.write(toFile: dir.file("iphone-x.json"), atomically: true, encoding: .utf8)
        let changed = try BatchPlan(job: job, library: try PresetLibrary(directory: dir.path), directory: "out")
        #expect(original.items.first?.parameters == changed.items.first?.parameters)
        #expect(original.items.first?.parametersHash != changed.items.first?.parametersHash)
    }

    @Test("an output that reads a script or a font is out of date when that file changes", arguments: ["liquid-swipe", "popup"])
    func hashCoversSceneFiles(scene: String) throws {
        let dir = TemporaryDirectory()
        let script = dir.file("script.json")
        let example = scene == "popup" ? "examples/popup-show-hide.json" : "examples/liquid-swipe-tap.json"
        let text = try String(contentsOfFile: CommandRunner.packageRoot.appendingPathComponent(example).path, encoding: .utf8)
        try text.write(toFile: script, atomically: true, encoding: .utf8)
        let job = try BatchJobSpec.decode("{\"presets\": [\"iphone-x\"], \"defaults\": {\"scene\": \"\(scene)\", \"sceneOptions\": {\"script\": \"\(script)\"}}}", file: "job.json")
        let library = try #require(BatchTests.library)
        let first = try #require(try BatchPlan(job: job, library: library, directory: "out").items.first)
        #expect(first.problem == nil, "\(first.problem ?? "")")
        #expect(try BatchPlan(job: job, library: library, directory: "out").items.first?.parametersHash == first.parametersHash)
        // The same path, another script (one event later, and a later date).
        try (text.replacingOccurrences(of: "\"at\": 0.5", with: "\"at\": 0.6") + " ").write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: script)
        let changed = try #require(try BatchPlan(job: job, library: library, directory: "out").items.first)
        #expect(changed.parameters == first.parameters && changed.parametersHash != first.parametersHash)
    }

    @Test("comments are allowed in job files, and `new job` writes a valid commented example")
    func example() throws {
        let run = try CommandRunner.notchwave(["new", "job", "-"])
        #expect(run.status == 0 && run.stdoutText.contains("//"))
        let plan = try plan(run.stdoutText)
        #expect(plan.items.count == 3 * 2 * 2 * 3)
        for name in ["all-presets", "hero", "islands-light-dark", "formats", "overlays", "app-previews"] {
            let text = try String(contentsOfFile: CommandRunner.packageRoot.appendingPathComponent("examples/\(name).json").path, encoding: .utf8)
            let example = try self.plan(text)
            #expect(example.items.count > 0, "examples/\(name).json")
            #expect(example.items.allSatisfy { $0.problem == nil }, "examples/\(name).json: \(example.items.compactMap(\.problem))")
        }
    }

    @Test("a whole batch: manifest, dry run, skip on rerun, failures, contact sheet and index")
    func wholeBatch() throws {
        let dir = TemporaryDirectory()
        let job = dir.file("job.json")
        try """
        {
          "presets": ["plain", "iphone-15-pro"],
          "styles": ["sharp", "smooth"],
          "formats": ["mp4", "gif"],
          "variants": [{"name": "ok"}, {"name": "clear", "background": "transparent"}],
          "defaults": {"duration": 0.4, "fps": 10, "region": "bar", "quality": "draft"},
          "output": "{preset}/{style}-{variant}.{ext}"
        }
        """.write(toFile: job, atomically: true, encoding: .utf8)
        let out = dir.file("out")
        let dry = try CommandRunner.notchwave(["batch", job, "-o", out, "--dry-run"])
        // All 16 outputs are listed; the 4 transparent MP4s are reported as invalid, with
        // the variant's place in the job file, and the dry run exits 1.
        #expect(dry.status == 1 && dry.stdoutText.split(separator: "\n").count == 16)
        #expect(dry.stderr.split(separator: "\n").count == 4)
        #expect(dry.stderr.contains("invalid plain/sharp-clear.mp4: \(job): $.variants[1] (line 5, column 32), format mp4: h264 in .mp4 cannot carry transparency"), "\(dry.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let first = try CommandRunner.notchwave(["batch", job, "-o", out, "--json", "-q"])
        // The four transparent MP4s fail (H.264 has no alpha); everything else renders.
        #expect(first.status == 1)
        let summary = try JSONSerialization.jsonObject(with: first.stdout) as? [String: Any]
        #expect(summary?["rendered"] as? Int == 12 && summary?["failed"] as? Int == 4)
        #expect(first.stderr.contains("failed plain/sharp-clear.mp4"))
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))) as? [String: Any]
        let outputs = manifest?["outputs"] as? [[String: Any]] ?? []
        #expect(outputs.count == 16)
        #expect(outputs.filter { $0["status"] as? String == "ok" }.count == 12)
        for entry in outputs where entry["status"] as? String == "ok" {
            let path = out + "/" + (entry["output"] as? String ?? "")
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(entry["sha256"] as? String == SHA256.hex([UInt8](data)))
            #expect(entry["size"] as? Int == data.count)
            #expect(entry["frames"] as? Int == 4 && entry["codec"] != nil && entry["seconds"] != nil)
            #expect((entry["parametersHash"] as? String)?.count == 64)
        }
        // A rerun after deleting one output renders just that one.
        try FileManager.default.removeItem(atPath: out + "/plain/sharp-ok.mp4")
        let second = try CommandRunner.notchwave(["batch", job, "-o", out, "--json", "-q"])
        let again = try JSONSerialization.jsonObject(with: second.stdout) as? [String: Any]
        #expect(again?["rendered"] as? Int == 1 && again?["skipped"] as? Int == 11)
        // A changed file is rendered again too; --force renders everything.
        try Data("corrupt".utf8).write(to: URL(fileURLWithPath: out + "/plain/smooth-ok.gif"))
        let third = try JSONSerialization.jsonObject(with: try CommandRunner.notchwave(["batch", job, "-o", out, "--json", "-q"]).stdout) as? [String: Any]
        #expect(third?["rendered"] as? Int == 1)
        let forced = try JSONSerialization.jsonObject(with: try CommandRunner.notchwave(["batch", job, "-o", out, "--json", "-q", "--force"]).stdout) as? [String: Any]
        #expect(forced?["rendered"] as? Int == 12)
        // The contact sheet is a PNG, the index references every successful output.
        let sheet = try MediaProbe.stream(out + "/contact-sheet.png")
        #expect(sheet.codec == "png" && sheet.width > 200)
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        for entry in outputs where entry["status"] as? String == "ok" {
            #expect(html.contains("\"\(entry["output"] as? String ?? "")\""))
        }
        #expect(html.contains("<video") && html.contains("<img"))
    }

    @Test("shards write their own manifests and merge into one")
    func shardsAndMerge() throws {
        let dir = TemporaryDirectory()
        let job = dir.file("job.json")
        try """
        {"presets": ["plain", "iphone-x", "iphone-15-pro"], "formats": ["mp4"],
         "defaults": {"duration": 0.3, "fps": 10, "region": "bar", "quality": "draft"}, "output": "{preset}.{ext}"}
        """.write(toFile: job, atomically: true, encoding: .utf8)
        let out = dir.file("out")
        var listed: [String] = []
        for shard in 0..<2 {
            let dry = try CommandRunner.notchwave(["batch", job, "-o", out, "--dry-run", "--shard", "\(shard)/2"])
            listed += dry.stdoutText.split(separator: "\n").map(String.init)
            let run = try CommandRunner.run(CommandRunner.notchwave, ["batch", job, "-o", out, "--shard", "env", "-q"],
                                            environment: ProcessInfo.processInfo.environment.merging(
                                                ["JOB_COMPLETION_INDEX": "\(shard)", "JOB_COMPLETION_COUNT": "2"]) { $1 })
            #expect(run.status == 0, "\(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: out + "/manifest-shard-\(shard)-of-2.json"))
            // Shards share the directory: the contact sheet and index are merge's.
            #expect(!FileManager.default.fileExists(atPath: out + "/contact-sheet.png"))
        }
        #expect(listed.sorted() == ["iphone-15-pro.mp4", "iphone-x.mp4", "plain.mp4"].map { out + "/" + $0 })
        let merge = try CommandRunner.notchwave(["batch", "merge", out])
        #expect(merge.status == 0, "\(merge.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))) as? [String: Any]
        #expect((manifest?["outputs"] as? [Any])?.count == 3)
        #expect(FileManager.default.fileExists(atPath: out + "/index.html"))
        #expect(FileManager.default.fileExists(atPath: out + "/contact-sheet.png"))
        // A missing shard manifest, or shards of different counts, cannot be merged.
        try FileManager.default.removeItem(atPath: out + "/manifest-shard-1-of-2.json")
        let missing = try CommandRunner.notchwave(["batch", "merge", out])
        #expect(missing.status == 1 && missing.stderr.contains("shard(s) 1 of 2 have no manifest"), "\(missing.stderr)")
        let other = try CommandRunner.notchwave(["batch", job, "-o", out, "--shard", "0/3", "-q"])
        #expect(other.status == 0, "\(other.stderr)")
        let mixed = try CommandRunner.notchwave(["batch", "merge", out])
        #expect(mixed.status == 1 && mixed.stderr.contains("come from different shard counts (2, 3)"), "\(mixed.stderr)")
    }

    @Test("merge checks every number of the shard manifests before using it: one line, exit 1, nothing written", arguments: [
        ("frames", -5, "$.outputs[0].frames: -5 is not a whole number"), ("frames", 2e9, "$.outputs[0].frames: 2000000000"),
        ("size", 1e30, "$.outputs[0].size: 1e+30 is not a whole number"), ("duration", -1, "$.outputs[0].duration: -1 is out of range"),
    ] as [(String, Double, String)])
    func hostileManifests(field: String, value: Double, message: String) throws {
        let dir = TemporaryDirectory()
        let job = dir.file("job.json")
        try """
        {"presets": ["plain", "iphone-x"], "formats": ["png"], "output": "{preset}/%03d.png",
         "defaults": {"duration": 0.2, "fps": 10, "region": "bar"}}
        """.write(toFile: job, atomically: true, encoding: .utf8)
        let out = dir.file("out")
        for shard in 0..<2 {
            let run = try CommandRunner.notchwave(["batch", job, "-o", out, "--shard", "\(shard)/2", "-q"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let path = out + "/manifest-shard-0-of-2.json"
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var outputs = try #require(manifest["outputs"] as? [[String: Any]])
        outputs[0][field] = value
        manifest["outputs"] = outputs
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: path))
        let before = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        let merge = try CommandRunner.notchwave(["batch", "merge", out])
        #expect(merge.status == 1, "\(merge.stderr)")
        #expect(merge.stderr.contains(path + ": " + message) && merge.stderr.split(separator: "\n").count == 1, "\(merge.stderr)")
        #expect(!merge.stderr.contains("not valid JSON"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == before)
    }

    @Test("the Kubernetes Job and the CI workflow agree with each other (and the check can fail)")
    func deployFiles() throws {
        let root = CommandRunner.packageRoot.path
        let script = root + "/Tests/Scripts/check_deploy.py"
        let job = root + "/deploy/kubernetes/render-job.yaml", workflow = root + "/.github/workflows/render-presets.yml"
        let ok = try CommandRunner.run("python3", [script, job, workflow, root])
        #expect(ok.status == 0 && ok.stdoutText == "ok\n", "\(ok.stdoutText)\(ok.stderr)")
        // A Job whose completions disagree with JOB_COMPLETION_COUNT is caught.
        let dir = TemporaryDirectory()
        let broken = dir.file("job.yaml")
        try (try String(contentsOfFile: job, encoding: .utf8)).replacingOccurrences(of: "completions: 4", with: "completions: 3")
            .write(toFile: broken, atomically: true, encoding: .utf8)
        let caught = try CommandRunner.run("python3", [script, broken, workflow, root])
        #expect(caught.status == 1 && caught.stdoutText.contains("disagree"))
    }

    @Test("the image workflow, the Dockerfile, the render workflow and the Job agree on the image (and the check can fail)")
    func imageFiles() throws {
        let root = CommandRunner.packageRoot.path
        let script = root + "/Tests/Scripts/check_deploy.py"
        let job = root + "/deploy/kubernetes/render-job.yaml", workflow = root + "/.github/workflows/render-presets.yml"
        let image = root + "/.github/workflows/image.yml", dockerfile = root + "/Dockerfile"
        let dir = TemporaryDirectory()
        // Each edit breaks one agreement, and the check names it.
        let cases: [(file: String, from: String, to: String, message: String)] = [
            (dockerfile, "ARG VERSION=\(NotchwaveVersion.current)", "ARG VERSION=9.9.9", "differs from notchwave's version"),
            (dockerfile, "FROM ${RUNTIME_BASE}@${RUNTIME_DIGEST}", "FROM debian:bookworm-slim", "is not pinned by digest"),
            (image, "linux/amd64,linux/arm64", "linux/amd64", "does not build linux/amd64 and linux/arm64"),
            (image, "push: ${{ github.ref_type == 'tag' }}", "push: true", "only on tags"),
            (image, "scripts/image-smoke.sh --docker", "true", "the smoke renders"),
            (image, "IMAGE: ghcr.io/notchwave/notchwave", "IMAGE: ghcr.io/someone/else", "is not the image workflow's"),
        ]
        for (index, edit) in cases.enumerated() {
            let text = try String(contentsOfFile: edit.file, encoding: .utf8)
            #expect(text.contains(edit.from), "\(edit.from) is not in \(edit.file)")
            let copy = dir.file("case-\(index)")
            try text.replacingOccurrences(of: edit.from, with: edit.to).write(toFile: copy, atomically: true, encoding: .utf8)
            let arguments = edit.file == image ? [script, job, workflow, root, copy, dockerfile] : [script, job, workflow, root, image, copy]
            let caught = try CommandRunner.run("python3", arguments)
            #expect(caught.status == 1 && caught.stdoutText.contains(edit.message), "\(edit.to): \(caught.stdoutText)")
        }
    }
}
