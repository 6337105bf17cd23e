import Foundation
import NotchwaveModel
import NotchwavePipeline

/// Every subcommand, in help order.
enum Commands {
    nonisolated(unsafe) static let all: [any Command.Type] = [RenderCommand.self, FrameCommand.self, CheckPreviewCommand.self, PresetsCommand.self, ScenesCommand.self, StylesCommand.self, ParametersCommand.self, BatchCommand.self, StudioCommand.self, NewCommand.self, BenchCommand.self, CompletionsCommand.self, ManualCommand.self]
}

func mainHelp() -> String {
    var lines = [
        "notchwave \(NotchwaveVersion.current) — renders SwiftUI-style animations (the rainbow notch, LiquidSwipe, ...) into video files",
        "",
        "Usage: notchwave COMMAND [options]",
        "",
        "Commands:",
    ]
    let width = Commands.all.map { $0.name.count }.max() ?? 0
    for command in Commands.all {
        lines.append("  \(command.name)\(String(repeating: " ", count: width - command.name.count + 2))\(command.summary)")
    }
    lines += ["", "Options:", "  -h, --help     Show help (also: notchwave COMMAND --help)", "  --version      Show the version and the FFmpeg libraries in use",
              "", "Exit codes: 0 success, 1 failure, 64 usage error, 130 interrupted (SIGINT), 143 terminated (SIGTERM)."]
    return lines.joined(separator: "\n")
}

/// Runs the command line and returns the exit code.
func runMain(_ arguments: [String]) -> Int32 {
    let started = DispatchTime.now()
    MediaLibraries.quietLogging()
    signal(SIGPIPE, SIG_IGN)
    // A file size limit (ulimit -f) makes writes fail with EFBIG instead of killing us,
    // so that the temporary output is removed and the error reported.
    signal(SIGXFSZ, SIG_IGN)
    let context = CommandContext(standardOutputIsTerminal: Terminal.isTerminal(STDOUT_FILENO),
                                 standardErrorIsTerminal: Terminal.isTerminal(STDERR_FILENO), started: started)
    guard let first = arguments.first else {
        print(mainHelp())
        return 0
    }
    if first == "--help" || first == "-h" || first == "help" {
        if first == "help", arguments.count > 1, let command = Commands.all.first(where: { $0.name == arguments[1] }) {
            print(command.help)
        } else {
            print(mainHelp())
        }
        return 0
    }
    if first == "--version" {
        print("notchwave \(NotchwaveVersion.current)")
        print("FFmpeg \(MediaLibraries.ffmpegVersion): \(MediaLibraries.versions)")
        return 0
    }
    guard let command = Commands.all.first(where: { $0.name == first }) else {
        let hint = EditDistance.hint(for: first, in: Commands.all.map { $0.name }) { "'\($0)'" }
        Terminal.error("notchwave: error: unknown command '\(first)'\(hint); see notchwave --help")
        return 64
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
        print(command.help)
        return 0
    }
    do {
        let parsed = try ParsedArguments.parse(rest, specs: command.options)
        return try command.run(parsed, context: context)
    } catch {
        // Errors carry their exit code (ExitCoded); any other error is a failure.
        let hint = error is UsageError || error is ParameterError ? " (see notchwave \(command.name) --help)" : ""
        Terminal.error("notchwave \(command.name): error: \(oneLineDescription(of: error))\(hint)")
        return (error as? any ExitCoded)?.exitCode ?? ExitCodes.failure
    }
}

#if NOTCHWAVE_LIBFUZZER
// The fuzzing build (scripts/fuzz.sh): libFuzzer's driver runs the parsers instead.
exit(runFuzzer())
#else
exit(runMain(Array(CommandLine.arguments.dropFirst())))
#endif
