import Foundation
import NotchwaveVideo

/// An output written under a temporary name beside its target and renamed into place
/// only when complete, so that a failed, interrupted or killed render never leaves a
/// half-written file under the target's name (and never replaces a good one).
public final class AtomicOutputFile: AtomicOutput, @unchecked Sendable {
    /// The final path.
    public let target: String
    /// The temporary path being written.
    public let temporaryPath: String
    private var committed = false
    private let lock = NSLock()
    private let noClobber: Bool

    /// Prepares to write `target` (a path made safe by `OutputPath`, or one built from
    /// such a path): checks that its directory exists and is writable and, with
    /// `noOverwrite`, that the target does not exist yet.
    public init(target: String, noOverwrite: Bool) throws {
        self.target = target
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw PipelineError.output("cannot write \(target): the directory \(directory) does not exist")
        }
        guard isDirectory.boolValue else { throw PipelineError.output("cannot write \(target): \(directory) is a file, not a directory") }
        if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory), isDirectory.boolValue {
            throw PipelineError.output("cannot write \(target): it is a directory")
        }
        if noOverwrite && FileManager.default.fileExists(atPath: target) {
            throw PipelineError.output("\(target) exists (--no-overwrite)")
        }
        let ext = url.pathExtension
        StalePartials.remove(name: name, in: directory)
        temporaryPath = (directory as NSString).appendingPathComponent(StalePartials.temporaryName(for: name) + (ext.isEmpty ? "" : "." + ext))
        // Create it now so that an unwritable directory fails before any rendering.
        let path = temporaryPath
        let fd = try systemCall("open", context: "cannot write \(target)") { open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        close(fd)
        TemporaryOutputs.register(temporaryPath)
        noClobber = noOverwrite
    }

    deinit { discard() }

    /// Writes `bytes` to `target` atomically: the whole file appears, or nothing changes.
    public static func write(_ bytes: [UInt8], to target: String, noOverwrite: Bool = false) throws {
        let file = try AtomicOutputFile(target: target, noOverwrite: noOverwrite)
        do {
            try file.withDescriptor { fd in
                try bytes.withUnsafeBufferPointer { try RawRGBASink.writeAll(fd, $0.baseAddress!, count: $0.count) }
            }
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    /// Copies the file at `source` to `target` atomically: the whole copy appears, or
    /// nothing changes.
    public static func copy(from source: String, to target: String, noOverwrite: Bool = false) throws {
        let input = try systemCall("open", context: "cannot read \(source)") { open(source, O_RDONLY | O_CLOEXEC) }
        defer { close(input) }
        let file = try AtomicOutputFile(target: target, noOverwrite: noOverwrite)
        do {
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            try file.withDescriptor { fd in
                while true {
                    let count = try systemCall("read", context: "cannot read \(source)") { buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) } }
                    if count == 0 { break }
                    try buffer.withUnsafeBufferPointer { try RawRGBASink.writeAll(fd, $0.baseAddress!, count: count) }
                }
            }
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    /// Opens the temporary file for writing, runs `body` with its descriptor, then
    /// flushes it to disk and closes it.
    public func withDescriptor<T>(_ body: (Int32) throws -> T) throws -> T {
        let fd = try openDescriptor()
        let result: T
        do {
            result = try body(fd)
        } catch {
            close(fd)
            throw error
        }
        try closeDescriptor(fd)
        return result
    }

    /// Opens the temporary file for writing (from its start).
    func openDescriptor() throws -> Int32 {
        try systemCall("open", context: "cannot write \(target)") { open(temporaryPath, O_WRONLY | O_TRUNC) }
    }

    /// Flushes `fd` to disk and closes it: a full disk or an I/O error is reported here,
    /// before the file could be committed.
    func closeDescriptor(_ fd: Int32) throws {
        // fsync fails with EINVAL on what cannot be synced (a pipe, a character device).
        var failure: SystemCallError? = nil
        do { try systemCall("fsync") { fsync(fd) } } catch where error.code != EINVAL { failure = error } catch {}
        do { try systemCall("close", retryingInterrupts: false) { close(fd) } } catch { failure = failure ?? error }
        if let failure {
            throw PipelineError.output(FFmpegError.Cause(errno: failure.code)?.description ?? "cannot write \(target): \(failure.reason)")
        }
    }

    /// Moves the finished temporary file onto the target.
    public func commit() throws {
        lock.lock(); defer { lock.unlock() }
        guard !committed else { return }
        if noClobber {
            // link() fails if the target appeared meanwhile: never replace it.
            do {
                try systemCall("link") { link(temporaryPath, target) }
            } catch {
                throw PipelineError.output(error.code == EEXIST ? "\(target) exists (--no-overwrite)" : "cannot write \(target): \(error.reason)")
            }
            unlink(temporaryPath)
        } else {
            try systemCall("rename", context: "cannot write \(target)") { rename(temporaryPath, target) }
        }
        committed = true
        TemporaryOutputs.forget(temporaryPath)
    }

    /// Removes the temporary file (nothing once committed).
    public func discard() {
        lock.lock(); defer { lock.unlock() }
        guard !committed else { return }
        unlink(temporaryPath)
        committed = true
        TemporaryOutputs.forget(temporaryPath)
    }
}
