import Foundation
import NotchwaveRaster

/// Starts threads with pthread_create and says when one cannot be started: Foundation's
/// `Thread.start()` ignores that failure, so work handed to a thread that never ran would
/// be waited for forever. A thread that cannot be started is memory (its stack) that
/// cannot be had, as under a memory limit: `OutOfMemory`.
enum WorkerThread {
    /// The body, boxed for the trip through pthread_create's context pointer.
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Runs `body` on a new detached thread with a stack of `stackSize` bytes (nil: the
    /// system's default), or throws when the thread cannot be started (`purpose` names it).
    static func start(stackSize: Int? = nil, purpose: String, _ body: @escaping () -> Void) throws(OutOfMemory) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw OutOfMemory(bytes: stackSize ?? 8 << 20, purpose: purpose)
        }
    }
}
