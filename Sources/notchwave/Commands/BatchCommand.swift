import Foundation
import NotchwaveModel
import NotchwavePipeline
import NotchwaveScene

/// `notchwave batch`: many renders from one job file.
enum BatchCommand: Command {
    static let name = "batch"
    static let positionalWords = ["merge"]
    static let positionalFiles = true
    static let summary = "render everything a job file describes (presets x styles x formats x variants), resumable and shardable"
    static let usage = "batch JOB.json [-o DIR] [--only GLOB] [--set KEY=VALUE] [--dry-run] [--jobs N] [--shard I/N | --shard env] [--force]\n       notchwave batch merge DIR"
    static let options: [OptionSpec] = [
        .value("output", short: "o", "DIR", "Output directory (default: out/JOBNAME)"),
        RenderParameters.presetsSpec,
        .flag("dry-run", "List the batch's outputs (this shard's), one path per line; report outputs whose parameters are invalid"),
        .value("jobs", "N", "Outputs rendered at once (default: one per core)"),
        .value("shard", "I/N", "Render only shard I of N (I from 0); `env` reads JOB_COMPLETION_INDEX / JOB_COMPLETION_COUNT (or NOTCHWAVE_SHARD_INDEX / NOTCHWAVE_SHARD_COUNT)"),
        .value("only", "GLOB", "Only the outputs whose path (in DIR) or preset id matches this shell pattern, such as '*.gif' or 'iphone-1[5-7]*' (repeatable)", repeatable: true),
        .value("set", "KEY=VALUE", "Override a parameter of every output for this run (its job-file key: --set fps=30, --set cutout=false); resume re-renders what it changes (repeatable)", repeatable: true),
        .flag("force", "Re-render outputs whose manifest entry and file are up to date"),
        .flag("no-overwrite", "Fail an output whose file exists (and is not up to date) instead of replacing it"),
    ] + ProgressStyle.specs(showing: "outputs, frames and time left over the whole batch") + [
        .flag("quiet", short: "q", "No per-output lines and no progress on stderr"),
        .flag("json", "Print the summary as JSON on stdout (with --dry-run: the outputs, each with its problem if any)"),
    ]
    static let discussion = """
    A job file names presets ("all", a list, or {"kind": "island", "family": "iphone"}),
    styles, formats, parameter variants and an output template such as
    "{preset}-{style}-{variant}.{ext}"; the batch is their cross product. `notchwave new
    job` writes a commented example; examples/ has more.

    Every output is recorded in DIR/manifest.json (a shard: manifest-shard-I-of-N.json)
    with its parameters and their hash, the file's SHA-256, size, frames, duration, codec
    and render time. A rerun skips outputs whose entry and file still match, so an
    interrupted batch resumes; --force renders again. A failing output does not stop the
    others: the batch ends with a summary of failures and exit code 1. DIR gets a
    contact-sheet.png and an index.html that plays every output. Shards are balanced by
    estimated cost and stable for an unchanged job file; `notchwave batch merge DIR`
    combines shard manifests and rebuilds the contact sheet and the index.
    """

