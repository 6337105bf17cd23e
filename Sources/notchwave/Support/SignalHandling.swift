import Dispatch
import Foundation
import NotchwavePipeline

/// Turns SIGINT, SIGTERM and SIGHUP (a closed terminal or SSH session) into cancellation
/// of the running work: the pipeline stops, removes its temporary output and the process
/// exits with 130 (SIGINT) or 143 (SIGTERM, and SIGHUP, which is treated like it). A
/// second signal removes temporary files and exits at once.
enum SignalHandling {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    private static let queue = DispatchQueue(label: "notchwave.signals")
    /// The signals handled.
    static let handled = [SIGINT, SIGTERM, SIGHUP]

    /// Runs `work` with a token that the signals cancel.
    static func withCancellation<T>(_ work: (CancellationToken) throws -> T) throws -> T {
        let token = CancellationToken()
        for sig in handled {
            // SIGHUP ends the run as SIGTERM does (exit 143).
            let status = sig == SIGINT ? SIGINT : SIGTERM
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler {
                if token.isCancelled {
                    TemporaryOutputs.discardAll()
                    _exit(128 + status)
                }
                token.cancel(signal: status)
            }
            source.resume()
            sources.append(source)
        }
        defer {
            for source in sources { source.cancel() }
            sources.removeAll()
            for sig in handled { signal(sig, SIG_DFL) }
        }
        return try work(token)
    }
}
