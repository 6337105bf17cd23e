#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory for pixels that could not be had: what it was for and how much was asked.
public struct OutOfMemory: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes asked for.
    public let bytes: Int
    /// What they were for ("a 1126x2436 frame").
    public let purpose: String

    /// The failed allocation of `bytes` for `purpose`.
    public init(bytes: Int, purpose: String) { (self.bytes, self.purpose) = (bytes, purpose) }

    /// One line: what was asked for, and what to do.
    public var description: String {
        let mebibytes = Double(bytes) / 1_048_576
        let size = mebibytes >= 10 ? String(Int(mebibytes.rounded())) : String(Double(Int(mebibytes * 10)) / 10)
        return "out of memory (\(size) MiB for \(purpose)): free memory, raise the memory limit (ulimit -v), or render with fewer --workers"
    }

    /// `count` elements of `T`, uninitialized, or this error for `purpose` (frame-sized
    /// buffers: a render under a memory limit ends with a message, not an abort).
    public static func allocate<T>(_ type: T.Type, count: Int, for purpose: String) throws(OutOfMemory) -> UnsafeMutablePointer<T> {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<T>.stride)
        guard !overflow, let raw = malloc(max(bytes, 1)) else { throw OutOfMemory(bytes: bytes, purpose: purpose) }
        return raw.bindMemory(to: T.self, capacity: count)
    }

    /// Frees memory from `allocate` (nil: nothing).
    public static func release<T>(_ pointer: UnsafeMutablePointer<T>?) {
        free(pointer)
    }
}
