import Foundation
import NotchwaveModel
import NotchwavePipeline

/// Writing to the terminal.
enum Terminal {
    /// The longest message line written; longer ones are cut with "…".
    static let maximumLineLength = 2000

    /// Writes `text` and a newline to stderr: control characters escaped (`\n`, `\u{1B}`),
    /// at most `maximumLineLength` characters. A stderr that cannot be written (closed,
    /// a full disk, a pipe whose reader left) is ignored: the exit code says what happened.
    static func error(_ text: String) {
        writeStandardError(oneLine(text) + "\n")
    }

    /// `text` as one printable line.
    static func oneLine(_ text: String) -> String {
        var line = String.UnicodeScalarView()
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= maximumLineLength { line.append("…"); break }
            switch scalar.value {
            case 0x0A: line.append(contentsOf: "\\n".unicodeScalars)
            case 0x0D: line.append(contentsOf: "\\r".unicodeScalars)
            case 0x09: line.append(contentsOf: "\\t".unicodeScalars)
            case 0..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029:
                line.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            default: line.append(scalar)
            }
            count += 1
        }
        return String(line)
    }

    /// Writes `text` to stderr with write(2), ignoring failures (Foundation's FileHandle
    /// traps on a failed write).
    static func writeStandardError(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            guard var pointer = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                // Interrupted writes are retried by the funnel; any other failure ends the message.
                guard let written = try? systemCall("write", { write(STDERR_FILENO, pointer, remaining) }), written > 0 else { return }
                pointer += written
                remaining -= written
            }
        }
    }

    /// True when the descriptor is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }
}

/// How progress is shown (`--progress`).
enum ProgressStyle: String, CaseIterable {
    /// A bar on a terminal, plain lines elsewhere.
    case auto
    /// A bar redrawn in place.
    case bar
    /// A plain line every `ProgressLine.logInterval` seconds.
    case plain
    /// None.
    case none

    /// `--progress` and `--progress-interval`, for a command whose progress shows `what`.
    static func specs(showing what: String) -> [OptionSpec] {
        [.value("progress", "auto|bar|plain|none", "Progress on stderr (\(what)): a bar redrawn in place, a plain line every --progress-interval seconds, or none (default: auto, a bar on a terminal, plain lines elsewhere)"),
         .value("progress-interval", "SECONDS", "Seconds between plain progress lines (default: \(JSONOutput.formatNumber(ProgressLine.logInterval)))")]
    }

    /// Where progress goes as `args` ask (`-q` turns it off): nil for none, else whether
    /// it is drawn as a bar, the seconds between plain lines and when their clock starts
    /// (the command's start).
    static func chosen(_ args: ParsedArguments, context: CommandContext) throws -> (onTerminal: Bool, interval: Double, origin: DispatchTime)? {
        let chosen = try args.choice("progress", ProgressStyle.self) ?? .auto
        let interval = try args.double("progress-interval", in: 0.1...3600) ?? ProgressLine.logInterval
        switch args.has("quiet") ? .none : chosen {
        case .none: return nil
        case .auto: return (context.standardErrorIsTerminal, interval, context.started)
        case .bar: return (true, interval, context.started)
        case .plain: return (false, interval, context.started)
        }
    }
}

/// Calls its closure every `seconds` on a queue of its own until cancelled (the
/// plain progress lines' clock, so that a stage that reports nothing, such as an encoder
/// draining its last frames, still shows the work is alive).
final class Heartbeat: @unchecked Sendable {
    private let timer: DispatchSourceTimer

    init(every seconds: Double, _ tick: @escaping @Sendable () -> Void) {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "notchwave.progress"))
        let nanoseconds = Int(max(0.05, seconds) * 1e9)
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds), leeway: .milliseconds(20))
        timer.setEventHandler(handler: tick)
        timer.resume()
    }

    func cancel() { timer.cancel() }

    deinit { timer.cancel() }
}

