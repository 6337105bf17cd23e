import Foundation
import NotchwaveModel
import NotchwaveVideo

/// What a batch knows about one output it wrote (or failed to write): one member of a
/// manifest's `outputs`, under these field names; absent values are left out.
public struct ManifestEntry: Sendable, Equatable, Codable {
    public var output: String
    public var preset: String
    public var style: String
    public var variant: String
    public var format: String
    /// `ok` or `failed`.
    public var status: String
    public var error: String?
    public var parameters: JSONOutput
    public var parametersHash: String
    public var sha256: String?
    public var size: Int?
    public var frames: Int?
    public var duration: Double?
    public var codec: String?
    /// How long the output took, in seconds (to the millisecond).
    public var seconds: Double?

    init(item: BatchItem, status: String, error: String? = nil) {
        output = item.output
        preset = item.preset
        style = item.style
        variant = item.variant
        format = item.format
        self.status = status
        self.error = error
        parameters = item.parameters
        parametersHash = item.parametersHash
    }
}

/// `DIR/manifest.json` (or `manifest-shard-I-of-N.json` for a shard): every output of the
/// batch with its parameters, their hash, the file's SHA-256 and size, frames, duration,
/// codec and how long it took.
public struct BatchManifest: Sendable {
    public var job: String
    public var shard: (index: Int, count: Int)?
    /// Entries by output path.
    public var entries: [String: ManifestEntry]

    /// The manifest's file name.
    public static func fileName(shard: (index: Int, count: Int)?) -> String {
        guard let shard, shard.count > 1 else { return "manifest.json" }
        return "manifest-shard-\(shard.index)-of-\(shard.count).json"
    }

    /// An empty manifest.
    public init(job: String, shard: (index: Int, count: Int)?) {
        self.job = job
        self.shard = shard
        entries = [:]
    }

    /// Reads a manifest, or nil when the file does not exist. A file that is not a
    /// manifest is a `ConfigurationError` naming it, the JSON path and the problem.
    public static func load(_ path: String) throws -> BatchManifest? {
        guard let text = try TextInput.read(path) else { return nil }
        return try MachineJSON.decode(BatchManifest.self, from: text, file: path)
    }

    /// Writes the manifest atomically (a temporary file renamed over the old one).
    public func write(to path: String) throws {
        try AtomicOutputFile.write(try MachineJSON.document(self), to: path)
    }

    /// Reads the manifest at `path` for a run; a file that is not a valid manifest is an
    /// error saying how to recover, unless `rebuild` (`--force`), which starts afresh.
    static func loadForRun(_ path: String, rebuild: Bool) throws -> BatchManifest? {
        do {
            return try load(path)
        } catch let error as ConfigurationError where rebuild {
            _ = error
            return nil
        } catch let error as ConfigurationError {
            throw PipelineError.output("\(error.description); the manifest is damaged: rerun with --force to render everything again and rebuild it, or remove \(path)")
        }
    }

    /// Records `changes` in the manifest at `path` under an exclusive lock on a lock
    /// file beside it, re-reading the file first: entries other processes wrote
    /// meanwhile (another batch into the same directory) are kept, and the entries of
    /// `changes` win. Returns what was written.
    static func update(at path: String, job: String, shard: (index: Int, count: Int)?,
                       changes: [String: ManifestEntry]) throws -> BatchManifest {
        let lockPath = ((path as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("." + (path as NSString).lastPathComponent + ".lock")
        let fd = try systemCall("open", context: "cannot lock \(lockPath)") { open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644) }
        defer { close(fd) }
        try systemCall("flock", context: "cannot lock \(lockPath)") { flock(fd, LOCK_EX) }
        defer { flock(fd, LOCK_UN) }
        // A damaged file on disk is replaced by what this run knows.
        var manifest = ((try? load(path)) ?? nil) ?? BatchManifest(job: job, shard: shard)
        manifest.job = job
        manifest.shard = shard
        for (output, entry) in changes { manifest.entries[output] = entry }
        try manifest.write(to: path)
        return manifest
    }

    /// Combines shard manifests into one; the same output in two manifests must agree.
    public static func merge(_ manifests: [BatchManifest]) throws -> BatchManifest {
        var merged = BatchManifest(job: manifests.first?.job ?? "", shard: nil)
        for manifest in manifests {
            for (output, entry) in manifest.entries {
                if let existing = merged.entries[output], existing.parametersHash != entry.parametersHash || existing.sha256 != entry.sha256 {
                    if existing.status == "ok" && entry.status == "ok" {
                        throw PipelineError.output("\(output) differs between shard manifests")
                    }
                    if existing.status == "ok" { continue }
                }
                merged.entries[output] = entry
            }
        }
        return merged
    }
}

/// The file format: `{"job": ..., "shard": {"index": I, "count": N}, "outputs": [entries
/// sorted by output path]}`, `shard` only for a shard's manifest. An output listed twice
/// keeps its last entry.
extension BatchManifest: Codable {
    private enum CodingKeys: String, CodingKey { case job, shard, outputs }

    private struct Shard: Codable {
        var index: Int
        var count: Int
    }

    /// Reads the file format.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(job: try container.decode(String.self, forKey: .job),
                  shard: try container.decodeIfPresent(Shard.self, forKey: .shard).map { ($0.index, $0.count) })
        for entry in try container.decode([ManifestEntry].self, forKey: .outputs) { entries[entry.output] = entry }
    }

    /// Writes the file format.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(job, forKey: .job)
        try container.encodeIfPresent(shard.map { Shard(index: $0.index, count: $0.count) }, forKey: .shard)
        try container.encode(entries.keys.sorted().compactMap { entries[$0] }, forKey: .outputs)
    }
}

/// The SHA-256 and size of an output: a file, or the sorted files of a PNG sequence.
enum OutputDigest {
    static func of(paths: [String]) throws -> (sha256: String, size: Int) {
        let hasher = SHA256()
        var size = 0
        // read(2), not FileHandle, whose failed reads (a directory, an I/O error) trap.
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        for path in paths.sorted() {
            let fd = try systemCall("open", context: "cannot read \(path)") { open(path, O_RDONLY | O_CLOEXEC) }
            defer { close(fd) }
            while true {
                let count = try systemCall("read", context: "cannot read \(path)") { buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
                if count == 0 { break }
                size += count
                buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
            }
        }
        return (hasher.finalizeHex(), size)
    }

    /// The files of `output` (in `directory`): the file itself, or a sequence's frames.
    static func files(output: String, directory: String, format: OutputFormat, frames: Int) -> [String] {
        let path = (directory as NSString).appendingPathComponent(output)
        if case let .pngSequence(pattern) = format {
            let folder = (pattern as NSString).deletingLastPathComponent
            let name = (pattern as NSString).lastPathComponent
            return (0..<frames).map { (folder as NSString).appendingPathComponent(OutputFormat.sequenceFileName(name, $0)) }
        }
        return [path]
    }
}
