import Foundation
import Testing
import TestSupport

/// What a render does when the system runs out of something: memory under `ulimit -v`, the
/// file size limit (`ulimit -f`), a full disk. Each ends with one line in the user's terms
/// (no FFmpeg call, no library's own log line), exit code 1, and nothing left on disk.
@Suite("Resource limits")
struct ResourceLimitTests {
    /// Runs `command` under bash in `dir`.
    static func shell(_ command: String, in dir: TemporaryDirectory) throws -> ProcessOutput {
        try CommandRunner.run("/bin/bash", ["-c", "cd '\(dir.path)' && \(command)"])
    }

    /// What a message about a failure must not show: FFmpeg's function names, FFmpeg's
    /// generic text, a library's own log line.
    static func plainWords(_ stderr: String) -> Bool {
        !stderr.contains("av_") && !stderr.contains("avcodec_") && !stderr.contains("avformat_") && !stderr.contains("x264 [")
            && !stderr.contains("Generic error") && !stderr.contains("Resource temporarily unavailable")
    }

    /// The three paths the memory campaign found: a plain render, a render over a video
    /// backdrop, an App Store preview with audio.
    static let memoryCommands: [(name: String, arguments: String)] = [
        ("plain", "render --preset iphone-x --duration 0.5 --workers 2 -q -o out.mp4"),
        ("backdrop", "render --preset iphone-x --duration 0.5 --workers 2 --backdrop rec.mp4 -q -o out.mp4"),
        ("app preview with audio", "render --preset iphone-15-pro --profile app-preview --duration 15 --workers 2 --audio tone.wav -q -o out.mp4"),
    ]

    @Test("under a memory limit every render either finishes or ends with one 'out of memory' line, exit 1, nothing written; never an abort or a library's own line",
          .disabled(if: CommandRunner.threadSanitized || CommandRunner.addressSanitized, "the sanitizers' shadow memory needs terabytes of address space"),
          arguments: memoryCommands.map(\.name))
    func memoryLimit(name: String) throws {
        let dir = TemporaryDirectory()
        let made = try Self.shell("ffmpeg -v error -y -f lavfi -i testsrc2=s=390x844:r=30:d=2 -c:v libx264 -pix_fmt yuv420p rec.mp4 "
                                  + "&& ffmpeg -v error -y -f lavfi -i sine=d=2 -c:a pcm_s16le tone.wav", in: dir)
        try #require(made.status == 0, "ffmpeg: \(made.stderr)")
        let inputs = Set(dir.contents)
        let arguments = try #require(Self.memoryCommands.first { $0.name == name }).arguments
        var failures = 0
        // Limits where the large allocations fail, up to where the render fits (about 1.2 GB
        // on a 2-core machine): each limit fails at another one (a frame, the backdrop's
        // picture, an encoder's buffers or threads). Lower, any small allocation of the
        // Swift runtime or of a decoder can fail first, which still aborts or reads as
        // damaged input. Two render workers and two malloc arenas keep the address space
        // used about the same on machines with more cores (x264's own threads still follow
        // the core count); a render that hangs is killed after 120 s and fails the test.
        for megabytes in [450, 500, 600, 700, 900] {
            let run = try Self.shell("ulimit -v \(megabytes * 1024); MALLOC_ARENA_MAX=2 exec timeout -s KILL 120 '\(CommandRunner.notchwave)' \(arguments)",
                                     in: dir)
            // Below what the loader needs, the binary never starts: nothing of ours ran.
            if run.status == 127 && run.stderr.contains("error while loading shared libraries") { continue }
            #expect(run.status == 0 || run.status == 1, "\(megabytes) MB: status \(run.status): \(run.stderr)")
            let lines = run.stderr.split(separator: "\n")
            if run.status == 1 {
                failures += 1
                #expect(lines.count == 1 && run.stderr.contains("out of memory"), "\(megabytes) MB: \(run.stderr)")
                #expect(Self.plainWords(run.stderr), "\(megabytes) MB: \(run.stderr)")
                #expect(Set(dir.contents) == inputs, "\(megabytes) MB left: \(Set(dir.contents).subtracting(inputs))")
            } else {
                try? FileManager.default.removeItem(atPath: dir.file("out.mp4"))
            }
        }
        // The limits were chosen so that memory does run out.
        #expect(failures > 0)
    }

    /// True when this process may mount a file system in a mount namespace of its own.
    static let canMountTmpfs: Bool = {
        guard getuid() == 0,
              let run = try? CommandRunner.run("/bin/bash", ["-c", "unshare -m sh -c 'mount -t tmpfs -o size=64k none /mnt'"]) else { return false }
        return run.status == 0
    }()

    @Test("a full disk: 'the disk is full', exit 1, nothing left (a 16 KB tmpfs in a mount namespace of its own)",
          .enabled(if: canMountTmpfs, "needs root and unshare to mount a small tmpfs"),
          arguments: ["x.mp4", "x.rgba", "frame.png"])
    func fullDisk(output: String) throws {
        let dir = TemporaryDirectory()
        let command = output.hasSuffix(".png") ? "frame --time 1" : "render --duration 1 -q"
        let script = "mount -t tmpfs -o size=16k none '\(dir.path)' && '\(CommandRunner.notchwave)' \(command) -o '\(dir.path)/\(output)'; "
            + "status=$?; ls -A '\(dir.path)' >&2; exit $status"
        let run = try CommandRunner.run("/usr/bin/unshare", ["-m", "/bin/bash", "-c", script])
        #expect(run.status == 1, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        // The message, then what `ls` found on the tmpfs: nothing.
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("cannot write the output: the disk is full"), "\(run.stderr)")
        #expect(Self.plainWords(run.stderr), "\(run.stderr)")
    }
}
