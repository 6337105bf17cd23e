import Foundation
import NotchwaveModel
import NotchwavePipeline
import NotchwaveScene

/// What a studio shows: a job file, or one render's options as `render` takes them.
public enum StudioSource: Sendable {
    /// A job file; its outputs would go under `directory` (`batch`'s default: out/JOBNAME).
    case job(file: String, directory: String)
    /// One render: its request as the command line gave it, its preset (read again on
    /// every reload, so an edited preset file shows), the output it would write and the
    /// command line's own words for the equivalent command.
    case render(request: RenderRequest, preset: @Sendable () throws -> Preset, output: String, words: [String])
}

/// One output the studio can show: a job's output (preset × style × locale × variant) or
/// the single render's.
public struct StudioOutput: Sendable {
    /// Its path, relative to the job's output directory (the render's -o).
    public var name: String
    public var preset: String
    public var style: String
    public var variant: String
    public var locale: String?
    /// The plan frames are drawn from: the current one, or the last good one while
    /// `problem` says why the current file does not resolve.
    public var plan: RenderPlan?
    /// Why the output does not resolve now, as the CLI says it.
    public var problem: String?
    /// The values given for it, by job-file key (the manifest's parameters).
    public var parameters: JSONOutput
}

/// An edit made in the page's options panel: a render parameter by its job-file key, or a
/// scene's or style's own option (`sceneOptions.KEY`, `styleOptions.KEY`).
public struct StudioEdit: Sendable, Equatable {
    public var key: String
    public var text: String
}

/// A studio's state: the source, the edits from the panel, the outputs they resolve into,
/// the files those read (watched), and the events the page hears. Reloading and editing
/// resolve everything again (as `render`/`batch` would) off the lock, then swap.
public final class StudioSession: @unchecked Sendable {
    public let source: StudioSource
    public let library: PresetLibrary
    public let events = EventHub()
    private let lock = NSLock()
    private let reloading = NSLock()
    private var outputs: [StudioOutput] = []
    private var jobError: String?
    private var edits: [StudioEdit] = []
    private var generation = 0
    private var files: Set<String> = []
    private var job: BatchJobSpec?

    /// A session over `source`, resolved once (a job that does not parse starts with its error shown).
    public init(source: StudioSource, library: PresetLibrary) {
        self.source = source
        self.library = library
        reload(reason: "start")
    }

    /// A consistent view of the state.
    public struct Snapshot: Sendable {
        public var outputs: [StudioOutput]
        public var error: String?
        public var edits: [StudioEdit]
        public var generation: Int
        public var files: Set<String>
        public var job: BatchJobSpec?
    }

    public var snapshot: Snapshot {
        lock.lock()
        defer { lock.unlock() }
        return Snapshot(outputs: outputs, error: jobError, edits: edits, generation: generation, files: files, job: job)
    }

    /// The output called `name` (nil: the first).
    public func output(named name: String?) -> StudioOutput? {
        let outputs = snapshot.outputs
        guard let name else { return outputs.first }
        return outputs.first { $0.name == name }
    }

    /// Reads the source again and resolves every output; tells the page (`reload` or `error`).
    public func reload(reason: String) {
        // One reload at a time, so that a slower one never lands over a newer one.
        reloading.lock()
        defer { reloading.unlock() }
        let edits = snapshot.edits
        let result = resolve(edits: edits)
        lock.lock()
        let previous = outputs
        var merged = result.outputs
        // A file that no longer resolves keeps its last good frames.
        for index in merged.indices where merged[index].plan == nil {
            merged[index].plan = previous.first { $0.name == merged[index].name }?.plan
        }
        if result.error == nil {
            outputs = merged
            job = result.job
        }
        jobError = result.error
        files.formUnion(result.files)
        generation += 1
        let generation = generation
        lock.unlock()
        if let error = result.error {
            events.send(event: "problem", data: JSONOutput.object([("message", .string(error)), ("generation", .number(Double(generation)))]).rendered(indent: nil))
        } else {
            let problems = merged.compactMap { output in output.problem.map { JSONOutput.string("\(output.name): \($0)") } }
            events.send(event: "reload", data: JSONOutput.object([("reason", .string(reason)), ("generation", .number(Double(generation))),
                                                                  ("problems", .array(problems))]).rendered(indent: nil))
        }
    }

    /// Files changed on disk (the watcher's paths, absolute): a file the outputs read, or
    /// anything in the job's folder while something does not load (a missing script that
    /// appears), reloads.
    public func filesChanged(_ paths: [String]) {
        let now = snapshot
        let known = Set(now.files.map(FileWatcher.absolute))
        let failing = now.error != nil || now.outputs.contains { $0.problem != nil }
        if failing || paths.contains(where: known.contains) { reload(reason: "file") }
    }

    /// Sets (or, with nil, removes) the panel's value for `key`; an unknown key or a value
    /// its declaration refuses is an error with the CLI's message, and changes nothing.
    public func setEdit(key: String, text: String?) throws {
        if let text { try Self.check(StudioEdit(key: key, text: text)) }
        lock.lock()
        edits.removeAll { $0.key == key }
        if let text { edits.append(StudioEdit(key: key, text: text)) }
        lock.unlock()
        reload(reason: "edit")
    }

    /// Removes every edit: the file's values again.
    public func resetEdits() {
        lock.lock()
        edits = []
        lock.unlock()
        reload(reason: "reset")
    }

