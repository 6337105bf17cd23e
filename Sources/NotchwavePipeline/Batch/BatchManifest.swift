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
    /// For an output copied from another of its batch with the same content: that output.
    public var sameAs: String?

    /// The most frames an output can have: a render lasts at most 3600 s, at most 240 fps.
    static let maximumFrames = 3600 * 240
    /// The longest an output can last, in seconds.
    static let maximumDuration = 3600.0

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

extension ManifestEntry {
    private enum CodingKeys: String, CodingKey {
        case output, preset, style, variant, format, status, error, parameters, parametersHash, sha256, size, frames, duration, codec, seconds, sameAs
    }

    /// Reads an entry, checking every field before anything uses it: a manifest is a file
    /// on disk that a person or a broken run may have changed, so a status other than
    /// `ok` or `failed`, a negative, fractional or impossible number (more frames than a
    /// render can have, a size beyond what a file holds), or a SHA-256 that is not 64 hex
    /// digits is a decoding error naming the field.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        output = try c.decode(String.self, forKey: .output)
        preset = try c.decode(String.self, forKey: .preset)
        style = try c.decode(String.self, forKey: .style)
        variant = try c.decode(String.self, forKey: .variant)
        format = try c.decode(String.self, forKey: .format)
        status = try c.decode(String.self, forKey: .status)
        guard status == "ok" || status == "failed" else {
            throw DecodingError.dataCorruptedError(forKey: .status, in: c, debugDescription: "\"\(status)\" is neither \"ok\" nor \"failed\"")
        }
        error = try c.decodeIfPresent(String.self, forKey: .error)
        parameters = try c.decode(JSONOutput.self, forKey: .parameters)
        parametersHash = try c.decode(String.self, forKey: .parametersHash)
        sha256 = try c.decodeIfPresent(String.self, forKey: .sha256)
        if let sha256, sha256.count != 64 || !sha256.allSatisfy(\.isHexDigit) {
            throw DecodingError.dataCorruptedError(forKey: .sha256, in: c, debugDescription: "not 64 hexadecimal digits")
        }
        size = try c.wholeNumberIfPresent(.size, in: 0...(1 << 53))
        frames = try c.wholeNumberIfPresent(.frames, in: 0...ManifestEntry.maximumFrames)
        duration = try c.seconds(.duration, atMost: ManifestEntry.maximumDuration)
        codec = try c.decodeIfPresent(String.self, forKey: .codec)
        seconds = try c.seconds(.seconds, atMost: 366 * 86_400)
        sameAs = try c.decodeIfPresent(String.self, forKey: .sameAs)
    }
}

extension KeyedDecodingContainer {
    /// An optional whole number within `range`, read as a number of any size so that one
    /// out of range (or fractional) is an error naming the field and the range, not
    /// Foundation's "the given data was not valid JSON".
    func wholeNumberIfPresent(_ key: Key, in range: ClosedRange<Int>) throws -> Int? {
        guard let value = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        return try wholeNumber(value, key, range)
    }

    /// A required whole number within `range` (see `wholeNumberIfPresent`).
    func wholeNumber(_ key: Key, in range: ClosedRange<Int>) throws -> Int {
        try wholeNumber(try decode(Double.self, forKey: key), key, range)
    }

    private func wholeNumber(_ value: Double, _ key: Key, _ range: ClosedRange<Int>) throws -> Int {
        guard value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription:
                "\(JSONOutput.formatNumber(value)) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(value)
    }

    /// An optional number of seconds from 0 to `limit`.
    func seconds(_ key: Key, atMost limit: Double) throws -> Double? {
        guard let value = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard value.isFinite, value >= 0, value <= limit else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription:
                "\(JSONOutput.formatNumber(value)) is out of range (0 to \(JSONOutput.formatNumber(limit)) seconds)")
        }
        return value
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

        init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(index: try c.wholeNumber(.index, in: 0...(1 << 31)), count: try c.wholeNumber(.count, in: 1...(1 << 31)))
        }
    }

    /// Reads the file format; a shard is `index` of `count` with 0 <= index < count.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let shard = try container.decodeIfPresent(Shard.self, forKey: .shard)
        if let shard, !(shard.count >= 1 && (0..<shard.count).contains(shard.index)) {
            throw DecodingError.dataCorruptedError(forKey: .shard, in: container, debugDescription:
                "shard \(shard.index) of \(shard.count) does not exist (shards are numbered 0 to count - 1)")
        }
        self.init(job: try container.decode(String.self, forKey: .job), shard: shard.map { ($0.index, $0.count) })
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
