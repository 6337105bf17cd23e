import Dispatch
import Foundation
import NotchwavePipeline

/// Turns SIGINT and SIGTERM into cancellation of the running work: the pipeline stops,
/// removes its temporary output and the process exits with 130 or 143. A second signal
/// removes temporary files and exits at once.
enum SignalHandling {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    private static let queue = DispatchQueue(label: "notchwave.signals")

    /// Runs `work` with a token that the signals cancel.
    static func withCancellation<T>(_ work: (CancellationToken) throws -> T) throws -> T {
        let token = CancellationToken()
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler {
                if token.isCancelled {
                    TemporaryOutputs.discardAll()
                    _exit(128 + sig)
                }
                token.cancel(signal: sig)
            }
            source.resume()
            sources.append(source)
        }
        defer {
            for source in sources { source.cancel() }
            sources.removeAll()
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
        return try work(token)
    }
}
