import Foundation
import Synchronization
internal import CFFmpeg

/// What the encoder libraries write to C's `stderr` stream by themselves, outside
/// FFmpeg's log: libx264 prints `x264 [error]: malloc of size N failed` there when memory
/// runs out, a line beside the tool's own one-line error.
///
/// `capture()` points C's `stderr` stream at a pipe that this process reads itself: the
/// lines written there are never printed, and the last one is kept for the error the
/// failing call then raises (`takeLast`). Both ends are non-blocking, so a library that
/// writes more than the pipe holds loses lines instead of waiting, and nothing waits for
/// a reader. Only the C stream is redirected: file descriptor 2 stays the terminal, so
/// the tool's own messages (written with write(2)) and the Swift runtime's reports are
/// unchanged.
enum LibraryMessages {
    private struct State {
        /// The pipe's read end, or -1 before `capture`.
        var readEnd: Int32 = -1
        /// The line being written (x264 writes its prefix and its message separately).
        var partial: [UInt8] = []
        /// The last whole line, until taken.
        var last: String?
    }

    private static let state = Mutex(State())

    /// Redirects C's `stderr` stream to the pipe; once, before any thread runs (see
    /// `FFmpegLibraries.quietLogging`). Where the pipe cannot be made, `stderr` stays.
    static func capture() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        guard let stream = fdopen(ends[1], "w") else {
            close(ends[0])
            close(ends[1])
            return
        }
        setvbuf(stream, nil, _IONBF, 0)
        state.withLock { $0.readEnd = ends[0] }
        nw_set_stderr(stream)
    }

    /// The last line a library wrote, once (nil when none since the last call).
    static func takeLast() -> String? {
        state.withLock { state in
            drain(&state)
            defer { state.last = nil }
            return state.last
        }
    }

    /// Reads what the pipe holds; a newline ends a line.
    private static func drain(_ state: inout State) {
        guard state.readEnd >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(state.readEnd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            for byte in buffer[..<count] {
                if byte == UInt8(ascii: "\n") {
                    let line = String(decoding: state.partial, as: UTF8.self).trimmingCharacters(in: .whitespaces)
                    if !line.isEmpty { state.last = line }
                    state.partial.removeAll(keepingCapacity: true)
                } else if state.partial.count < 400 {
                    state.partial.append(byte)
                }
            }
        }
    }

    /// Writes `text` to C's `stderr` stream as a library would (for tests of the capture).
    static func writeForTesting(_ text: String) {
        _ = text.withCString { fputs($0, nw_stderr()) }
    }
}
