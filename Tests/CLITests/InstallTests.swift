import Foundation
import Testing
import TestSupport

/// notchwave as an installed tool: `make install`'s layout, run from `/` without the
/// checkout; the shell completions run by the shells themselves; the manual page by groff.
@Suite("Installed: completions, the manual page, make install")
struct InstallTests {
    /// The options `notchwave COMMAND --help` lists (`--fps`, `-o`), the independent
    /// account of what each command takes.
    static func helpOptions(_ command: String) throws -> Set<String> {
        let help = try CommandRunner.notchwave([command, "--help"]).stdoutText
        let pattern = try NSRegularExpression(pattern: "^\\s+(?:(-[a-zA-Z]), )?(--[a-z0-9-]+)", options: .anchorsMatchLines)
        var options = Set<String>()
        for match in pattern.matches(in: help, range: NSRange(help.startIndex..., in: help)) {
            for group in 1...2 {
                if let range = Range(match.range(at: group), in: help) { options.insert(String(help[range])) }
            }
        }
        return options
    }

    /// The commands `notchwave --help` lists.
    static func commands() throws -> [String] {
        let help = try CommandRunner.notchwave(["--help"]).stdoutText
        let lines = help.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "Commands:") else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    static func presetIDs() throws -> [String] {
        let run = try CommandRunner.notchwave(["presets", "--json"])
        let list = try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]] ?? []
        return list.compactMap { $0["id"] as? String }
    }

    /// What bash completes for the words `words` (the last one being typed).
    static func bash(_ script: String, _ words: [String]) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let run = try CommandRunner.run("/bin/bash", ["-c", "source \"$0\"; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _notchwave; printf '%s\\n' \"${COMPREPLY[@]}\"", script])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdoutText.split(separator: "\n").map(String.init)
    }

    @Test("bash completes every command, every option its --help lists, preset ids and choices")
    func bash() throws {
        let dir = TemporaryDirectory()
        let script = dir.file("notchwave.bash")
        try CommandRunner.notchwave(["completions", "bash"]).stdout.write(to: URL(fileURLWithPath: script))
        let commands = try Self.commands()
        #expect(commands.count >= 10)
        let completed = Set(try Self.bash(script, ["notchwave", ""]))
        #expect(completed.isSuperset(of: commands))
        for command in commands {
            let options = Set(try Self.bash(script, ["notchwave", command, "-"]))
            let listed = try Self.helpOptions(command)
            #expect(options.isSuperset(of: listed), "\(command): \(listed.subtracting(options))")
        }
        let ids = try Self.presetIDs().filter { $0.hasPrefix("iphone-15") }
        let presets = Set(try Self.bash(script, ["notchwave", "render", "--preset", "iphone-15"]))
        #expect(!ids.isEmpty && presets == Set(ids))
        let regions = Set(try Self.bash(script, ["notchwave", "frame", "--region", ""]))
        #expect(regions == ["screen", "bar"])
        let scenes = Set(try Self.bash(script, ["notchwave", "render", "--scene", ""]))
        #expect(scenes == ["notch-waves", "liquid-swipe", "popup", "controls", "none"])
        let quality = try Self.bash(script, ["notchwave", "render", "--quality", "dr"])
        #expect(quality == ["draft"])
    }

    @Test("zsh reads its completion function; fish completes options and choices from its script")
    func zshAndFish() throws {
        let dir = TemporaryDirectory()
        let zsh = dir.file("_notchwave"), fish = dir.file("notchwave.fish")
        try CommandRunner.notchwave(["completions", "zsh"]).stdout.write(to: URL(fileURLWithPath: zsh))
        try CommandRunner.notchwave(["completions", "fish"]).stdout.write(to: URL(fileURLWithPath: fish))
        let parsed = try CommandRunner.run("zsh", ["-n", zsh])
        #expect(parsed.status == 0, "\(parsed.stderr)")
        func fishComplete(_ line: String) throws -> [String] {
            let run = try CommandRunner.run("fish", ["-c", "source $argv[1]; complete -C $argv[2]", fish, line])
            #expect(run.status == 0, "\(run.stderr)")
            return run.stdoutText.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        let region = try fishComplete("notchwave render --regi"), regions = Set(try fishComplete("notchwave render --region "))
        #expect(region == ["--region"] && regions == ["screen", "bar"])
        let command = try fishComplete("notchwave ren")
        #expect(command == ["render"])
        let renderOptions = Set(try fishComplete("notchwave render --").filter { $0.hasPrefix("--") })
        let listed = try Self.helpOptions("render").filter { $0.hasPrefix("--") && $0 != "--help" }
        #expect(renderOptions.isSuperset(of: listed), "\(listed.subtracting(renderOptions))")
        let unknown = try CommandRunner.notchwave(["completions", "tcsh"])
        #expect(unknown.status == 64 && unknown.stderr.contains("unknown shell 'tcsh'"))
    }

    @Test("the manual page renders without groff warnings and names every command and option")
    func manual() throws {
        let dir = TemporaryDirectory()
        let page = dir.file("notchwave.1")
        try CommandRunner.notchwave(["manual"]).stdout.write(to: URL(fileURLWithPath: page))
        let lint = try CommandRunner.run("groff", ["-man", "-Tutf8", "-ww", "-z", page])
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint.stderr)")
        let text = try CommandRunner.run("groff", ["-man", "-Tascii", "-P", "-cbou", page], environment: ["PATH": "/usr/bin:/bin"]).stdoutText
        for command in try Self.commands() {
            #expect(text.contains("notchwave \(command)"), "\(command)")
            for option in try Self.helpOptions(command) where option.hasPrefix("--") && option != "--help" {
                #expect(text.contains(option), "\(command) \(option)")
            }
        }
    }

    @Test("make install's layout: the binary runs from / with no presets folder and no checkout, and uninstall removes it")
    func installed() throws {
        let dir = TemporaryDirectory()
        let script = CommandRunner.packageRoot.appendingPathComponent("scripts/install.sh").path
        let install = try CommandRunner.run("/bin/bash", [script, CommandRunner.notchwave, dir.path, "/opt/nw"])
        #expect(install.status == 0, "\(install.stderr)")
        let prefix = dir.path + "/opt/nw"
        for file in ["bin/notchwave", "share/man/man1/notchwave.1", "share/bash-completion/completions/notchwave",
                     "share/zsh/site-functions/_notchwave", "share/fish/vendor_completions.d/notchwave.fish",
                     "share/notchwave/presets/iphone-x.json"] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)")
        }
        // From /, with an empty environment: the presets are built in.
        let presets = try CommandRunner.run(prefix + "/bin/notchwave", ["presets", "--json"], environment: [:], currentDirectory: "/")
        #expect(presets.status == 0, "\(presets.stderr)")
        let listed = (try JSONSerialization.jsonObject(with: presets.stdout) as? [[String: Any]])?.compactMap { $0["id"] as? String }
        let ids = try Self.presetIDs()
        #expect(listed == ids)
        let frame = try CommandRunner.run(prefix + "/bin/notchwave", ["frame", "--preset", "iphone-15-pro", "-t", "0.5", "-q", "-o", dir.file("f.png")],
                                          environment: [:], currentDirectory: "/")
        #expect(frame.status == 0 && FileManager.default.fileExists(atPath: dir.file("f.png")), "\(frame.stderr)")
        let uninstall = try CommandRunner.run("/bin/bash", [script, CommandRunner.notchwave, dir.path, "/opt/nw", "--uninstall"])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/notchwave") && !FileManager.default.fileExists(atPath: prefix + "/share/notchwave"))
    }
}
