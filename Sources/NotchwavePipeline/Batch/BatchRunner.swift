import Foundation
import NotchwaveModel

/// How a batch runs.
public struct BatchOptions: Sendable {
    /// Where outputs, the manifest, the contact sheet and the index go.
    public var directory: String
    /// Outputs rendered at once.
    public var jobs: Int
    /// Only this shard of the batch, if set.
    public var shard: (index: Int, count: Int)?
    /// Re-render outputs that are up to date.
    public var force: Bool
    /// Called after each output, on the thread that rendered it.
    public var report: (@Sendable (BatchOutcome, Int, Int) -> Void)?
    /// Only the outputs whose path (relative to the directory) or preset id matches one of
    /// these shell patterns (`fnmatch`: `*`, `?`, `[...]`); all when empty.
    public var only: [String] = []
    /// Fail an output whose file exists instead of replacing it (an output that is up to
    /// date is still skipped).
    public var noOverwrite = false
    /// Called while an output renders, with its frames done and total, on the pipeline's
    /// thread.
    public var frames: (@Sendable (BatchItem, Int, Int) -> Void)?

    /// Options; `jobs` defaults to `BatchOptions.defaultJobs`.
    public init(directory: String, jobs: Int? = nil, shard: (index: Int, count: Int)? = nil, force: Bool = false,
                report: (@Sendable (BatchOutcome, Int, Int) -> Void)? = nil) {
        self.directory = OutputPath(directory).path
        self.jobs = jobs ?? BatchOptions.defaultJobs
        self.shard = shard
        self.force = force
        self.report = report
    }

    /// Outputs at once by default: one per core. Each render spreads over the cores (render
    /// workers, the converter, the encoder's threads) but not all the time: start-up, the
    /// template, the encoder's flush at the end and a GIF's palette pass run on one
    /// thread, and x264 at draft speed keeps only about 1.2 cores busy on its own. Measured
    /// on 2 cores rendering every preset (examples/all-presets.json): 95.1 s with one at
    /// a time, 78.4 s with two, 75.7 s with three; two per two cores gets almost all of it
    /// without a third render's memory. Each render then gets cores / jobs render workers.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}

/// What happened to one output.
public struct BatchOutcome: Sendable {
    /// Rendered; up to date (skipped); copied from an output of the run whose render it
    /// is too (reused); failed.
    public enum Kind: String, Sendable { case rendered, skipped, reused, failed }
    public var output: String
    public var kind: Kind
    public var seconds: Double
    public var error: String?
    /// For a reused output: the output it is a copy of.
    public var sameAs: String?
}

/// The end of a batch.
public struct BatchSummary: Sendable {
    public var rendered = 0
    public var skipped = 0
    /// Outputs copied from another output of the run with the same content.
    public var reused = 0
    public var failures: [(output: String, error: String)] = []
    public var seconds = 0.0
    public var manifestPath = ""
}

/// Runs a batch plan: the outputs of its shard, several at once, skipping the ones whose
/// manifest entry and file still match, recording each in the manifest as it finishes
/// (so an interrupted batch resumes where it stopped), and carrying on past failures.
///
/// Outputs that would be the same file (the same `contentKey`: two presets with the same
/// screen, two display classes that take the same preview size, variants that differ in
/// name only) are rendered once: the first of them in plan order is rendered (or found up
/// to date), and each other one is then copied from it, atomically, with its poster.
public final class BatchRunner: @unchecked Sendable {
    public let plan: BatchPlan
    public let options: BatchOptions
    /// Guards the run's state; copies wait on it for the output they copy.
    private let lock = NSCondition()

    public init(plan: BatchPlan, options: BatchOptions) {
        self.plan = plan
        self.options = options
    }

    /// The items of this run's shard, in plan order.
    public var selectedItems: [BatchItem] {
        var items = plan.items
        if let shard = options.shard, shard.count > 1 {
            let assignment = Sharding.assign(plan.items, count: shard.count)
            items = plan.items.indices.filter { assignment[$0] == shard.index }.map { plan.items[$0] }
        }
        guard !options.only.isEmpty else { return items }
        return items.filter { item in
            options.only.contains { pattern in fnmatch(pattern, item.output, 0) == 0 || fnmatch(pattern, item.preset, 0) == 0 }
        }
    }

