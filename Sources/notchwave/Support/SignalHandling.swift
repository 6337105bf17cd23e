import Dispatch
import Foundation
import NotchwavePipeline

/// Turns SIGINT, SIGTERM and SIGHUP (a closed terminal or SSH session) into cancellation
/// of the running work: the pipeline stops, removes its temporary output and the process
/// exits with 130 (SIGINT) or 143 (SIGTERM, and SIGHUP, which is treated like it). A
/// second signal removes temporary files and exits at once, and so does the first one
/// when the work has not stopped `grace` seconds after it: a command blocked in a
/// system call that a cancellation cannot reach (writing to a pipe whose reader does not
/// read, reading a file on a stalled network mount) still ends with its signal's code.
enum SignalHandling {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    private static let queue = DispatchQueue(label: "notchwave.signals")
    /// The signals handled.
    static let handled = [SIGINT, SIGTERM, SIGHUP]
    /// Seconds the work has to stop after the first signal.
    static let grace = 5.0
    /// The exit that `grace` seconds after the first signal ends a run that has not stopped.
    nonisolated(unsafe) private static var deadline: DispatchWorkItem?

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
                let exit = DispatchWorkItem {
                    TemporaryOutputs.discardAll()
                    _exit(128 + status)
                }
                deadline = exit
                queue.asyncAfter(deadline: .now() + grace, execute: exit)
            }
            source.resume()
            sources.append(source)
        }
        defer {
            // On the handlers' queue: no handler runs between the two, so none can
            // schedule an exit after the work is done.
            queue.sync {
                for source in sources { source.cancel() }
                deadline?.cancel()
            }
            sources.removeAll()
            for sig in handled { signal(sig, SIG_DFL) }
        }
        return try work(token)
    }
}
