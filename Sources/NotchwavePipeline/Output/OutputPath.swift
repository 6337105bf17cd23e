import Foundation

/// A path the user gave for something notchwave writes, made safe once: every run of
/// slashes collapsed into one (`a//b` → `a/b`, a trailing slash kept: the same file to the
/// system, and a string on which NSString's path functions do not trap:
/// swift-corelibs-foundation traps on `x//é`, a component after a double slash that starts
/// with a non-ASCII character; found by fuzzing), and its extension read once. Everything
/// downstream takes this value and never normalises or reads the extension again.
public struct OutputPath: Sendable, Hashable, CustomStringConvertible {
    /// The path, normalised (`-` for stdout).
    public let path: String
    /// The extension, lowercased (empty for `-` and for none).
    public let fileExtension: String

    /// `given`, normalised.
    public init(_ given: String) {
        path = OutputPath.normalize(given)
        fileExtension = path == "-" ? "" : (path as NSString).pathExtension.lowercased()
    }

    /// True for `-`: raw frames on stdout.
    public var isStandardOutput: Bool { path == "-" }
    /// True when the path ends in `/` (a directory: a PNG sequence).
    public var endsWithSlash: Bool { path.hasSuffix("/") }
    public var description: String { path }

    private static func normalize(_ path: String) -> String {
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

    /// Creates the missing directories above `output` (a file, or the directory of a PNG
    /// sequence), as `mkdir -p` would, and returns those it created, outermost first (for
    /// `removeEmpty` when nothing was written). `-` has none.
    public static func makeParentDirectories(of output: ResolvedOutput) throws -> [String] {
        guard !output.isStandardOutput else { return [] }
        if case let .pngSequence(pattern) = output.format {
            return try makeParentDirectories(ofFile: (pattern as NSString).deletingLastPathComponent)
        }
        return try makeParentDirectories(ofFile: output.path)
    }

    /// `makeParentDirectories(ofFile:)` for this path.
    public func makeParentDirectories() throws -> [String] {
        try OutputPath.makeParentDirectories(ofFile: path)
    }

    /// `makeParentDirectories(of:)` for a file (or directory) path, normalised; `-` has none.
    public static func makeParentDirectories(ofFile target: String) throws -> [String] {
        guard target != "-" else { return [] }
        var missing: [String] = []
        var directory = ((target.hasSuffix("/") ? String(target.dropLast()) : target) as NSString).deletingLastPathComponent
        while !directory.isEmpty && directory != "/" && !FileManager.default.fileExists(atPath: directory) {
            missing.insert(directory, at: 0)
            directory = (directory as NSString).deletingLastPathComponent
        }
        var created: [String] = []
        for path in missing {
            do {
                try systemCall("mkdir") { mkdir(path, 0o755) }
                created.append(path)
            } catch where error.code == EEXIST && isDirectory(path) {
                // Made by another process meanwhile, or a `..` component: there already.
            } catch {
                removeEmpty(created)
                throw PipelineError.output("cannot create the output's directory \(path): \(error.reason)")
            }
        }
        return created
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Removes `directories` (as `makeParentDirectories` returned them) that are empty,
    /// innermost first: what a render that wrote nothing created.
    public static func removeEmpty(_ directories: [String]) {
        for directory in directories.reversed() { rmdir(directory) }
    }
}
