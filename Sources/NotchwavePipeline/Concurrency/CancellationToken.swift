import Foundation

/// A flag that asks running work to stop, set from a signal handler or another thread.
public final class CancellationToken: @unchecked Sendable {
    private let lock = NSLock()
    private var reason: Int32? = nil

    /// A token that is not cancelled.
    public init() {}

    /// Asks work to stop; `signal` is the signal number that asked (SIGINT, SIGTERM), if any.
    public func cancel(signal: Int32 = 0) {
        lock.lock()
        if reason == nil { reason = signal }
        lock.unlock()
    }

    /// The signal that cancelled, or nil while not cancelled.
    public var cancellationSignal: Int32? {
        lock.lock(); defer { lock.unlock() }
        return reason
    }

    /// True once cancelled.
    public var isCancelled: Bool { cancellationSignal != nil }

    /// Throws `PipelineError.cancelled` once cancelled.
    public func check() throws {
        if let signal = cancellationSignal { throw PipelineError.cancelled(signal: signal) }
    }
}
