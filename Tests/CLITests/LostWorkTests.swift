import Foundation
import Testing
import TestSupport

/// Work that must not be lost or left stale: concurrent batches into one directory,
/// partials of killed processes, shard manifests that lie, a damaged manifest.
@Suite("Lost or stale work")
struct LostWorkTests {
    func writeJob(_ dir: TemporaryDirectory, _ name: String, presets: [String]) throws -> String {
        let path = dir.file(name)
        let list = presets.map { "\"\($0)\"" }.joined(separator: ", ")
        try Data(#"{"presets": [\#(list)], "formats": ["rgba"], "defaults": {"duration": 0.1, "fps": 20}, "output": "{preset}.{ext}"}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        return path
    }

    func manifestOutputs(_ path: String) throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let outputs = json?["outputs"] as? [[String: Any]] ?? []
        return outputs.compactMap { $0["output"] as? String }.sorted()
    }

    @Test("two batches of different job files into one directory at once: every entry survives")
    func concurrentBatches() throws {
        let dir = TemporaryDirectory()
        let a = ["iphone-x", "iphone-11", "iphone-se-3", "iphone-12", "iphone-13"]
        let b = ["iphone-14", "iphone-15", "iphone-15-pro", "iphone-16", "iphone-8"]
        let jobA = try writeJob(dir, "a.json", presets: a), jobB = try writeJob(dir, "b.json", presets: b)
        let out = dir.file("out")
        let group = DispatchGroup()
        nonisolated(unsafe) var statuses: [Int32] = []
        let lock = NSLock()
        for job in [jobA, jobB] {
            group.enter()
            DispatchQueue.global().async {
                let run = try? CommandRunner.notchwave(["batch", job, "--jobs", "1", "-q", "-o", out])
                lock.lock(); statuses.append(run?.status ?? -1); lock.unlock()
                group.leave()
            }
        }
        group.wait()
        #expect(statuses == [0, 0])
        #expect(try manifestOutputs(out + "/manifest.json") == (a + b).map { $0 + ".rgba" }.sorted())
    }

