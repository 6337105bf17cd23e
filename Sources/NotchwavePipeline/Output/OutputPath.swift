import Foundation

/// User-given paths, made safe for Foundation's path functions.
public enum OutputPath {
    /// `path` with every run of slashes collapsed into one (`a//b` → `a/b`, a trailing
    /// slash kept): the same file to the system, and a string on which NSString's path
    /// functions do not trap (swift-corelibs-foundation traps on `x//é`, a component
    /// after a double slash that starts with a non-ASCII character; found by fuzzing).
    public static func normalized(_ path: String) -> String {
        guard path.contains("//") else { return path }
        var result = ""
        var previousSlash = false
        for character in path {
            if character == "/" && previousSlash { continue }
            previousSlash = character == "/"
            result.append(character)
        }
        return result
    }

    /// The extension of `path`, lowercased (empty for `-` and for none).
    public static func fileExtension(_ path: String) -> String {
        path == "-" ? "" : (normalized(path) as NSString).pathExtension.lowercased()
    }
}
