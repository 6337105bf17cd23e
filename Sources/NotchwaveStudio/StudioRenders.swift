import Foundation
import NotchwaveModel
import NotchwavePipeline
import NotchwaveScene

/// The Render button: one render at a time (an output, or the whole job) on its own
/// thread, by the code `render` and `batch` run, reported over the session's event stream
/// (`render` events: started, progress, done, failed). A second start while one runs is
/// refused and changes nothing; a closed page does not stop it; stopping the studio
/// cancels it, and the pipeline removes its partial file.
public final class StudioRenders: @unchecked Sendable {
    public enum Start: Sendable, Equatable {
        case started
        case running(String)
        case refused(String)
    }

    private let session: StudioSession
    private let lock = NSLock()
    private var current: (what: String, token: CancellationToken)?
    private var thread: Thread?
    /// Files renders wrote, by the name `/files/` serves them under.
    private var written: [String: String] = [:]

    init(session: StudioSession) {
        self.session = session
    }

    /// Starts rendering `only` (an output's name) or, with nil, every output.
    public func start(only: String?) -> Start {
        let snapshot = session.snapshot
        if let error = snapshot.error { return .refused("the job does not load: \(error)") }
        lock.lock()
        defer { lock.unlock() }
        if let current { return .running(current.what) }
        let what = only ?? "every output"
        let token = CancellationToken()
        current = (what, token)
        let thread = Thread { [self] in
            run(only: only, snapshot: snapshot, token: token)
            lock.lock()
            current = nil
            lock.unlock()
        }
        thread.name = "notchwave-studio-render"
        thread.stackSize = 8 << 20
        self.thread = thread
        thread.start()
        return .started
    }

    /// Cancels a render in progress and waits (a few seconds at most) for it to end.
    public func cancel() {
        lock.lock()
        let running = current
        lock.unlock()
        guard let running else { return }
        running.token.cancel(signal: SIGTERM)
        for _ in 0..<500 {
            lock.lock()
            let done = current == nil
            lock.unlock()
            if done { return }
            usleep(10_000)
        }
    }

    private func send(_ members: [(String, JSONOutput)]) {
        session.events.send(event: "render", data: JSONOutput.object(members).rendered(indent: nil))
    }

    private func run(only: String?, snapshot: StudioSession.Snapshot, token: CancellationToken) {
        let what = only ?? "every output"
        send([("state", .string("started")), ("what", .string(what))])
        let started = Date()
        var files: [String] = []
        do {
            switch session.source {
            case let .job(_, directory):
                guard let job = snapshot.job else { throw PipelineError.output("the job does not load") }
                let plan = try BatchPlan(job: job, library: session.library, directory: directory)
                var options = BatchOptions(directory: directory, force: true)
                if let only { options.only = [only] }
                let progressLock = NSLock()
                nonisolated(unsafe) var last = Date.distantPast
                options.frames = { [weak self] item, done, total in
                    progressLock.lock()
                    let now = Date()
                    let due = now.timeIntervalSince(last) > 0.2 || done == total
                    if due { last = now }
                    progressLock.unlock()
                    if due { self?.send([("state", .string("progress")), ("output", .string(item.output)), ("done", .number(Double(done))), ("total", .number(Double(total)))]) }
                }
                let runner = BatchRunner(plan: plan, options: options)
                let summary = try runner.run(cancellation: token)
                if let failure = summary.failures.first { throw PipelineError.output("\(failure.output): \(failure.error)") }
                files = runner.selectedItems.map { (directory as NSString).appendingPathComponent($0.output) }
            case let .render(request, preset, output, _):
                let values = StudioSession.apply(snapshot.edits, to: request)
                let (plan, resolved) = try ResolvedOutput.resolve(values, preset: try preset(), output: output, library: session.library)
                let progressLock = NSLock()
                nonisolated(unsafe) var last = Date.distantPast
                let options = RenderOptions(progress: { [weak self] done, total in
                    progressLock.lock()
                    let now = Date()
                    let due = now.timeIntervalSince(last) > 0.2 || done == total
                    if due { last = now }
                    progressLock.unlock()
                    if due { self?.send([("state", .string("progress")), ("output", .string(output)), ("done", .number(Double(done))), ("total", .number(Double(total)))]) }
                })
                let created = try OutputPath.makeParentDirectories(of: resolved)
                do {
                    _ = try RenderSession(plan: plan, output: resolved, options: options).run(cancellation: token)
                } catch {
                    OutputPath.removeEmpty(created)
                    throw error
                }
                files = [resolved.path]
            }
        } catch {
            send([("state", .string("failed")), ("what", .string(what)), ("error", .string(oneLineDescription(of: error)))])
            return
        }
        lock.lock()
        for file in files { written[file] = file }
        lock.unlock()
        let reports: [JSONOutput] = files.map { file in
            var members: [(String, JSONOutput)] = [("name", .string(file)), ("url", .string("/files/" + Self.urlPath(file)))]
            if ["mp4", "mov", "m4v"].contains((file as NSString).pathExtension.lowercased()) {
                let report = AppPreviewReport.check(file)
                members += [("previewConforms", .bool(report.conforms)),
                            ("previewViolations", .array(report.violations.map { .string("\($0.rule): \($0.message)") }))]
            }
            return .object(members)
        }
        send([("state", .string("done")), ("what", .string(what)), ("seconds", .number((Date().timeIntervalSince(started) * 100).rounded() / 100)),
              ("files", .array(reports))])
    }

    static func urlPath(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    /// The file `/files/NAME` may serve: one the job names (its input files) or a render
    /// wrote, that resolves (links followed) inside the job's folder, the render's output
    /// folder or the working directory; nil for anything else.
    func servable(name: String, snapshot: StudioSession.Snapshot) -> String? {
        var roots = [FileManager.default.currentDirectoryPath]
        if case let .job(file, directory) = session.source {
            roots.insert(contentsOf: [(file as NSString).deletingLastPathComponent, directory], at: 0)
        }
        // The name as given, or relative to the job's folder or the working directory.
        let candidates = ([name] + roots.map { ($0 as NSString).appendingPathComponent(name) }).map(FileWatcher.absolute)
        let known = Set(snapshot.files.map(FileWatcher.absolute))
        lock.lock()
        let rendered = Set(written.keys.map(FileWatcher.absolute))
        lock.unlock()
        guard let path = candidates.first(where: { known.contains($0) || rendered.contains($0) }) else { return nil }
        guard let real = Self.realPath(path) else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        let inside = roots.compactMap(Self.realPath).contains { root in real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/") }
        return inside ? real : nil
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