    /// Renders the shard's outputs and writes the manifest; for a whole batch also the
    /// contact sheet and the index.
    public func run(cancellation: CancellationToken) throws -> BatchSummary {
        let started = Date()
        do {
            try FileManager.default.createDirectory(atPath: options.directory, withIntermediateDirectories: true)
        } catch {
            throw PipelineError.output("cannot create the output directory \(options.directory): \(oneLineDescription(of: error))")
        }
        let manifestPath = (options.directory as NSString).appendingPathComponent(BatchManifest.fileName(shard: options.shard))
        var loaded = try BatchManifest.loadForRun(manifestPath, rebuild: options.force) ?? BatchManifest(job: plan.job.file, shard: options.shard)
        loaded.job = plan.job.file
        loaded.shard = options.shard.flatMap { $0.count > 1 ? $0 : nil }
        let items = BatchRunner.rendersFirst(selectedItems)
        let sources = BatchRunner.sources(of: items)
        let state = RunState(manifest: loaded)
        state.summary.manifestPath = manifestPath
        let workersPerJob = max(1, ProcessInfo.processInfo.activeProcessorCount / max(1, options.jobs))
        let group = DispatchGroup()
        var threads = 0
        for _ in 0..<max(1, min(options.jobs, items.count)) {
            group.enter()
            let job = { [self] in
                defer { group.leave() }
                while true {
                    lock.lock()
                    if cancellation.isCancelled || state.next >= items.count { lock.unlock(); return }
                    let index = state.next
                    let item = items[index]
                    state.next += 1
                    let previous = state.manifest.entries[item.output]
                    // A copy waits for the output it is copied from (which comes before it).
                    let source = sources[index].map { items[$0] }
                    while let source, state.outcomes[source.output] == nil, !cancellation.isCancelled {
                        _ = lock.wait(until: Date(timeIntervalSinceNow: 0.1))
                    }
                    let copied = source.flatMap { source in
                        state.outcomes[source.output].map { (item: source, outcome: $0, entry: state.manifest.entries[source.output]) }
                    }
                    lock.unlock()
                    let (outcome, entry) = process(item, previous: previous, source: copied, workers: workersPerJob, cancellation: cancellation)
                    guard let outcome else { continue }
                    lock.lock()
                    state.outcomes[item.output] = outcome
                    switch outcome.kind {
                    case .rendered: state.summary.rendered += 1
                    case .skipped: state.summary.skipped += 1
                    case .reused: state.summary.reused += 1
                    case .failed: state.summary.failures.append((item.output, outcome.error ?? "failed"))
                    }
                    if let entry {
                        state.manifest.entries[item.output] = entry
                        state.changes[item.output] = entry
                    }
                    do {
                        // Under a lock on the directory's manifest, merged with what
                        // another batch into the same directory wrote meanwhile.
                        state.manifest = try BatchManifest.update(at: manifestPath, job: state.manifest.job, shard: state.manifest.shard,
                                                                  changes: state.changes)
                    } catch {
                        state.failure = error
                    }
                    let done = state.summary.rendered + state.summary.skipped + state.summary.reused + state.summary.failures.count
                    lock.broadcast()
                    lock.unlock()
                    options.report?(outcome, done, items.count)
                }
            }
            do {
                try WorkerThread.start(stackSize: 4 << 20, purpose: "a batch job's thread", job)
                threads += 1
            } catch {
                // The jobs already started take the outputs; with none, nothing can run.
                group.leave()
                if threads == 0 { throw PipelineError.output(error.description) }
                break
            }
        }
        group.wait()
        if let failure = state.failure { throw failure }
        try cancellation.check()
        let manifest = state.manifest
        var summary = state.summary
        // The contact sheet and the index show the whole batch: a shard leaves them to
        // `merge` (shards may share the directory), and a rerun that changed nothing
        // keeps the ones it has.
        let unchanged = summary.rendered == 0 && summary.reused == 0 && summary.failures.isEmpty && BatchGallery.exists(in: options.directory)
        if manifest.shard == nil && !unchanged {
            try BatchGallery.write(manifest: manifest, directory: options.directory)
        }
        summary.seconds = Date().timeIntervalSince(started)
        summary.failures.sort { $0.output < $1.output }
        return summary
    }

    /// What the render threads share, under `lock`.
    private final class RunState: @unchecked Sendable {
        var next = 0
        var manifest: BatchManifest
        var summary = BatchSummary()
        var failure: Error?
        /// The entries this run wrote (the rest of the manifest may change under it).
        var changes: [String: ManifestEntry] = [:]
        /// Each finished output's outcome, by output.
        var outcomes: [String: BatchOutcome] = [:]
        init(manifest: BatchManifest) { self.manifest = manifest }
    }

    /// `items` with every output that another one will be copied from before its copies:
    /// the first item of each content key keeps its place, its copies move behind the
    /// items that are rendered (so the renders run side by side, and the copies, which
    /// take no time, wait for nothing).
    static func rendersFirst(_ items: [BatchItem]) -> [BatchItem] {
        var seen = Set<String>()
        var renders: [BatchItem] = [], copies: [BatchItem] = []
        for item in items {
            if copyable(item), !item.contentKey.isEmpty, !seen.insert(item.contentKey).inserted { copies.append(item) } else { renders.append(item) }
        }
        return renders + copies
    }

