import Foundation

/// Files of a sequence written into a hidden temporary directory beside their target
/// directory and moved into place only when all are complete; on failure the temporary
/// directory is removed and the target is left as it was.
public final class AtomicOutputDirectory: AtomicOutput, @unchecked Sendable {
    /// Where the files go.
    public let targetDirectory: String
    /// Where they are written meanwhile.
    public let temporaryDirectory: String
    /// The files written (by name), moved into the target on commit.
    public let names: [String]
    private var done = false
    private let noOverwrite: Bool
    private let lock = NSLock()

    /// Prepares to write the files `names` into `directory` (a path made safe by
    /// `OutputPath`, or built from one; created on commit if missing); with `noOverwrite`,
    /// fails now if any of them exists there.
    public init(directory: String, names: [String], noOverwrite: Bool) throws {
        let url = URL(fileURLWithPath: directory)
        targetDirectory = url.path
        let parent = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PipelineError.output("cannot write \(directory): the directory \(parent) does not exist")
        }
        if FileManager.default.fileExists(atPath: targetDirectory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw PipelineError.output("cannot write into \(directory): it is a file")
        }
        StalePartials.remove(name: url.lastPathComponent, in: parent)
        temporaryDirectory = (parent as NSString).appendingPathComponent(StalePartials.temporaryName(for: url.lastPathComponent))
        self.names = names
        self.noOverwrite = noOverwrite
        try checkNoneExist()
        do {
            try systemCall("mkdir", context: "cannot write into \(directory)") { mkdir(temporaryDirectory, 0o755) }
        } catch {
            done = true
            throw error
        }
        TemporaryOutputs.register(temporaryDirectory)
    }

    deinit { discard() }

    /// With --no-overwrite: fails when any of the files exists in the target.
    private func checkNoneExist() throws {
        guard noOverwrite else { return }
        for name in names where FileManager.default.fileExists(atPath: (targetDirectory as NSString).appendingPathComponent(name)) {
            throw PipelineError.output("\((targetDirectory as NSString).appendingPathComponent(name)) exists (--no-overwrite)")
        }
    }

    /// Fails when the target directory holds files of the same sequence that this render
    /// would not replace (frames numbered `frames` and up): mixed with the new frames they
    /// would make a different clip.
    public func checkNoStaleFrames(pattern: String, frames: Int) throws {
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: targetDirectory)) ?? []
        guard !existing.isEmpty else { return }
        let fields = pattern.components(separatedBy: "%")
        guard fields.count == 2, let d = fields[1].firstIndex(of: "d") else { return }
        let prefix = fields[0], suffix = String(fields[1][fields[1].index(after: d)...])
        for name in existing where name.hasPrefix(prefix) && name.hasSuffix(suffix) && name.count > prefix.count + suffix.count {
            let number = name.dropFirst(prefix.count).dropLast(suffix.count)
            if let index = Int(number), index >= frames {
                throw PipelineError.output("\((targetDirectory as NSString).appendingPathComponent(name)) is a frame of an earlier, longer sequence; remove it or give a new directory")
            }
        }
    }

    /// Moves every file into the target directory.
    public func commit() throws {
        lock.lock(); defer { lock.unlock() }
        guard !done else { return }
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: targetDirectory, isDirectory: &isDirectory) {
            // A missing target: the temporary directory itself becomes it.
            try systemCall("rename", context: "cannot create \(targetDirectory)") { rename(temporaryDirectory, targetDirectory) }
            done = true
            TemporaryOutputs.forget(temporaryDirectory)
            return
        }
        try checkNoneExist()
        for name in names {
            let from = (temporaryDirectory as NSString).appendingPathComponent(name)
            let to = (targetDirectory as NSString).appendingPathComponent(name)
            try systemCall("rename", context: "cannot write \(to)") { rename(from, to) }
        }
        rmdir(temporaryDirectory)
        done = true
        TemporaryOutputs.forget(temporaryDirectory)
    }

    /// Removes the temporary directory and what it holds (nothing once committed).
    public func discard() {
        lock.lock(); defer { lock.unlock() }
        guard !done else { return }
        done = true
        try? FileManager.default.removeItem(atPath: temporaryDirectory)
        TemporaryOutputs.forget(temporaryDirectory)
    }
}
