import Foundation

/// A subcommand of `notchwave`: its options, help and action.
protocol Command {
    /// The name (`render`).
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// Usage line(s) after `notchwave`.
    static var usage: String { get }
    /// Extra help text after the options (examples, notes).
    static var discussion: String { get }
    /// The options it takes.
    static var options: [OptionSpec] { get }
    /// Runs with parsed arguments; returns the exit code.
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32
    /// The words its positional arguments can be (`show`, `bash`), for shell completion.
    static var positionalWords: [String] { get }
    /// True when its positional arguments are files (`batch JOB.json`, `check-preview FILE`).
    static var positionalFiles: Bool { get }
}

extension Command {
    static var discussion: String { "" }
    static var positionalWords: [String] { [] }
    static var positionalFiles: Bool { false }

    /// The help text, generated from the declarations.
    static var help: String {
        var lines = ["Usage: notchwave \(usage)", "", summary.prefix(1).uppercased() + summary.dropFirst() + ".", ""]
        if !options.isEmpty {
            lines.append("Options:")
            let rendered = (options + [.flag("help", short: "h", "Show this help")]).map { option -> (String, String, String?) in
                var left = "  "
                left += option.short.map { "-\($0), " } ?? "    "
                left += "--\(option.name)"
                if option.kind == .value { left += " \(option.valueName)" }
                return (left, option.help, option.section)
            }
            let width = min(34, rendered.map(\.0.count).max() ?? 0)
            var section: String? = nil
            for (left, text, heading) in rendered {
                if heading != section {
                    lines += ["", "\(heading ?? "Other"):"]
                    section = heading
                }
                if left.count > width {
                    lines.append(left)
                    lines.append(String(repeating: " ", count: width + 2) + text)
                } else {
                    lines.append(left + String(repeating: " ", count: width - left.count + 2) + text)
                }
            }
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n")
    }
}

/// What commands share: where output goes, the presets, cancellation.
struct CommandContext {
    var standardOutputIsTerminal: Bool
    var standardErrorIsTerminal: Bool
    /// When the command line started running: the plain progress lines' clock counts
    /// from here, so the first line comes `--progress-interval` after the start whatever
    /// the setup took.
    var started = DispatchTime.now()
}
