import Foundation

/// Temporary outputs (`.NAME.HOST-PID-TOKEN.partial[.ext]`, files or directories) left
/// behind by a process that was killed outright (SIGKILL, a power cut): a rerun that
/// writes `NAME` again removes those whose process is gone. A partial is removed only
/// when it was made on this host (pods sharing a volume have their own hostnames and
/// process ids) and no process with its id is alive here, so a live one is never touched.
public enum StalePartials {
    /// This host's name as it appears in partial names (letters, digits and `-`).
    public static let host: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, buffer.count - 1)
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let cleaned = String(name.unicodeScalars.filter { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }.map(Character.init))
        return cleaned.isEmpty ? "host" : String(cleaned.prefix(64))
    }()

    /// The temporary name of `name` for this process (`.NAME.HOST-PID-TOKEN.partial`).
    static func temporaryName(for name: String) -> String {
        let token = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        return ".\(name).\(host)-\(getpid())-\(token).partial"
    }

    /// The process id of a partial of `name` made on this host, or nil when `entry` is
    /// not one.
    static func owner(of entry: String, name: String) -> pid_t? {
        let prefix = ".\(name).\(host)-"
        guard entry.hasPrefix(prefix) else { return nil }
        let rest = entry.dropFirst(prefix.count)
        guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { return nil }
        let tail = rest[rest.index(after: dash)...]
        guard let dot = tail.firstIndex(of: "."), tail[tail.index(after: dot)...].hasPrefix("partial") else { return nil }
        return pid
    }

    /// True when no process with id `pid` exists here.
    static func isGone(_ pid: pid_t) -> Bool {
        guard pid != getpid() else { return false }
        do {
            try systemCall("kill") { kill(pid, 0) }
            return false
        } catch {
            return error.code == ESRCH
        }
    }

    /// Removes the partials of `name` in `directory` whose process is gone; returns their
    /// names.
    @discardableResult
    public static func remove(name: String, in directory: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var removed: [String] = []
        for entry in entries {
            guard let pid = owner(of: entry, name: name), isGone(pid) else { continue }
            let path = (directory as NSString).appendingPathComponent(entry)
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(entry) }
        }
        return removed
    }
}