    static func run(_ args: ParsedArguments, context: CommandContext) throws -> Int32 {
        if args.positionals.first == "merge" {
            try args.checkPositionals(["merge", "DIR"], required: 2)
            let merged = try BatchRunner.merge(directory: args.positionals[1])
            Terminal.error("merged \(merged.entries.count) outputs into \(args.positionals[1])/manifest.json; wrote contact-sheet.png and index.html")
            return 0
        }
        try args.checkPositionals(["JOB.json"], required: 1)
        // Made safe for the path functions that name the batch after it.
        let file = OutputPath(args.positionals[0]).path
        let jobs = try args.int("jobs", in: 1...64)
        var shard: (index: Int, count: Int)? = nil
        if let text = args.string("shard") {
            if text == "env" {
                guard let fromEnvironment = Sharding.fromEnvironment() else {
                    throw UsageError("--shard env needs JOB_COMPLETION_INDEX and JOB_COMPLETION_COUNT (or NOTCHWAVE_SHARD_INDEX and NOTCHWAVE_SHARD_COUNT) with 0 <= index < count")
                }
                shard = fromEnvironment
            } else {
                guard let parsed = Sharding.parse(text) else { throw UsageError("--shard expects I/N with 0 <= I < N, got '\(text)'") }
                shard = parsed
            }
        }
        let jobName = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let directory = OutputPath(args.string("output") ?? "out/\(jobName)").path
        guard let text = try TextInput.read(file) else {
            throw PipelineError.output("cannot read job file \(file)")
        }
        var job = try BatchJobSpec.decode(text, file: file)
        job.overrides = try overrides(args.strings("set"))
        let library = try RenderParameters.library(args)
        let plan = try BatchPlan(job: job, library: library, directory: directory)
        let quiet = args.has("quiet")
        var options = BatchOptions(directory: directory, jobs: jobs, shard: shard, force: args.has("force"))
        options.only = args.strings("only")
        options.noOverwrite = args.has("no-overwrite")
        let selected = BatchRunner(plan: plan, options: options).selectedItems
        if !options.only.isEmpty && selected.isEmpty {
            throw UsageError("--only \(options.only.joined(separator: ", ")) matches none of the batch's \(plan.items.count) outputs (paths in \(directory), or preset ids)")
        }
        let copies = Set(BatchRunner.copySources(selected).keys)
        let progress = try ProgressStyle.chosen(args, context: context).map {
            BatchProgress(items: selected, copies: copies, onTerminal: $0.onTerminal, interval: $0.interval, origin: $0.origin)
        }
        if !quiet {
            options.report = { outcome, done, total in
                let width = String(total).count
                let counter = String(repeating: " ", count: max(0, width - String(done).count)) + "\(done)/\(total)"
                var line = "[\(counter)] \(outcome.kind.rawValue) \(outcome.output)"
                if outcome.kind == .rendered { line += String(format: " (%.1f s)", outcome.seconds) }
                if let twin = outcome.sameAs { line += " (the same file as \(twin))" }
                if let error = outcome.error { line += ": \(error)" }
                if let progress { progress.finished(outcome, line: line) } else { Terminal.error(line) }
            }
        }
        if let progress { options.frames = { item, done, total in progress.update(item, done: done, total: total) } }
        let runner = BatchRunner(plan: plan, options: options)
        if args.has("dry-run") {
            let items = runner.selectedItems
            let twins = BatchRunner.copySources(items)
            if args.has("json") {
                // One object per output: its path, axes, frames, the output it is a copy of, and what is wrong with it.
                print(JSONOutput.array(items.map { item in
                    .object([("output", .string((directory as NSString).appendingPathComponent(item.output))), ("preset", .string(item.preset)),
                             ("style", .string(item.style)), ("variant", .string(item.variant)), ("format", .string(item.format)),
                             ("frames", item.plan.map { .number(Double($0.frameCount)) } ?? .null),
                             ("sameAs", twins[item.output].map { .string($0) } ?? .null),
                             ("problem", item.problem.map { .string($0) } ?? .null)])
                }).rendered())
            } else {
                for item in items {
                    print((directory as NSString).appendingPathComponent(item.output))
                    if let problem = item.problem { Terminal.error("invalid \(item.output): \(problem)") }
                }
                if !twins.isEmpty { Terminal.error("\(items.count - twins.count) of the \(items.count) outputs to render; \(twins.count) are copies of another (the same file)") }
            }
            return items.allSatisfy { $0.problem == nil } ? 0 : 1
        }
        let summary: BatchSummary
        do {
            // The bar's line is ended on every way out, an interrupt's message included.
            defer { progress?.finish() }
            summary = try SignalHandling.withCancellation { token in try runner.run(cancellation: token) }
        }
        let total = summary.rendered + summary.skipped + summary.reused + summary.failures.count
        if args.has("json") {
            print(JSONOutput.object([
                ("outputs", .number(Double(total))), ("rendered", .number(Double(summary.rendered))),
                ("skipped", .number(Double(summary.skipped))), ("reused", .number(Double(summary.reused))),
                ("failed", .number(Double(summary.failures.count))),
                ("seconds", .number((summary.seconds * 100).rounded() / 100)), ("manifest", .string(summary.manifestPath)),
                ("failures", .array(summary.failures.map { failure -> JSONOutput in
                    JSONOutput.object([("output", JSONOutput.string(failure.output)), ("error", JSONOutput.string(failure.error))])
                })),
            ]).rendered())
        }
        let reused = summary.reused > 0 ? ", \(summary.reused) reused (the same file as another)" : ""
        Terminal.error(String(format: "%d outputs: %d rendered%@, %d up to date, %d failed in %.1f s; manifest %@", total, summary.rendered,
                              reused, summary.skipped, summary.failures.count, summary.seconds, summary.manifestPath))
        for failure in summary.failures { Terminal.error("  failed \(failure.output): \(failure.error)") }
        return summary.failures.isEmpty ? 0 : 1
    }

    /// The `--set KEY=VALUE` overrides, read and checked now (an unknown key or a bad value
    /// is a usage error before anything renders).
    static func overrides(_ texts: [String]) throws -> ParameterValues {
        var values = ParameterValues()
        for text in texts {
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw UsageError("--set expects KEY=VALUE (a job-file key or an option name: --set fps=30), got '\(text)'")
            }
            let key = String(text[..<equals]), value = String(text[text.index(after: equals)...])
            // The job-file key, or its option spelling (backdrop-start); a switch takes
            // true or false under its key (--set cutout=false).
            guard let parameter = Scenes.parameters.first(where: { $0.key == key || Parameters.kebabCase($0.key) == key }) else {
                let keys = Scenes.parameters.map(\.key)
                throw UsageError("--set \(key): no parameter '\(key)'\(EditDistance.hint(for: key, in: keys)); `notchwave parameters` lists them")
            }
            try values.set(.text(value), for: parameter, from: .override)
        }
        return values
    }
}
