import Foundation

/// An input file the user named (`--backdrop`, `--audio`, a job file's backdrop) that
/// cannot be used: an empty name, a missing file, or something that is not a regular
/// file (a directory, a FIFO, a device, a socket). It is the user's to fix, so it ends
/// the process with the usage code, as a missing script does.
public struct InputPathError: Error, Sendable, Equatable, CustomStringConvertible, ExitCoded {
    /// What named the file (`--audio`, `variant "late" backdrop`).
    public var subject: String
    /// The name as given.
    public var path: String
    /// What is wrong with it (`no such file`).
    public var problem: String

    /// `subject: path: problem`, or `subject: problem` for an empty name.
    public var description: String { path.isEmpty ? "\(subject): \(problem)" : "\(subject): \(path): \(problem)" }

    /// A usage error.
    public var exitCode: Int32 { ExitCodes.usage }
}

/// Why a name cannot be used as an input file.
public enum InputPathProblem: Sendable, Equatable, CustomStringConvertible {
    /// The name is empty.
    case emptyName
    /// Nothing is there (`detail` says more when a part of the path is the cause).
    case missing(detail: String?)
    /// Something is there that is not a regular file: a directory, a FIFO, a device, a
    /// socket (`kind` names it, with its article).
    case notARegularFile(kind: String)
    /// It is there but cannot be read (the system's reason).
    case unreadable(reason: String)

    /// The problem in words (`no such file`, `is a FIFO (named pipe), not a regular file`).
    public var description: String {
        switch self {
        case .emptyName: return "the file name is empty"
        case let .missing(detail): return "no such file" + (detail.map { " (\($0))" } ?? "")
        case let .notARegularFile(kind): return "is \(kind), not a regular file"
        case let .unreadable(reason): return reason
        }
    }
}

/// The check every user-named input file passes before it is opened: the name is not
/// empty and names a regular file, symbolic links followed. A FIFO or a device is
/// refused here, because opening or reading one can block for ever (or never end); a
/// directory or a missing file gets its own words instead of a decoder's "Invalid argument".
public enum InputPath {
    /// Throws `InputPathError` unless `path` names a readable regular file.
    public static func check(_ path: String, for subject: String) throws(InputPathError) {
        if let problem = problem(path) { throw InputPathError(subject: subject, path: path, problem: problem.description) }
    }

    /// What is wrong with `path` as an input file, or nil when it is a readable regular file.
    public static func problem(_ path: String) -> InputPathProblem? {
        guard !path.isEmpty else { return .emptyName }
        var info = stat()
        guard stat(path, &info) == 0 else {
            switch errno {
            case ENOENT: return .missing(detail: nil)
            case ENOTDIR: return .missing(detail: "a part of the path is not a directory")
            case EACCES: return .unreadable(reason: "permission denied")
            case ELOOP: return .unreadable(reason: "too many levels of symbolic links")
            default: return .unreadable(reason: String(cString: strerror(errno)))
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .notARegularFile(kind: "a directory")
        case S_IFIFO: return .notARegularFile(kind: "a FIFO (named pipe)")
        case S_IFCHR, S_IFBLK: return .notARegularFile(kind: "a device")
        case S_IFSOCK: return .notARegularFile(kind: "a socket")
        default: return .notARegularFile(kind: "not a file")
        }
        guard access(path, R_OK) == 0 else { return .unreadable(reason: "permission denied") }
        return nil
    }
}
