import Foundation
import Testing
import NotchwaveModel
import NotchwavePipeline
import TestSupport

/// The manifest file through `Codable`: its field names, read back and written again, and
/// what a damaged one says.
@Suite("Batch manifest file")
struct ManifestFileTests {
    /// A manifest as a shard of an earlier notchwave wrote it (hand-written here): one
    /// rendered entry with every field, one failed entry with only the required ones.
    static let text = """
    {"job": "jobs/site.json", "shard": {"index": 1, "count": 3}, "outputs": [
      {"output": "b/failed.mp4", "status": "failed", "preset": "plain", "style": "sharp", "variant": "clear",
       "format": "mp4", "error": "h264 in .mp4 cannot carry transparency",
       "parameters": {"background": "transparent", "ext": "mp4", "preset": "plain", "variant": "clear"},
       "parametersHash": "1111111111111111111111111111111111111111111111111111111111111111"},
      {"output": "a/ok.gif", "status": "ok", "preset": "iphone-x", "style": "smooth", "variant": "ok",
       "format": "gif", "parameters": {"duration": 0.4, "ext": "gif", "fps": 10, "loop": true, "nested": {"z": [1, 2.5, "x/y"], "a": null},
       "preset": "iphone-x", "variant": "ok"},
       "parametersHash": "2222222222222222222222222222222222222222222222222222222222222222",
       "sha256": "3333333333333333333333333333333333333333333333333333333333333333",
       "size": 12345, "frames": 4, "duration": 0.4, "codec": "gif", "seconds": 1.234}
    ]}
    """

    /// A manifest of two entries, the second with the required fields changed or added by `overrides` (JSON text).
    static func entries(_ overrides: [String: String]) -> String {
        var fields = ["output": "\"b\"", "status": "\"ok\"", "preset": "\"p\"", "style": "\"s\"", "variant": "\"v\"",
                      "format": "\"f\"", "parameters": "{}", "parametersHash": "\"h\""]
        func object(_ fields: [String: String]) -> String {
            "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
        }
        let first = object(fields.merging(["output": "\"a\""]) { $1 })
        fields.merge(overrides) { $1 }
        return "{\"job\": \"j\", \"outputs\": [\(first), \(object(fields))]}"
    }

