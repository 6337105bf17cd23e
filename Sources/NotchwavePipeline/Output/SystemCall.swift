#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A POSIX call that failed: which call, and `errno` as it was right after it.
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call's name (`open`, `write`, ...).
    public let call: String
    /// `errno`.
    public let code: Int32

    /// A failure of `call` with `errno` `code`.
    public init(call: String, code: Int32) { (self.call, self.code) = (call, code) }

    /// `strerror`'s text for the code.
    public var reason: String { String(cString: strerror(code)) }

    public var description: String { "\(call): \(reason)" }
}

/// The one funnel for POSIX calls (as swift-nio's `syscall`): runs `body`, again while it
/// fails with `EINTR` (unless `retryingInterrupts` is false: `close` must not be retried
/// on Linux), and turns any other failure (a result of -1) into a `SystemCallError`
/// carrying `errno` read at once. Public for the command-line tool's own writes.
@discardableResult
public func systemCall<T: FixedWidthInteger>(_ name: String, retryingInterrupts: Bool = true, _ body: () -> T) throws(SystemCallError) -> T {
    while true {
        let result = body()
        guard result == -1 else { return result }
        let code = errno
        if code == EINTR && retryingInterrupts { continue }
        throw SystemCallError(call: name, code: code)
    }
}

/// `systemCall`, with a failure reported as the output error `"<context>: <reason>"`.
@discardableResult
func systemCall<T: FixedWidthInteger>(_ name: String, context: @autoclosure () -> String, retryingInterrupts: Bool = true,
                                      _ body: () -> T) throws -> T {
    do {
        return try systemCall(name, retryingInterrupts: retryingInterrupts, body)
    } catch {
        throw PipelineError.output("\(context()): \(error.reason)")
    }
}
