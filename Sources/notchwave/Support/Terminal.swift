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

/// A progress line on stderr: a bar, frames done of total, speed and time left. Redrawn
/// at most ten times a second.
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let started = DispatchTime.now()
    private var lastDraw: UInt64 = 0
    private let lock = NSLock()
    private var drawn = false

    init(label: String) { self.label = label }

    func update(done: Int, total: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.lock(); defer { lock.unlock() }
        guard done == total || now - lastDraw > 100_000_000 else { return }
        lastDraw = now
        let elapsed = Double(now - started.uptimeNanoseconds) / 1e9
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        let remaining = fps > 0 ? Double(total - done) / fps : 0
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
