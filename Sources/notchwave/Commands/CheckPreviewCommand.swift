import Foundation
import NotchwaveModel
import NotchwavePipeline

/// `notchwave check-preview`: checks videos against App Store Connect's app preview specification.
enum CheckPreviewCommand: Command {
    static let name = "check-preview"
    static let positionalFiles = true
    static let summary = "check videos against App Store Connect's app preview specification"
    static let usage = "check-preview FILE|DIR... [--json]\n       notchwave check-preview --rules [--json | --markdown]"
    static let options: [OptionSpec] = [
        .flag("json", "Print a JSON array of reports on stdout"),
        .flag("rules", "List the rules it enforces instead of checking files (with --json or --markdown)"),
        .flag("markdown", "With --rules: the rules as a Markdown table"),
    ]
    /// The help's text: what it does, then every rule from the rule list.
    static var discussion: String {
        """
        Reads each file with libavformat, every packet included, and lists every way it breaks
        App Store Connect's app preview specification
        (https://developer.apple.com/help/app-store-connect/reference/app-preview-specifications).
        Links are followed (the size is the file's); anything but a regular file is refused
        unopened. A folder is checked as App Store Connect and fastlane's deliver see it:
        every .mp4, .mov and .m4v below it, grouped by locale (the folder right below it)
        and display class (the preview set a file's name names, IPHONE_67_1.mp4, else its
        resolution's classes), at most 3 previews per class and locale. Exit code 0 when
        every file and folder conforms, 1 otherwise.

        The rules (--rules lists them alone):

        """ + rules(json: false, markdown: false).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
    }

    static func run(_ args: ParsedArguments, context: CommandContext) throws -> Int32 {
        if args.has("rules") {
            try args.checkPositionals([], required: 0)
            if args.has("json") && args.has("markdown") { throw UsageError("give --json or --markdown, not both") }
            print(rules(json: args.has("json"), markdown: args.has("markdown")), terminator: "")
            return 0
        }
        if args.has("markdown") { throw UsageError("--markdown lists the rules; give it with --rules") }
        guard !args.positionals.isEmpty else { throw UsageError("give one or more video files or folders") }
        var isFolder = ObjCBool(false)
        let folders = args.positionals.filter { FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue }
        let reports = args.positionals.filter { !folders.contains($0) }.map { AppPreviewReport.check($0) }
        let folderReports = folders.map { AppPreviewFolderReport.check($0) }
        if args.has("json") {
            // Files given on their own, then each folder's report.
            let entries = reports.map(\.json) + folderReports.map(\.json)
            print(JSONOutput.array(entries).rendered())
        } else {
            for folder in folderReports {
                for report in folder.reports { printReport(report) }
                for group in folder.groups {
                    let classes = group.classes.isEmpty ? "no display class" : group.classes.map(\.label).joined(separator: ", ")
                    let type = group.classes.first.map { " (\($0.previewType))" } ?? ""
                    print("\(group.locale.isEmpty ? folder.directory : group.locale): \(group.files.count) preview\(group.files.count == 1 ? "" : "s") of \(classes)\(type)")
                }
                for problem in folder.problems { print("  ✗ folder: \(problem)") }
                let bad = folder.reports.filter { !$0.conforms }.count
                print("\(folder.directory): " + (folder.conforms ? "conforms (\(folder.reports.count) preview\(folder.reports.count == 1 ? "" : "s"))"
                    : "\(bad) of \(folder.reports.count) preview\(folder.reports.count == 1 ? "" : "s") fail, \(folder.problems.count) folder problem\(folder.problems.count == 1 ? "" : "s")"))
            }
            for report in reports { printReport(report) }
        }
        return reports.allSatisfy(\.conforms) && folderReports.allSatisfy(\.conforms) ? 0 : 1
    }

    private static func printReport(_ report: AppPreviewReport) {
        let classes = report.classes.map(\.label).joined(separator: ", ")
        if report.conforms {
            print("\(report.file): conforms" + (classes.isEmpty ? "" : " (\(classes))") + " — \(report.summary)")
        } else {
            print("\(report.file): \(report.violations.count) violation\(report.violations.count == 1 ? "" : "s") — \(report.summary)")
        }
        for finding in report.violations { print("  ✗ \(finding.rule): \(finding.message)") }
        for finding in report.warnings { print("  ! \(finding.rule): \(finding.message)") }
    }

    /// The rules `check-preview` enforces, from its rule list (`PreviewRule`).
    static func rules(json: Bool, markdown: Bool) -> String {
        if json {
            return JSONOutput.array(PreviewRule.allCases.map { rule in
                .object([("rule", .string(rule.rawValue)), ("requires", .string(rule.requirement)), ("warns", .bool(rule.canWarn))])
            }).rendered() + "\n"
        }
        if markdown {
            return "| rule | a preview must be |\n| --- | --- |\n" + PreviewRule.allCases.map { "| `\($0.rawValue)` | \($0.requirement) |\n" }.joined()
        }
        let width = PreviewRule.allCases.map(\.rawValue.count).max() ?? 0
        return PreviewRule.allCases.map { $0.rawValue + String(repeating: " ", count: width - $0.rawValue.count + 2) + $0.requirement + "\n" }.joined()
    }
}