    @Test("a rerun removes the partials of a killed process, never a live one's")
    func stalePartials() throws {
        let dir = TemporaryDirectory()
        let host = ProcessInfo.processInfo.hostName.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" }.map(String.init).joined()
        // A process that has exited: its id is free (unless reused, which the test would see).
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = gone.processIdentifier
        let stale = [".a.mp4.\(host)-\(dead)-abc.partial.mp4", ".frames.\(host)-\(dead)-def.partial"]
        // Our own id, alive, and another host's partial: both kept.
        let kept = [".a.mp4.\(host)-\(getpid())-ghi.partial.mp4", ".a.mp4.otherhost-\(dead)-jkl.partial.mp4"]
        #expect(FileManager.default.createFile(atPath: dir.file(stale[0]), contents: Data("x".utf8)))
        try FileManager.default.createDirectory(atPath: dir.file(stale[1]), withIntermediateDirectories: false)
        for name in kept { #expect(FileManager.default.createFile(atPath: dir.file(name), contents: Data("x".utf8))) }
        let render = try CommandRunner.notchwave(["render", "--duration", "0.1", "-q", "-o", dir.file("a.mp4")])
        #expect(render.status == 0, "\(render.stderr)")
        let frames = try CommandRunner.notchwave(["render", "--duration", "0.05", "-q", "-o", dir.file("frames") + "/"])
        #expect(frames.status == 0, "\(frames.stderr)")
        #expect(Set(dir.contents) == Set(kept + ["a.mp4", "frames"]), "\(dir.contents.sorted())")
    }

    @Test("batch merge verifies every file against the shard manifests", arguments: ["missing", "changed", "outside"])
    func mergeVerifies(damage: String) throws {
        let dir = TemporaryDirectory()
        let job = try writeJob(dir, "j.json", presets: ["iphone-x", "iphone-11"])
        let out = dir.file("out")
        for shard in ["0/2", "1/2"] {
            let run = try CommandRunner.notchwave(["batch", job, "--shard", shard, "-q", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let shards = ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter { $0.hasPrefix("manifest-shard-") }.sorted()
        #expect(shards.count == 2)
        switch damage {
        case "missing": try FileManager.default.removeItem(atPath: out + "/iphone-x.rgba")
        case "changed": try Data("not the frames".utf8).write(to: URL(fileURLWithPath: out + "/iphone-11.rgba"))
        default:
            // Every output of the first shard's manifest moved out of the directory.
            let url = URL(fileURLWithPath: out + "/" + shards[0])
            var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            let outputs = try #require(json["outputs"] as? [[String: Any]])
            #expect(!outputs.isEmpty)
            json["outputs"] = outputs.map { entry in entry.merging(["output": "../" + (entry["output"] as? String ?? "")]) { $1 } }
            try JSONSerialization.data(withJSONObject: json).write(to: url)
        }
        let merge = try CommandRunner.notchwave(["batch", "merge", out])
        #expect(merge.status == 1, "\(merge.stderr)")
        let expected = ["missing": "iphone-x.rgba (missing)", "changed": "iphone-11.rgba (", "outside": "(outside the directory)"][damage] ?? "?"
        #expect(merge.stderr.contains("do not match their shard manifests") && merge.stderr.contains(expected), "\(merge.stderr)")
        #expect(merge.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: out + "/manifest.json"))
    }

    @Test("a damaged manifest says how to recover, and --force rebuilds it")
    func damagedManifest() throws {
        let dir = TemporaryDirectory()
        let job = try writeJob(dir, "j.json", presets: ["iphone-x"])
        let out = dir.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try Data("{\"job\": ".utf8).write(to: URL(fileURLWithPath: out + "/manifest.json"))
        let refused = try CommandRunner.notchwave(["batch", job, "-q", "-o", out])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("--force") && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        let rebuilt = try CommandRunner.notchwave(["batch", job, "--force", "-q", "-o", out])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(try manifestOutputs(out + "/manifest.json") == ["iphone-x.rgba"])
    }
}

@Suite("Batch isolation")
struct BatchIsolationTests {
    @Test("an output whose encoder refuses its size fails alone: the others render, the manifest records all, exit 1")
    func oneBadOutput() throws {
        let dir = TemporaryDirectory()
        let job = dir.file("job.json")
        try Data(#"""
        {"presets": ["iphone-se-3"], "formats": [{"ext": "mp4", "codec": "av1"}, "rgba"],
         "variants": [{"name": "pad"}, {"name": "crop", "even": "crop"}],
         "defaults": {"duration": 0.1, "fps": 10, "region": "bar"}, "output": "{variant}.{format}.{ext}"}
        """#.utf8).write(to: URL(fileURLWithPath: job))
        let out = dir.file("out")
        let run = try CommandRunner.notchwave(["batch", job, "--jobs", "1", "-o", out])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("failed crop.mp4-av1.mp4: ") && run.stderr.contains("libsvtav1 needs frames of at least 64x64 px"), "\(run.stderr)")
        let files = Set((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? [])
        #expect(files.isSuperset(of: ["pad.mp4-av1.mp4", "pad.rgba.rgba", "crop.rgba.rgba", "manifest.json"]), "\(files.sorted())")
        #expect(!files.contains("crop.mp4-av1.mp4"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))) as? [String: Any]
        let statuses = Dictionary(uniqueKeysWithValues: (json?["outputs"] as? [[String: Any]] ?? []).map { ($0["output"] as? String ?? "", $0["status"] as? String ?? "") })
        #expect(statuses == ["pad.mp4-av1.mp4": "ok", "pad.rgba.rgba": "ok", "crop.rgba.rgba": "ok", "crop.mp4-av1.mp4": "failed"])
    }
}