/// What the two progress reporters share: where the line goes, its clock, and ending a
/// bar's line. Where stderr is not a terminal the plain lines are due on a grid: at
/// `started + k * interval` (k = 1, 2, ...; points missed while nothing could run are
/// skipped, not caught up), checked by a heartbeat every `interval / 20` seconds (0.1 s
/// at most, 0.05 s at least), so a line comes at most that late and lateness never
/// adds up from line to line: the gap between two lines stays within a tick of
/// `interval` (a clock restarted at each line drifted by up to a tick per line).
class ProgressLine: @unchecked Sendable {
    /// Seconds between the lines written where stderr is not a terminal, by default.
    static let logInterval = 2.0
    let onTerminal: Bool
    let interval: Double
    /// When its clock starts (the command's start): elapsed times, rates and the plain
    /// lines' grid count from here.
    let started: DispatchTime
    /// When the last bar was drawn (its redraws are at most ten a second), or the start.
    var lastDraw: UInt64
    let lock = NSLock()
    /// True while a bar's line is drawn and not ended.
    var drawn = false
    private var heartbeat: Heartbeat?
    /// The next point on the plain lines' grid (nanoseconds of uptime).
    private var nextLine: UInt64

    /// `origin`: when its clock starts (the command's start; by default now).
    init(onTerminal: Bool, interval: Double, origin: DispatchTime? = nil) {
        self.onTerminal = onTerminal
        self.interval = interval
        let now = DispatchTime.now()
        started = origin.map { Swift.min($0, now) } ?? now
        lastDraw = started.uptimeNanoseconds
        nextLine = started.uptimeNanoseconds + UInt64(interval * 1e9)
        if !onTerminal {
            // Set under the lock: the timer starts inside `Heartbeat.init`, and its first
            // tick (which reads `heartbeat` under the lock) may come before the store.
            lock.lock(); defer { lock.unlock() }
            heartbeat = Heartbeat(every: Swift.min(interval / 20, 0.1)) { [weak self] in self?.tick() }
        }
    }

    /// Whether a plain line is due at `now` (the lock is held); if so, the next one is
    /// set to the first grid point after `now`.
    func plainLineDue(at now: UInt64) -> Bool {
        guard now >= nextLine else { return false }
        let step = UInt64(interval * 1e9), start = started.uptimeNanoseconds
        nextLine = start + ((now - start) / step + 1) * step
        return true
    }

    private func tick() {
        lock.lock(); defer { lock.unlock() }
        guard heartbeat != nil else { return }
        heartbeatTick()
    }

    /// A plain line is due if `interval` has passed without one (the lock is held).
    func heartbeatTick() {}

    /// Ends the progress: the clock stops and a bar's line is ended.
    func finish() {
        lock.lock(); defer { lock.unlock() }
        heartbeat?.cancel()
        heartbeat = nil
        if drawn { Terminal.writeStandardError("\n") }
        drawn = false
    }
}

/// Progress on stderr: frames done of total, speed and time left. On a terminal, one
/// line with a bar, redrawn at most ten times a second; elsewhere (a CI log, a file), a
/// plain line every `interval` seconds (`--progress-interval`, `logInterval` by
/// default), the first after that long, so a short render prints none and a long one
/// shows it is alive, in every stage: before the first frame and while the file is
/// finished after the last, the line says so.
final class ProgressBar: ProgressLine, @unchecked Sendable {
    private let label: String
    /// The latest frames done and total reported (nil before the first report).
    private var latest: (done: Int, total: Int)?

    init(label: String, onTerminal: Bool, interval: Double = ProgressLine.logInterval, origin: DispatchTime? = nil) {
        self.label = label
        super.init(onTerminal: onTerminal, interval: interval, origin: origin)
    }

    func update(done: Int, total: Int) {
        lock.lock(); defer { lock.unlock() }
        latest = (done, total)
        let now = max(DispatchTime.now().uptimeNanoseconds, lastDraw)
        let elapsed = Double(now - started.uptimeNanoseconds) / 1e9
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        let remaining = fps > 0 ? Double(total - done) / fps : 0
        guard onTerminal else {
            guard done < total else { return }
            writeLine(now: now)
            return
        }
        guard done == total || now - lastDraw > 100_000_000 else { return }
        lastDraw = now
        let width = 24
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let line = String(format: "\r%@ [%@] %d/%d frames  %.1f fps  ETA %.1f s ", label, bar, done, total, fps, remaining)
        Terminal.writeStandardError(line)
        drawn = true
    }

    /// Writes the plain line when `interval` has passed since the last one (caller holds
    /// the lock).
    private func writeLine(now: UInt64) {
        guard plainLineDue(at: now) else { return }
        let elapsed = Double(now - started.uptimeNanoseconds) / 1e9
        guard let (done, total) = latest else {
            Terminal.error(String(format: "%@: no frame written yet (%.0f s)", label, elapsed))
            return
        }
        guard done < total else {
            Terminal.error(String(format: "%@: %d/%d frames, finishing the file (%.0f s)", label, done, total, elapsed))
            return
        }
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        let remaining = fps > 0 ? Double(total - done) / fps : 0
        let percent = total > 0 ? 100 * done / total : 100
        Terminal.error(String(format: "%@: %d/%d frames (%d %%), %.1f fps, ETA %.0f s", label, done, total, percent, fps, remaining))
    }

