import Foundation
import Testing
import TestSupport

/// Interruption, overwrite protection and memory: what a long render must get right.
@Suite("Robust rendering")
struct RobustnessTests {
    /// Starts a long render into `output` (over an existing file of that name, which must
    /// survive), waits for its temporary output, sends `signals`, and checks the exit code
    /// and that nothing else is left behind.
    func interrupt(_ output: String, with signals: [Int32], expectedStatus: Int32) throws {
        let dir = TemporaryDirectory()
        let isFile = !output.hasSuffix("/")
        let name = isFile ? output : String(output.dropLast())
        if isFile { #expect(FileManager.default.createFile(atPath: dir.file(output), contents: Data("precious".utf8))) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandRunner.notchwave)
        process.arguments = ["render", "--duration", "120", "--quality", "draft", "-q", "-o", dir.file(output)]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Wait until the render is under way (its temporary output exists).
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline && !dir.contents.contains(where: { $0.hasPrefix(".\(name).") }) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(dir.contents.contains { $0.hasPrefix(".\(name).") }, "the render did not start")
        Thread.sleep(forTimeInterval: 0.3)
        for signal in signals { kill(process.processIdentifier, signal) }
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == expectedStatus, "stderr: \(stderr)")
        if signals.count == 1 { #expect(stderr.contains(signals[0] == SIGINT ? "interrupted" : "terminated")) }
        #expect(dir.contents == (isFile ? [output] : []), "left behind: \(dir.contents)")
        if isFile { #expect(try String(contentsOfFile: dir.file(output), encoding: .utf8) == "precious") }
    }

    @Test("SIGINT mid-render: exit 130, the old file kept, nothing else left", arguments: ["long.mp4", "frames/"])
    func sigint(output: String) throws { try interrupt(output, with: [SIGINT], expectedStatus: 130) }

    @Test("SIGTERM mid-render: exit 143, the old file kept, nothing else left")
    func sigterm() throws { try interrupt("long.mp4", with: [SIGTERM], expectedStatus: 143) }

    @Test("SIGHUP (a closed terminal) is treated like SIGTERM: exit 143, nothing left", arguments: ["long.mp4", "frames/"])
    func sighup(output: String) throws { try interrupt(output, with: [SIGHUP], expectedStatus: 143) }

    @Test("a second Ctrl-C exits at once and still removes the temporary output", arguments: ["long.mp4", "frames/"])
    func doubleSigint(output: String) throws { try interrupt(output, with: [SIGINT, SIGINT], expectedStatus: 130) }

    @Test("one SIGTERM ends a render blocked writing to a pipe whose reader never reads: exit 143 within the grace of 5 s")
    func blockedWrite() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandRunner.notchwave)
        process.arguments = ["render", "--duration", "30", "-q", "-o", "-"]
        // A pipe nobody reads: once its 64 KB are full, the render's write blocks.
        let stuck = Pipe()
        process.standardOutput = stuck
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The render is under way once its first bytes arrive; then the pipe fills.
        _ = try stuck.fileHandleForReading.read(upToCount: 1)
        Thread.sleep(forTimeInterval: 1)
        let sent = Date()
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(Date().timeIntervalSince(sent) < 10, "still running \(Date().timeIntervalSince(sent)) s after SIGTERM")
        #expect(process.terminationReason == .exit && process.terminationStatus == 143)
        _ = stuck
    }

    @Test("an existing output is replaced only on success, and --no-overwrite refuses")
    func overwrite() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("keep.mp4")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("precious".utf8)))
        let refused = try CommandRunner.notchwave(["render", "--duration", "0.1", "--no-overwrite", "-o", path])
        #expect(refused.status == 1 && refused.stderr.contains("exists (--no-overwrite)"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
        // A failing render (bad codec for the container) leaves the old file alone too.
        let failed = try CommandRunner.notchwave(["render", "--duration", "0.1", "--codec", "vp9", "-o", path])
        #expect(failed.status == 64)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
        let replaced = try CommandRunner.notchwave(["render", "--duration", "0.1", "-q", "-o", path])
        #expect(replaced.status == 0)
        #expect(try MediaProbe.stream(path).codec == "h264")
        #expect(dir.contents == ["keep.mp4"])
    }

    /// Peak resident memory of a render, from its JSON summary.
    func peakMemory(_ arguments: [String]) throws -> Double {
        let dir = TemporaryDirectory()
        let run = try CommandRunner.notchwave(["render", "-q", "--json"] + arguments + ["-o", dir.file("out" + (arguments.contains("mov") ? ".mov" : ".mp4"))])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any]
        return json?["peak_rss"] as? Double ?? 0
    }

    @Test("memory stays flat: 60 s of video within 10 % of 5 s")
    func flatMemory() throws {
        let common = ["--preset", "iphone-x", "--fps", "10", "--quality", "draft"]
        let short = try peakMemory(common + ["--duration", "5"])
        let long = try peakMemory(common + ["--duration", "60"])
        #expect(short > 0)
        #expect(long <= short * 1.1, "5 s: \(short / 1e6) MB, 60 s: \(long / 1e6) MB")
    }

    @Test("ProRes 4444 of the largest iPhone stays under 300 MB",
          .disabled(if: CommandRunner.threadSanitized, "TSan's shadow memory"),
          .disabled(if: CommandRunner.addressSanitized, "ASan's shadow memory and quarantine (318 MB against 252 MB without)"))
    func proresMemory() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("big.mov")
        let run = try CommandRunner.notchwave(["render", "--preset", "iphone-17-pro-max", "--duration", "0.5", "--fps", "30", "-q", "--json", "-o", path])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any]
        let peak = json?["peak_rss"] as? Double ?? .infinity
        #expect(peak < 300e6, "peak \(peak / 1e6) MB")
    }
}

@Suite("Write failures")
struct WriteFailureTests {
    /// A file size limit stands in for a full disk: writes fail part-way through.
    @Test("a write that fails part-way (file size limit) is one line, exit 1, and leaves nothing",
          .disabled(if: CommandRunner.threadSanitized, "TSan's runtime dies with SIGBUS under a file size limit"),
          arguments: ["x.mp4", "x.rgba", "x.mov", "x.gif", "seq/"])
    func writeFailure(output: String) throws {
        let dir = TemporaryDirectory()
        // An existing file of the same name is kept as it was.
        let isFile = !output.hasSuffix("/")
        if isFile { #expect(FileManager.default.createFile(atPath: dir.file(output), contents: Data("precious".utf8))) }
        let command = "ulimit -f 8; exec '\(CommandRunner.notchwave)' render --duration 1 -q -o '\(dir.file(output))'"
        let run = try CommandRunner.run("/bin/bash", ["-c", command])
        #expect(run.status == 1, "status \(run.status): \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("cannot write the output: it reached the largest file allowed here"), "\(run.stderr)")
        #expect(ResourceLimitTests.plainWords(run.stderr), "\(run.stderr)")
        #expect(dir.contents == (isFile ? [output] : []), "left behind: \(dir.contents)")
        if isFile { #expect(try String(contentsOfFile: dir.file(output), encoding: .utf8) == "precious") }
    }
}