    /// For each item, the index of the earlier item it is a copy of (the first with its
    /// content key), or nil.
    static func sources(of items: [BatchItem]) -> [Int?] {
        var first: [String: Int] = [:]
        return items.enumerated().map { index, item in
            guard copyable(item), !item.contentKey.isEmpty else { return nil }
            if let earlier = first[item.contentKey] { return earlier }
            first[item.contentKey] = index
            return nil
        }
    }

    /// The outputs of `items` that a run copies from another of them instead of
    /// rendering, each with the output it is copied from.
    public static func copySources(_ items: [BatchItem]) -> [String: String] {
        let ordered = rendersFirst(items)
        return Dictionary(zip(ordered, sources(of: ordered)).compactMap { item, source in source.map { (item.output, ordered[$0].output) } },
                          uniquingKeysWith: { first, _ in first })
    }

    /// True for an output that is one file (with its poster): a PNG sequence is rendered
    /// on its own.
    static func copyable(_ item: BatchItem) -> Bool {
        guard let format = item.outputFormat else { return false }
        if case .pngSequence = format { return false }
        return true
    }

    /// The poster frame written beside a preview, if the item has one.
    static func posterPath(_ item: BatchItem, directory: String) -> String? {
        guard item.plan?.appPreview?.poster != nil else { return nil }
        return AppPreviewRequest.posterPath(for: (directory as NSString).appendingPathComponent(item.output))
    }

    /// Renders (or skips, or copies from `source` when it is given with its outcome) one
    /// output; nil outcome when cancelled.
    private func process(_ item: BatchItem, previous: ManifestEntry?, source: (item: BatchItem, outcome: BatchOutcome, entry: ManifestEntry?)? = nil,
                         workers: Int, cancellation: CancellationToken) -> (BatchOutcome?, ManifestEntry?) {
        let start = Date()
        let path = (options.directory as NSString).appendingPathComponent(item.output)
        guard let plan = item.plan, let format = item.outputFormat else {
            let error = item.problem ?? "invalid parameters"
            return (BatchOutcome(output: item.output, kind: .failed, seconds: 0, error: error), ManifestEntry(item: item, status: "failed", error: error))
        }
        do {
            let files = OutputDigest.files(output: item.output, directory: options.directory, format: format, frames: plan.frameCount)
            if !options.force, let previous, previous.status == "ok", previous.parametersHash == item.parametersHash,
               files.allSatisfy({ FileManager.default.fileExists(atPath: $0) }),
               let digest = try? OutputDigest.of(paths: files), digest.sha256 == previous.sha256, digest.size == previous.size {
                return (BatchOutcome(output: item.output, kind: .skipped, seconds: 0), previous)
            }
            let parent = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            if let source {
                try cancellation.check()
                // The same file as an output this run rendered or found up to date.
                if source.outcome.kind == .failed {
                    let message = "the same render as \(source.item.output), which failed: \(source.outcome.error ?? "failed")"
                    return (BatchOutcome(output: item.output, kind: .failed, seconds: 0, error: message), ManifestEntry(item: item, status: "failed", error: message))
                }
                let from = (options.directory as NSString).appendingPathComponent(source.item.output)
                if let poster = BatchRunner.posterPath(item, directory: options.directory), let sourcePoster = BatchRunner.posterPath(source.item, directory: options.directory) {
                    try AtomicOutputFile.copy(from: sourcePoster, to: poster, noOverwrite: options.noOverwrite)
                }
                try AtomicOutputFile.copy(from: from, to: path, noOverwrite: options.noOverwrite)
                let digest = try OutputDigest.of(paths: files)
                let sourceEntry = source.entry
                var entry = ManifestEntry(item: item, status: "ok")
                entry.sha256 = digest.sha256
                entry.size = digest.size
                entry.frames = plan.frameCount
                entry.duration = sourceEntry?.duration ?? plan.duration
                entry.codec = sourceEntry?.codec
                entry.sameAs = source.item.output
                entry.seconds = (Date().timeIntervalSince(start) * 1000).rounded() / 1000
                return (BatchOutcome(output: item.output, kind: .reused, seconds: entry.seconds ?? 0, sameAs: source.item.output), entry)
            }
            let frames = options.frames.map { report in { @Sendable (done: Int, total: Int) in report(item, done, total) } }
            let session = RenderSession(plan: plan, output: ResolvedOutput(target: OutputPath(path), format: format),
                                        options: RenderOptions(workers: workers, noOverwrite: options.noOverwrite, progress: frames))
            let result = try session.run(cancellation: cancellation)
            let digest = try OutputDigest.of(paths: files)
            var entry = ManifestEntry(item: item, status: "ok")
            entry.sha256 = digest.sha256
            entry.size = digest.size
            entry.frames = result.frames
            entry.duration = result.duration
            entry.codec = result.codec
            entry.seconds = (Date().timeIntervalSince(start) * 1000).rounded() / 1000
            return (BatchOutcome(output: item.output, kind: .rendered, seconds: entry.seconds ?? 0), entry)
        } catch PipelineError.cancelled {
            return (nil, nil)
        } catch {
            let message = oneLineDescription(of: error)
            return (BatchOutcome(output: item.output, kind: .failed, seconds: Date().timeIntervalSince(start), error: message),
                    ManifestEntry(item: item, status: "failed", error: message))
        }
    }