    override func heartbeatTick() {
        writeLine(now: max(DispatchTime.now().uptimeNanoseconds, lastDraw))
    }
}

/// A batch's progress on stderr: frames done over the whole batch (outputs found up to
/// date count as done), the outputs finished, the frame rate of this run and the time
/// left, with the outputs rendering now and how far each is. On a terminal one line
/// redrawn in place (the per-output lines printed above it); elsewhere a plain line every
/// `interval` seconds.
final class BatchProgress: ProgressLine, @unchecked Sendable {
    private let totalFrames: Int
    private let outputs: Int
    /// Frames of finished outputs (rendered, up to date or failed).
    private var finishedFrames = 0
    private var finishedOutputs = 0
    /// Frames rendered by this run (for the rate).
    private var renderedFrames = 0.0
    /// The outputs rendering now: the part done (0 to 1, over all of an output's passes),
    /// by output.
    private var running: [String: Double] = [:]
    /// Each output's frames.
    private let frames: [String: Int]

    /// `copies`: the outputs that will be copied from another (no frames to render).
    init(items: [BatchItem], copies: Set<String> = [], onTerminal: Bool, interval: Double = ProgressLine.logInterval, origin: DispatchTime? = nil) {
        let counted = items.map { ($0.output, copies.contains($0.output) ? 0 : $0.plan?.frameCount ?? 0) }
        frames = Dictionary(counted, uniquingKeysWith: { first, _ in first })
        totalFrames = counted.reduce(0) { $0 + $1.1 }
        outputs = items.count
        super.init(onTerminal: onTerminal, interval: interval, origin: origin)
    }

    override func heartbeatTick() { draw(force: false) }

    func update(_ item: BatchItem, done: Int, total: Int) {
        lock.lock(); defer { lock.unlock() }
        let part = total > 0 ? min(1, Double(done) / Double(total)) : 0
        let before = running[item.output] ?? 0
        running[item.output] = part
        renderedFrames += max(0, part - before) * Double(frames[item.output] ?? 0)
        draw(force: false)
    }

    /// An output is finished: `line` is printed, then the progress again.
    func finished(_ outcome: BatchOutcome, line: String) {
        lock.lock(); defer { lock.unlock() }
        // Rendered, up to date or failed, its frames are no longer to do.
        running.removeValue(forKey: outcome.output)
        finishedOutputs += 1
        finishedFrames += frames[outcome.output] ?? 0
        if drawn { Terminal.writeStandardError("\r\u{1B}[K") }
        Terminal.error(line)
        drawn = false
        draw(force: onTerminal)
    }

    /// The frames counted done: finished outputs' and those rendering now.
    private var doneFrames: Int {
        finishedFrames + Int(running.reduce(0.0) { $0 + $1.value * Double(frames[$1.key] ?? 0) })
    }

    private func draw(force: Bool) {
        let now = max(DispatchTime.now().uptimeNanoseconds, lastDraw)
        let elapsed = Double(now - started.uptimeNanoseconds) / 1e9
        if onTerminal {
            guard force || now - lastDraw > 100_000_000 else { return }
        } else {
            guard finishedOutputs < outputs, plainLineDue(at: now) else { return }
        }
        lastDraw = now
        let done = min(doneFrames, totalFrames)
        let fps = elapsed > 0 ? renderedFrames / elapsed : 0
        let left = fps > 0 ? Double(totalFrames - done) / fps : 0
        let percent = totalFrames > 0 ? 100 * done / totalFrames : 100
        let now_ = running.sorted { $0.key < $1.key }.prefix(3)
            .map { "\($0.key) \(Int(100 * $0.value)) %" }.joined(separator: ", ")
        let head = String(format: "batch: %d/%d outputs, %d/%d frames (%d %%), %.1f fps, ETA %.0f s", finishedOutputs, outputs, done, totalFrames, percent, fps, left)
        let line = head + (now_.isEmpty ? "" : "; rendering \(now_)")
        if onTerminal {
            Terminal.writeStandardError("\r" + line + "\u{1B}[K")
            drawn = true
        } else {
            Terminal.error(line)
        }
    }
}
