import Foundation

/// Why a frame was not rendered.
public enum FrameServiceRefusal: Error, Sendable {
    /// The queue holds `capacity` requests already (HTTP 503).
    case busy
    /// A newer request from the same page took its place before it started (HTTP 409).
    case superseded
}

/// The studio's frame renders: a queue with a cap, served by a fixed set of worker threads
/// (one per core), so that no number of requests makes more renders run than there are
/// cores or holds more than `capacity` waiting. A request names its page (`client`): a
/// newer one from the same page supersedes one still waiting (a scrub asks only for the
/// frame under the pointer now). Recent results are kept (`cacheBytes`), so a looped
/// playback or a scrub back over the same frames renders each once.
public final class FrameService: @unchecked Sendable {
    private final class Job: @unchecked Sendable {
        let key: String
        let client: String?
        let work: @Sendable () throws -> ByteBuffer
        var result: Result<ByteBuffer, Error>?
        init(key: String, client: String?, work: @escaping @Sendable () throws -> ByteBuffer) {
            self.key = key
            self.client = client
            self.work = work
        }
    }

    private let condition = NSCondition()
    private var queue: [Job] = []
    private var running: [String: Job] = [:]
    private var stopped = false
    private let capacity: Int
    private var cache: [String: ByteBuffer] = [:]
    private var cacheOrder: [String] = []
    private var cachedBytes = 0
    private let cacheBytes: Int
    private var threads: [Thread] = []

    /// `workers` threads (default: one per core), at most `capacity` waiting requests.
    public init(workers: Int = ProcessInfo.processInfo.activeProcessorCount, capacity: Int = 32, cacheBytes: Int = 256 << 20) {
        self.capacity = capacity
        self.cacheBytes = cacheBytes
        for index in 0..<max(1, workers) {
            let thread = Thread { [weak self] in self?.serve() }
            thread.name = "notchwave-studio-frames-\(index)"
            thread.stackSize = 8 << 20
            threads.append(thread)
            thread.start()
        }
    }

    /// The bytes `work` makes, rendered on a worker (or the cached bytes of `key`, or those
    /// of a request for the same key already running); blocks until they are ready.
    public func render(key: String, client: String?, work: @escaping @Sendable () throws -> ByteBuffer) throws -> ByteBuffer {
        condition.lock()
        defer { condition.unlock() }
        if let cached = cache[key] {
            touch(key)
            return cached
        }
        let job: Job
        if let same = running[key] ?? queue.first(where: { $0.key == key }) {
            job = same
        } else {
            if let client {
                for waiting in queue where waiting.client == client {
                    waiting.result = .failure(FrameServiceRefusal.superseded)
                }
                queue.removeAll { $0.client == client }
            }
            guard queue.count < capacity else { throw FrameServiceRefusal.busy }
            job = Job(key: key, client: client, work: work)
            queue.append(job)
            condition.broadcast()
        }
        while job.result == nil { condition.wait() }
        return try job.result!.get()
    }

    /// Stops the workers once the running renders end; waiting requests are refused.
    public func stop() {
        condition.lock()
        stopped = true
        for job in queue { job.result = .failure(FrameServiceRefusal.busy) }
        queue = []
        condition.broadcast()
        condition.unlock()
    }

    private func touch(_ key: String) {
        if let index = cacheOrder.firstIndex(of: key) { cacheOrder.remove(at: index) }
        cacheOrder.append(key)
    }

    private func serve() {
        while true {
            condition.lock()
            while queue.isEmpty && !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            let job = queue.removeFirst()
            running[job.key] = job
            condition.unlock()
            let result = Result { try job.work() }
            condition.lock()
            running[job.key] = nil
            job.result = result
            if case let .success(bytes) = result, bytes.count <= cacheBytes / 4 {
                cache[job.key] = bytes
                touch(job.key)
                cachedBytes += bytes.count
                while cachedBytes > cacheBytes, let oldest = cacheOrder.first {
                    cacheOrder.removeFirst()
                    cachedBytes -= cache.removeValue(forKey: oldest)?.count ?? 0
                }
            }
            condition.broadcast()
            condition.unlock()
        }
    }
}
