import Foundation
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
    /// A plain line every `ProgressBar.logInterval` seconds.
    case plain
    /// None.
    case none
}

/// Progress on stderr: frames done of total, speed and time left. On a terminal, one
/// line with a bar, redrawn at most ten times a second; elsewhere (a CI log, a file), a
/// plain line every `logInterval` seconds, the first after that long, so a short render
/// prints none and a long one shows it is alive.
final class ProgressBar: @unchecked Sendable {
    /// Seconds between the lines written where stderr is not a terminal.
    static let logInterval = 5.0
    private let label: String
    private let onTerminal: Bool
    private let started = DispatchTime.now()
    private var lastDraw: UInt64 = 0
    private let lock = NSLock()
    private var drawn = false

    init(label: String, onTerminal: Bool) {
        self.label = label
        self.onTerminal = onTerminal
        lastDraw = started.uptimeNanoseconds
    }

    func update(done: Int, total: Int) {
        lock.lock(); defer { lock.unlock() }
        let now = max(DispatchTime.now().uptimeNanoseconds, lastDraw)
        let elapsed = Double(now - started.uptimeNanoseconds) / 1e9
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        let remaining = fps > 0 ? Double(total - done) / fps : 0
        guard onTerminal else {
            guard done < total, Double(now - lastDraw) / 1e9 >= ProgressBar.logInterval else { return }
            lastDraw = now
            let percent = total > 0 ? 100 * done / total : 100
            Terminal.error(String(format: "%@: %d/%d frames (%d %%), %.1f fps, ETA %.0f s", label, done, total, percent, fps, remaining))
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

    func finish() {
        lock.lock(); defer { lock.unlock() }
        if drawn { Terminal.writeStandardError("\n") }
        drawn = false
    }
}
