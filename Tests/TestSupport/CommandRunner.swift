import Foundation

/// What a finished process printed and returned.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdout: Data
    public var stderr: String
    /// Standard output as text.
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs programs for end-to-end tests: the built `notchwave` binary, `ffprobe`, `ffmpeg`.
public enum CommandRunner {
    /// The `notchwave` binary built next to the test bundle (or `$NOTCHWAVE_BIN`).
    public static var notchwave: String {
        if let explicit = ProcessInfo.processInfo.environment["NOTCHWAVE_BIN"] { return explicit }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = runner.deletingLastPathComponent()
        // The runner may be inside a bundle directory (macOS) or next to the binary (Linux).
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("notchwave").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/release/notchwave").path
    }

    /// The package's root directory (where Package.swift is).
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `executable` with `arguments`, feeding `input` to stdin, and waits.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           currentDirectory: String? = nil) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
        process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes concurrently so that a full pipe cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.wait()
        process.waitUntilExit()
        return ProcessOutput(status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs `executable` and notes when each line of its stderr arrived (seconds from the
    /// start); the exit status and those lines, and when it exited.
    public static func runTimingStandardError(_ executable: String, _ arguments: [String], currentDirectory: String? = nil) throws
        -> (status: Int32, lines: [(time: Double, text: String)], exited: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        var lines: [(time: Double, text: String)] = []
        var pending = Data()
        while true {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            let now = Date().timeIntervalSince(started)
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                lines.append((now, String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)))
                pending = Data(pending[pending.index(after: newline)...])
            }
        }
        process.waitUntilExit()
        return (process.terminationStatus, lines, Date().timeIntervalSince(started))
    }

    /// True when this process (and so the binary built beside it) runs under thread
    /// sanitizer (`make test-tsan`), whose runtime dies with SIGBUS under a file size
    /// limit and whose shadow memory adds to the resident size.
    public static let threadSanitized: Bool = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil

    /// True under address sanitizer (`make test-asan`), whose shadow memory and quarantine
    /// of freed blocks add tens of megabytes to the resident size.
    public static let addressSanitized: Bool = dlsym(dlopen(nil, RTLD_NOW), "__asan_init") != nil

    /// Runs the built `notchwave` binary.
    @discardableResult
    public static func notchwave(_ arguments: [String]) throws -> ProcessOutput {
        try run(notchwave, arguments)
    }

    /// Runs the built `notchwave` binary in `directory` (relative file names are its).
    @discardableResult
    public static func notchwave(_ arguments: [String], in directory: String) throws -> ProcessOutput {
        try run(notchwave, arguments, currentDirectory: directory)
    }
}

/// A fresh temporary directory, removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    public let path: String
    public init() {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("notchwave-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    /// A path inside the directory.
    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }
    /// The names in the directory.
    public var contents: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] }
}
