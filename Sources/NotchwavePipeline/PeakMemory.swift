import Foundation

/// The process's peak resident set size.
public enum PeakMemory {
    /// Bytes (from getrusage; Linux reports kilobytes).
    public static func residentBytes() -> Int {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss) * 1024
    }
}
