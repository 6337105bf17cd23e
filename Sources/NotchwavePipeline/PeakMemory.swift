import Foundation

/// The process's peak resident set size.
public enum PeakMemory {
    /// Bytes: `VmHWM` of /proc/self/status, the high-water mark of this program's own
    /// memory. (getrusage's ru_maxrss also counts what the parent process held when it
    /// forked us, which makes it useless under a test runner or a build system.)
    public static func residentBytes() -> Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
            for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
                let digits = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
                if let kilobytes = digits { return kilobytes * 1024 }
            }
        }
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss) * 1024
    }
}
