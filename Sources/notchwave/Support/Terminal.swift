import Foundation

/// Writing to the terminal.
enum Terminal {
    /// Writes `text` and a newline to stderr.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
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
        FileHandle.standardError.write(Data(line.utf8))
        drawn = true
    }

    func finish() {
        lock.lock(); defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
        drawn = false
    }
}