    /// Combines the shard manifests in `directory` into `manifest.json` and writes the
    /// contact sheet and the index for all of them.
    public static func merge(directory given: String) throws -> BatchManifest {
        let directory = OutputPath(given).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let shardFiles = names.filter { $0.hasPrefix("manifest-shard-") && $0.hasSuffix(".json") }.sorted()
        guard !shardFiles.isEmpty else { throw PipelineError.output("no shard manifests (manifest-shard-*.json) in \(directory)") }
        // Shard manifests are written by runs, not people: a damaged one is a failure of
        // that shard (exit 1), to be rendered again.
        let manifests = try shardFiles.compactMap { name in
            do {
                return try BatchManifest.load((directory as NSString).appendingPathComponent(name))
            } catch let error as ConfigurationError {
                throw PipelineError.output("\(error.description); render that shard again")
            }
        }
        let counts = Set(manifests.compactMap { $0.shard?.count })
        guard counts.count <= 1 else {
            throw PipelineError.output("the shard manifests in \(directory) come from different shard counts (\(counts.sorted().map(String.init).joined(separator: ", ")))")
        }
        if let count = counts.first {
            let present = Set(manifests.compactMap { $0.shard?.index })
            let missing = (0..<count).filter { !present.contains($0) }
            if !missing.isEmpty {
                throw PipelineError.output("shard(s) \(missing.map(String.init).joined(separator: ", ")) of \(count) have no manifest in \(directory); render them first")
            }
        }
        let merged = try BatchManifest.merge(manifests)
        try verify(merged, directory: directory)
        try merged.write(to: (directory as NSString).appendingPathComponent("manifest.json"))
        try BatchGallery.write(manifest: merged, directory: directory)
        return merged
    }

    /// Checks every finished entry of `manifest` against the files in `directory`: the
    /// path stays inside it, and the file (or a sequence's frames) exists with the size
    /// and SHA-256 recorded. Fails with one line naming what is wrong.
    static func verify(_ manifest: BatchManifest, directory: String) throws {
        var problems: [String] = []
        for output in manifest.entries.keys.sorted() {
            guard let entry = manifest.entries[output], entry.status == "ok" else { continue }
            let components = output.split(separator: "/", omittingEmptySubsequences: false)
            if output.isEmpty || output.hasPrefix("/") || components.contains("..") || output.contains("\0") {
                problems.append("\(output) (outside the directory)")
                continue
            }
            let path = (directory as NSString).appendingPathComponent(output)
            let codec: Codec? = entry.codec == VideoRecipe.pngSequence.codec.rawValue ? .png : nil
            guard let format = try? OutputFormat.resolve(OutputPath(path), request: EncodeRequest(codec: codec), alpha: false) else {
                problems.append("\(output) (not an output path)")
                continue
            }
            let files = OutputDigest.files(output: output, directory: directory, format: format, frames: entry.frames ?? 0)
            guard files.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) else {
                problems.append("\(output) (missing)")
                continue
            }
            // A FIFO (or a link to /dev/zero) would block or never end the digest's read.
            if let problem = files.lazy.compactMap(InputPath.problem).first {
                problems.append("\(output) (\(problem))")
                continue
            }
            guard let digest = try? OutputDigest.of(paths: files) else {
                problems.append("\(output) (unreadable)")
                continue
            }
            if digest.size != entry.size {
                problems.append("\(output) (\(digest.size) bytes, the manifest says \(entry.size.map(String.init) ?? "none"))")
            } else if digest.sha256 != entry.sha256 {
                problems.append("\(output) (its SHA-256 differs from the manifest's)")
            }
        }
        guard problems.isEmpty else {
            let listed = problems.prefix(5).joined(separator: ", ") + (problems.count > 5 ? " and \(problems.count - 5) more" : "")
            throw PipelineError.output("\(problems.count) output(s) in \(directory) do not match their shard manifests: \(listed); render those shards again")
        }
    }
}
