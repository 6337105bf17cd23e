import Foundation

/// An output written under a temporary name and moved into place only when complete.
protocol AtomicOutput: AnyObject {
    /// Moves the finished output into place.
    func commit() throws
    /// Removes what was written (nothing once committed).
    func discard()
}

/// Every temporary file or directory not yet committed or discarded, so that a
/// last-resort exit (a second Ctrl-C) can remove them before the process ends.
public enum TemporaryOutputs {
    nonisolated(unsafe) private static var live: Set<String> = []
    private static let lock = NSLock()

    static func register(_ path: String) {
        lock.lock(); defer { lock.unlock() }
        live.insert(path)
    }

    static func forget(_ path: String) {
        lock.lock(); defer { lock.unlock() }
        live.remove(path)
    }

    /// True while `path` is a temporary output being written (registered, not yet
    /// committed or discarded).
    public static func contains(_ path: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return live.contains(path)
    }

    /// Removes every temporary file and directory still being written.
    public static func discardAll() {
        lock.lock()
        let paths = live
        live.removeAll()
        lock.unlock()
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }
}
