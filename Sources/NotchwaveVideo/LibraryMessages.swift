import Foundation
import Synchronization
internal import CFFmpeg

/// What the encoder libraries write to C's `stderr` stream by themselves, outside
/// FFmpeg's log: libx264 prints `x264 [error]: malloc of size N failed` there when memory
/// runs out, a line beside the tool's own one-line error.
///
/// `capture()` points C's `stderr` stream at a filter: a line that begins as an encoder
/// library's lines do (`x264 [`, `x265 [`) is kept, the last one for the error the failing
/// call then raises (`takeLast`), and never printed; every other byte goes on to file
/// descriptor 2 as it is written, unbuffered, so the Swift runtime's fatal-error reports
/// and glibc's messages still reach the terminal even when the process dies right after.
/// The tool's own messages are written to descriptor 2 directly and do not pass here.
///
/// The stream lives as long as the process (it is C's `stderr`); the last line is one for
/// the process, so in a batch a library's line can only be told apart by when it came.
enum LibraryMessages {
    /// How the encoder libraries begin their lines.
    static let prefixes: [[UInt8]] = ["x264 [", "x265 ["].map { Array($0.utf8) }

    private struct State {
        /// The start of the current line, held while it may still be a library's.
        var held: [UInt8] = []
        /// Whether the current line is a library's (nil: not known yet).
        var isLibraryLine: Bool?
        /// The last whole library line, until taken.
        var last: String?
    }

    private static let state = Mutex(State())

    /// Points C's `stderr` stream at the filter; once, before any thread runs (see
    /// `FFmpegLibraries.quietLogging`).
    static func capture() {
        _ = nw_filter_stderr { _, buffer, size in
            guard let buffer, size > 0 else { return 0 }
            LibraryMessages.filter(UnsafeRawBufferPointer(start: UnsafeRawPointer(buffer), count: size))
            return size
        }
    }

    /// The last line a library wrote, once (nil when none since the last call).
    static func takeLast() -> String? {
        state.withLock { state in
            defer { state.last = nil }
            return state.last
        }
    }

    /// Sorts written bytes: library lines kept, everything else passed on to descriptor 2.
    static func filter(_ bytes: UnsafeRawBufferPointer) {
        // A report written from inside the filter (a trap while it runs) goes straight on.
        let depth = nw_stderr_filter_depth()
        guard let depth, depth.pointee == 0 else {
            passOn(Array(bytes))
            return
        }
        depth.pointee += 1
        defer { depth.pointee -= 1 }
        var passed: [UInt8] = []
        state.withLock { state in
            for byte in bytes {
                switch state.isLibraryLine {
                case false?:
                    passed.append(byte)
                case true?:
                    if state.held.count < 400 { state.held.append(byte) }
                case nil:
                    state.held.append(byte)
                    let held = state.held
                    if prefixes.contains(where: { held.count >= $0.count && held.starts(with: $0) }) {
                        state.isLibraryLine = true
                    } else if !prefixes.contains(where: { $0.starts(with: held) }) {
                        state.isLibraryLine = false
                        passed += held
                        state.held.removeAll(keepingCapacity: true)
                    }
                }
                if byte == UInt8(ascii: "\n") {
                    if state.isLibraryLine == true {
                        let line = String(decoding: state.held, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                        if !line.isEmpty { state.last = line }
                    } else if state.isLibraryLine == nil {
                        passed += state.held
                    }
                    state.held.removeAll(keepingCapacity: true)
                    state.isLibraryLine = nil
                }
            }
        }
        passOn(passed)
    }

    /// Writes `bytes` to descriptor 2, retrying interrupted and short writes.
    private static func passOn(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let written = write(2, base + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