    func parsed(_ path: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? NSDictionary)
    }

    @Test("a manifest reads into its fields and writes back the same JSON, keys sorted, readable")
    func roundTrip() throws {
        let dir = TemporaryDirectory()
        try Data(ManifestFileTests.text.utf8).write(to: URL(fileURLWithPath: dir.file("in.json")))
        let manifest = try #require(try BatchManifest.load(dir.file("in.json")))
        #expect(manifest.job == "jobs/site.json" && manifest.shard?.index == 1 && manifest.shard?.count == 3)
        let ok = try #require(manifest.entries["a/ok.gif"])
        #expect(ok.status == "ok" && ok.preset == "iphone-x" && ok.size == 12345 && ok.frames == 4 && ok.duration == 0.4
                && ok.codec == "gif" && ok.seconds == 1.234 && ok.error == nil)
        let failed = try #require(manifest.entries["b/failed.mp4"])
        #expect(failed.status == "failed" && failed.error == "h264 in .mp4 cannot carry transparency" && failed.sha256 == nil && failed.size == nil)
        try manifest.write(to: dir.file("out.json"))
        // The same document, by an independent parser, with the outputs sorted by path;
        // absent fields stay absent.
        let original = try #require(try parsed(dir.file("in.json")).mutableCopy() as? NSMutableDictionary)
        let outputs = try #require(original["outputs"] as? [NSDictionary])
        original["outputs"] = outputs.sorted { ($0["output"] as? String ?? "") < ($1["output"] as? String ?? "") }
        #expect(try parsed(dir.file("out.json")) == original)
        let written = try String(contentsOfFile: dir.file("out.json"), encoding: .utf8)
        // Sorted keys, one member per line, paths with their slashes as they are.
        let keys = written.split(separator: "\n").filter { $0.hasPrefix("      \"") }.map { $0.split(separator: "\"")[1] }
        #expect(Array(keys.prefix(6)) == ["codec", "duration", "format", "frames", "output", "parameters"], "\(written)")
        #expect(written.contains("\"a/ok.gif\"") && written.hasSuffix("}\n"))
        // Read back, the same manifest.
        let again = try #require(try BatchManifest.load(dir.file("out.json")))
        #expect(again.entries == manifest.entries && again.job == manifest.job)
    }

    @Test("a damaged manifest is one line naming the file, the JSON path and the problem", arguments: [
        ("{\"job\": ", "damaged.json: $: invalid JSON"),
        ("[1, 2]", "damaged.json: $: "),
        ("{\"outputs\": []}", "damaged.json: $: missing field \"job\""),
        ("{\"job\": 3, \"outputs\": []}", "damaged.json: $.job: "),
        ("{\"job\": \"j\", \"shard\": {\"index\": 0}, \"outputs\": []}", "damaged.json: $.shard: missing field \"count\""),
        ("{\"job\": \"j\", \"outputs\": [{\"output\": \"a\"}]}", "damaged.json: $.outputs[0]: missing field \""),
        (ManifestFileTests.entries(["preset": "null"]), "damaged.json: $.outputs[1].preset: expected String, found null"),
        (ManifestFileTests.entries(["size": "\"big\""]), "damaged.json: $.outputs[1].size: "),
        (ManifestFileTests.entries(["parameters": "[1, {\"a\": ]"]), "damaged.json: $: invalid JSON"),
        // Numbers are checked before anything uses them (a negative frame count trapped,
        // two billion frames aborted allocating their file names, 1e30 bytes was "not valid JSON").
        (ManifestFileTests.entries(["frames": "-5"]), "damaged.json: $.outputs[1].frames: -5 is not a whole number from 0 to 864000"),
        (ManifestFileTests.entries(["frames": "2000000000"]), "damaged.json: $.outputs[1].frames: 2000000000 is not a whole number from 0 to 864000"),
        (ManifestFileTests.entries(["frames": "2.5"]), "damaged.json: $.outputs[1].frames: 2.5 is not a whole number"),
        (ManifestFileTests.entries(["size": "1e30"]), "damaged.json: $.outputs[1].size: 1e+30 is not a whole number from 0 to "),
        (ManifestFileTests.entries(["size": "-1"]), "damaged.json: $.outputs[1].size: -1 is not a whole number from 0 to "),
        (ManifestFileTests.entries(["duration": "-0.5"]), "damaged.json: $.outputs[1].duration: -0.5 is out of range (0 to 3600 seconds)"),
        (ManifestFileTests.entries(["seconds": "1e300"]), "damaged.json: $.outputs[1].seconds: "),
        (ManifestFileTests.entries(["status": "\"done\""]), "damaged.json: $.outputs[1].status: \"done\" is neither \"ok\" nor \"failed\""),
        (ManifestFileTests.entries(["sha256": "\"abc\""]), "damaged.json: $.outputs[1].sha256: not 64 hexadecimal digits"),
        ("{\"job\": \"j\", \"shard\": {\"index\": 5, \"count\": 2}, \"outputs\": []}", "damaged.json: $.shard: shard 5 of 2 does not exist"),
        ("{\"job\": \"j\", \"shard\": {\"index\": 0, \"count\": -2}, \"outputs\": []}", "damaged.json: $.shard.count: -2 is not a whole number from 1 to "),
    ])
    func damaged(text: String, expected: String) throws {
        let dir = TemporaryDirectory()
        let path = dir.file("damaged.json")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try BatchManifest.load(path)
            Issue.record("\(text) was read")
        } catch let error as ConfigurationError {
            let line = error.description
            #expect(line.hasPrefix(dir.path + "/" + expected) && !line.contains("\n"), "\(line)")
            // Text that is not JSON says where it goes wrong.
            if expected.hasSuffix("invalid JSON") { #expect(line.contains("(line 1, column "), "\(line)") }
        }
    }

    @Test("the parameter hash is canonical: the same parameters in another order hash the same, another value does not")
    func canonicalHash() throws {
        let library = try PresetLibrary(directory: CommandRunner.packageRoot.appendingPathComponent("presets").path)
        func hashes(_ defaults: String) throws -> [String] {
            let job = try BatchJobSpec.decode("{\"presets\": [\"iphone-x\", \"plain\"], \"formats\": [\"mp4\", \"gif\"], \"defaults\": \(defaults)}", file: "job.json")
            return try BatchPlan(job: job, library: library, directory: "out").items.map(\.parametersHash)
        }
        let a = try hashes("{\"duration\": 0.4, \"fps\": 10, \"region\": \"bar\", \"quality\": \"draft\"}")
        let b = try hashes("{\"quality\": \"draft\", \"region\": \"bar\", \"fps\": 10, \"duration\": 0.4}")
        let c = try hashes("{\"duration\": 0.5, \"fps\": 10, \"region\": \"bar\", \"quality\": \"draft\"}")
        #expect(a.count == 4 && Set(a).count == 4 && a.allSatisfy { $0.count == 64 })
        #expect(a == b)
        #expect(zip(a, c).allSatisfy { $0 != $1 })
    }
}
