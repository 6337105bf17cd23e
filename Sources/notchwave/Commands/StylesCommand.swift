import NotchwaveScene

/// `notchwave styles`: the wave styles and their options.
enum StylesCommand: Command {
    static let name = "styles"
    static let summary = "list the wave styles and the options each accepts (--style, --style-option)"
    static let usage = "styles"
    static let options: [OptionSpec] = []

    static func run(_ args: ParsedArguments, context: CommandContext) throws -> Int32 {
        try args.checkPositionals([], required: 0)
        var lines: [String] = []
        for style in WaveStyles.all {
            lines.append("\(style.name): \(style.summary)")
            if style.options.isEmpty {
                lines.append("    (no options)")
            }
            for option in style.options {
                lines.append("    --style-option \(option.key)=VALUE  \(option.summary) (default: \(option.defaultValue))")
            }
            lines.append("")
        }
        lines.append("Both styles take --easing, and --loop for a seamless loop; smooth also takes --cycle.")
        print(lines.joined(separator: "\n"))
        return 0
    }
}
