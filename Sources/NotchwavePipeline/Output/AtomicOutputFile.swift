import Foundation

/// An output written under a temporary name beside its target and renamed into place
/// only when complete, so that a failed, interrupted or killed render never leaves a
/// half-written file under the target's name (and never replaces a good one).
public final class AtomicOutputFile: @unchecked Sendable {
    /// The final path.
    public let target: String
    /// The temporary path being written.
    public let temporaryPath: String
    private var committed = false
    private let lock = NSLock()

    /// Every temporary file not yet committed or discarded, for signal handlers.
    nonisolated(unsafe) private static var live: Set<String> = []
    private static let liveLock = NSLock()

    /// Prepares to write `target`: checks that its directory exists and is writable and,
    /// with `noOverwrite`, that the target does not exist yet.
    public init(target: String, noOverwrite: Bool) throws {
        self.target = target
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PipelineError.output("cannot write \(target): the directory \(directory) does not exist")
        }
        if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory), isDirectory.boolValue {
            throw PipelineError.output("cannot write \(target): it is a directory")
        }
        if noOverwrite && FileManager.default.fileExists(atPath: target) {
            throw PipelineError.output("\(target) exists (--no-overwrite)")
        }
        let token = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let ext = url.pathExtension
        temporaryPath = (directory as NSString).appendingPathComponent(".\(name).\(getpid())-\(token).partial" + (ext.isEmpty ? "" : "." + ext))
        // Create it now so that an unwritable directory fails before any rendering.
        let fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw PipelineError.output("cannot write \(target): \(reason)")
        }
        close(fd)
        AtomicOutputFile.liveLock.lock()
        AtomicOutputFile.live.insert(temporaryPath)
        AtomicOutputFile.liveLock.unlock()
        noClobber = noOverwrite
    }

    private let noClobber: Bool

    deinit { discard() }

    /// Moves the finished temporary file onto the target.
    public func commit() throws {
        lock.lock(); defer { lock.unlock() }
        guard !committed else { return }
        if noClobber {
            // link() fails if the target appeared meanwhile: never replace it.
            if link(temporaryPath, target) != 0 {
                let reason = errno == EEXIST ? "\(target) exists (--no-overwrite)" : "cannot write \(target): \(String(cString: strerror(errno)))"
                throw PipelineError.output(reason)
            }
            unlink(temporaryPath)
        } else if rename(temporaryPath, target) != 0 {
            throw PipelineError.output("cannot write \(target): \(String(cString: strerror(errno)))")
        }
        committed = true
        AtomicOutputFile.forget(temporaryPath)
    }

    /// Removes the temporary file (nothing once committed).
    public func discard() {
        lock.lock(); defer { lock.unlock() }
        guard !committed else { return }
        unlink(temporaryPath)
        committed = true
        AtomicOutputFile.forget(temporaryPath)
    }

    private static func forget(_ path: String) {
        liveLock.lock()
        live.remove(path)
        liveLock.unlock()
    }

    /// Removes every temporary file still being written (for a last-resort exit).
    public static func discardAll() {
        liveLock.lock()
        let paths = live
        live.removeAll()
        liveLock.unlock()
        for path in paths { unlink(path) }
    }
}
