/// An error that knows the exit code it ends the process with, as swift-argument-parser's
/// errors carry theirs: the command line's `main` asks the error instead of matching
/// types. Errors that do not conform end the process with `ExitCodes.failure`.
public protocol ExitCoded: Error {
    /// The process's exit code for this error.
    var exitCode: Int32 { get }
}

/// The exit codes notchwave uses (sysexits.h's usage code, the shell's 128 + signal).
public enum ExitCodes {
    /// Success.
    public static let success: Int32 = 0
    /// The work failed (a file, an encoder, the disk).
    public static let failure: Int32 = 1
    /// The command line or a configuration file is wrong (EX_USAGE).
    public static let usage: Int32 = 64
    /// Ended by `signal` (130 for SIGINT, 143 for SIGTERM).
    public static func signal(_ number: Int32) -> Int32 { 128 + number }
}

extension ConfigurationError: ExitCoded {
    /// A broken preset or job file is the user's to fix: a usage error.
    public var exitCode: Int32 { ExitCodes.usage }
}
