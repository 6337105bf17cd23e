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

/// The check every user-named input file passes before it is opened: the name is not
/// empty and names a regular file, symbolic links followed. A FIFO or a device is
/// refused here, because opening or reading one can block for ever; a directory or a
/// missing file gets its own words instead of a decoder's "Invalid argument".
public enum InputPath {
    /// Throws `InputPathError` unless `path` names a readable regular file.
    public static func check(_ path: String, for subject: String) throws(InputPathError) {
        if let problem = problem(path) { throw InputPathError(subject: subject, path: path, problem: problem) }
    }

    /// What is wrong with `path` as an input file, or nil when it is a readable regular file.
    public static func problem(_ path: String) -> String? {
        guard !path.isEmpty else { return "the file name is empty" }
        var info = stat()
        guard stat(path, &info) == 0 else {
            switch errno {
            case ENOENT: return "no such file"
            case ENOTDIR: return "no such file (a part of the path is not a directory)"
            case EACCES: return "permission denied"
            case ELOOP: return "too many levels of symbolic links"
            default: return String(cString: strerror(errno))
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "is a directory, not a file"
        case S_IFIFO: return "is a FIFO (named pipe), not a regular file"
        case S_IFCHR, S_IFBLK: return "is a device, not a regular file"
        case S_IFSOCK: return "is a socket, not a regular file"
        default: return "is not a regular file"
        }
        guard access(path, R_OK) == 0 else { return "permission denied" }
        return nil
    }
}
