import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches files through inotify: their folders are watched (editors save by writing a
/// new file and renaming it over the old one, which a watch on the file itself would
/// miss) and a change to one of the files calls `changed` once things have been quiet for
/// `settle` seconds. One thread; the inotify descriptor is owned by this object.
public final class FileWatcher: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var folders: [Int32: String] = [:]
    private var watchedFolders: Set<String> = []
    private var names: Set<String> = []
    /// Folders whose every entry counts (a job's folder: a file it names but lacks may appear).
    private var openFolders: Set<String> = []
    private var running = true
    private var thread: Thread?
    private let settle: Double
    private let changed: @Sendable ([String]) -> Void

    /// A watcher that calls `changed` with the changed files' paths; nil when inotify is
    /// unavailable (the studio then does not reload by itself, and says so).
    public init?(settle: Double = 0.15, changed: @escaping @Sendable ([String]) -> Void) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.settle = settle
        self.changed = changed
        let thread = Thread { [weak self] in self?.loop() }
        thread.name = "notchwave-studio-watch"
        self.thread = thread
        thread.start()
    }

    /// Watches `paths` (absolute or relative to the working directory) too.
    public func watch(_ paths: some Sequence<String>) {
        lock.lock()
        defer { lock.unlock() }
        for path in paths {
            let absolute = Self.absolute(path)
            names.insert(absolute)
            addWatch((absolute as NSString).deletingLastPathComponent)
        }
    }

    /// Watches `folder` (the lock held).
    private func addWatch(_ folder: String) {
        guard !watchedFolders.contains(folder) else { return }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB | IN_MODIFY)
        let watch = inotify_add_watch(descriptor, folder, mask)
        guard watch >= 0 else { return }
        folders[watch] = folder
        watchedFolders.insert(folder)
    }

    /// Watches every entry of `folder`, not only the files named.
    public func watch(folderContents folder: String) {
        let absolute = Self.absolute(folder)
        lock.lock()
        addWatch(absolute)
        openFolders.insert(absolute)
        lock.unlock()
    }

    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }

    /// Stops the thread and closes the descriptor.
    public func stop() {
        lock.lock()
        let wasRunning = running
        running = false
        lock.unlock()
        guard wasRunning else { return }
        while thread?.isFinished == false { usleep(10_000) }
        close(descriptor)
    }

    deinit { stop() }

    private func loop() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var pending: [String] = []
        var quietSince = Date()
        while true {
            lock.lock()
            let keepGoing = running
            lock.unlock()
            guard keepGoing else { return }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 50)
            if ready > 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    pending += changedPaths(buffer, count: count)
                    quietSince = Date()
                }
            }
            if !pending.isEmpty && Date().timeIntervalSince(quietSince) >= settle {
                let paths = Array(Set(pending)).sorted()
                pending = []
                changed(paths)
            }
        }
    }

    /// The watched files named by the events in `buffer`.
    private func changedPaths(_ buffer: [UInt8], count: Int) -> [String] {
        var paths: [String] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        lock.lock()
        defer { lock.unlock() }
        while offset + header <= count {
            let (watch, length) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, Int(event.len))
            }
            let nameStart = offset + header
            let nameEnd = min(count, nameStart + length)
            let nameBytes = buffer[nameStart..<nameEnd].prefix { $0 != 0 }
            if let folder = folders[watch], let name = String(bytes: nameBytes, encoding: .utf8) {
                let path = folder + "/" + name
                if names.contains(path) || openFolders.contains(folder) { paths.append(path) }
            }
            offset = nameEnd
        }
        return paths
    }
}