    static func check(_ edit: StudioEdit) throws {
        if let option = Self.optionKey(edit.key) {
            guard !option.name.isEmpty else { throw ParameterError(subject: edit.key, problem: "an option needs a name after the dot") }
            return
        }
        guard let parameter = Scenes.parameter(key: edit.key) else {
            throw ParameterError(subject: edit.key, problem: "no parameter '\(edit.key)'\(EditDistance.hint(for: edit.key, in: Scenes.parameters.map(\.key)))")
        }
        var values = ParameterValues()
        try values.set(.text(edit.text), for: parameter, from: .override)
    }

    /// `sceneOptions.KEY` / `styleOptions.KEY` as the list and the option's name.
    static func optionKey(_ key: String) -> (list: Parameter<OptionList>, name: String)? {
        for list in [Parameters.sceneOptions, NotchWaves.styleOptions] where key.hasPrefix(list.key + ".") {
            return (list, String(key.dropFirst(list.key.count + 1)))
        }
        return nil
    }

    /// `values` with the edits over them (options appended to their list: the last wins).
    static func apply(_ edits: [StudioEdit], to values: ParameterValues) -> ParameterValues {
        var values = values
        for edit in edits {
            if let (list, name) = optionKey(edit.key) {
                let entry = OptionList.Entry(key: name, input: .text(edit.text))
                values.set((values.given(list) ?? OptionList()).appending(OptionList([entry])), for: list, from: .override)
            } else if let parameter = Scenes.parameter(key: edit.key) {
                try? values.set(.text(edit.text), for: parameter, from: .override)
            }
        }
        return values
    }

    private struct Resolved {
        var outputs: [StudioOutput] = []
        var error: String?
        var files: Set<String> = []
        var job: BatchJobSpec?
    }

    private func resolve(edits: [StudioEdit]) -> Resolved {
        var resolved = Resolved()
        switch source {
        case let .job(file, directory):
            resolved.files.insert(file)
            do {
                guard let text = try TextInput.read(file) else { throw PipelineError.output("cannot read job file \(file)") }
                var job = try BatchJobSpec.decode(text, file: file)
                job.defaults = Self.apply(edits.filter { Self.optionKey($0.key) != nil }, to: job.defaults)
                job.variants = job.variants.map { variant in
                    var variant = variant
                    let own = edits.filter { edit in Self.optionKey(edit.key).map { variant.parameters.isGiven($0.list) } ?? false }
                    variant.parameters = Self.apply(own, to: variant.parameters)
                    return variant
                }
                job.overrides = Self.apply(edits.filter { Self.optionKey($0.key) == nil }, to: ParameterValues())
                let plan = try BatchPlan(job: job, library: library, directory: directory)
                resolved.job = job
                resolved.outputs = plan.items.map { item in
                    StudioOutput(name: item.output, preset: item.preset, style: item.style, variant: item.variant, locale: item.locale,
                                 plan: item.plan, problem: item.problem, parameters: item.parameters)
                }
                for output in resolved.outputs { resolved.files.formUnion(output.plan.map(Self.inputFiles) ?? []) }
            } catch {
                resolved.error = oneLineDescription(of: error)
            }
        case let .render(request, preset, output, _):
            let values = Self.apply(edits, to: request)
            var studioOutput = StudioOutput(name: output, preset: "", style: "", variant: "", locale: nil, plan: nil, problem: nil,
                                            parameters: .object(values.sortedValues))
            do {
                let preset = try preset()
                studioOutput.preset = preset.id
                studioOutput.style = values[NotchWaves.style]
                let plan = try RenderSession.plan(values, preset: preset, outputExtension: (output as NSString).pathExtension.lowercased(), library: library)
                studioOutput.plan = plan
                resolved.files.formUnion(Self.inputFiles(plan))
            } catch {
                studioOutput.problem = oneLineDescription(of: error)
            }
            for parameter in [Parameters.backdrop, Parameters.audio] { if let file = values.file(parameter) { resolved.files.insert(file) } }
            resolved.outputs = [studioOutput]
        }
        return resolved
    }

    /// Every file `plan` reads: the backdrop and its recordings, what the scene reads
    /// (scripts, fonts), the captions' strings and fonts, a framed canvas's files.
    static func inputFiles(_ plan: RenderPlan) -> [String] {
        var files: [String] = []
        var plans = [plan]
        if let framing = plan.framing {
            files += framing.inputFiles
            plans += framing.devices.map(\.plan)
        }
        for plan in plans {
            if let backdrop = plan.backdrop?.path { files.append(backdrop) }
            files += plan.backdrop?.segments?.segments.map(\.recording) ?? []
            files += plan.scene.inputFiles
            files += plan.captions?.inputFiles ?? []
        }
        return files.filter { !$0.isEmpty }
    }
}

/// The page's event streams: every event goes to every open stream; closed ones drop out.
public final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var streams: [EventStream] = []
    /// At most this many pages listen at once (the oldest is closed for a new one).
    public let limit = 16

    /// A new stream that hears every event from now on.
    public func open() -> EventStream {
        let stream = EventStream()
        lock.lock()
        streams.removeAll { $0.isClosed }
        if streams.count >= limit { streams.removeFirst().close() }
        streams.append(stream)
        lock.unlock()
        stream.send(event: "hello", data: "{}")
        return stream
    }

    /// Sends `data` (one line of JSON) as `event` to every stream.
    public func send(event: String, data: String) {
        lock.lock()
        streams.removeAll { $0.isClosed }
        let open = streams
        lock.unlock()
        for stream in open { stream.send(event: event, data: data) }
    }

    /// Closes every stream (the server is stopping).
    public func closeAll() {
        lock.lock()
        let open = streams
        streams = []
        lock.unlock()
        for stream in open { stream.close() }
    }
}
