import Foundation
import NotchwaveModel

/// A folder of App Store previews checked as App Store Connect (and fastlane's `deliver`,
/// which uploads `app_previews_path/<locale>/*.{mp4,mov,m4v}`) sees it: every video below
/// it checked on its own (`AppPreviewReport`), then grouped by locale (the folder right
/// below the root; files at the root count as one group) and display class (the preview
/// set a file's name names, `IPHONE_67_1.mp4`, as deliver reads it; else the classes its
/// resolution fits), with at most `AppPreviewSpec.maxPreviewsPerClass` per group.
public struct AppPreviewFolderReport: Sendable {
    /// One locale's previews of one class.
    public struct Group: Sendable {
        /// The locale folder (`""` for files at the root).
        public var locale: String
        /// The display classes (one when named by the file names; those the resolution
        /// fits otherwise).
        public var classes: [AppStoreDisplayClass]
        /// The files, sorted by name (deliver's order).
        public var files: [String]
    }

    /// The folder.
    public var directory: String
    /// Every video's report, by path.
    public var reports: [AppPreviewReport]
    /// The groups.
    public var groups: [Group]
    /// What is wrong with the folder as a whole (too many previews in a class, a name that
    /// names another class than the resolution).
    public var problems: [String]

    /// True when every file conforms and the folder has no problem.
    public var conforms: Bool { problems.isEmpty && reports.allSatisfy(\.conforms) && !reports.isEmpty }

    /// The video extensions App Store Connect and deliver take.
    static let extensions = ["mp4", "mov", "m4v"]

    /// Checks every video below `directory` (links to files are followed, links to folders
    /// are not).
    public static func check(_ directory: String) -> AppPreviewFolderReport {
        let root = (directory as NSString).standardizingPath
        var files: [String] = []
        if let walker = FileManager.default.enumerator(atPath: root) {
            while let relative = walker.nextObject() as? String {
                guard extensions.contains((relative as NSString).pathExtension.lowercased()) else { continue }
                files.append(relative)
            }
        }
        files.sort()
        var report = AppPreviewFolderReport(directory: directory, reports: [], groups: [], problems: [])
        if files.isEmpty { report.problems.append("no video (.mp4, .mov, .m4v) below \(directory)") }
        var keyed: [String: Group] = [:]
        var order: [String] = []
        for relative in files {
            let path = (root as NSString).appendingPathComponent(relative)
            let check = AppPreviewReport.check(path)
            report.reports.append(check)
            let components = relative.split(separator: "/").map(String.init)
            let locale = components.count >= 2 ? components[0] : ""
            let name = components.last ?? relative
            var classes = AppStoreDisplayClass.named(inFileName: name)
            if !classes.isEmpty, !check.classes.isEmpty, Set(classes).isDisjoint(with: check.classes) {
                report.problems.append("\(relative): its name says \(classes.map(\.label).joined(separator: ", ")) (\(classes[0].previewType)), its resolution is that of \(check.classes.map(\.label).joined(separator: ", "))")
            }
            if classes.isEmpty { classes = check.classes }
            let key = locale + "\u{0}" + classes.map(\.rawValue).joined(separator: ",")
            if keyed[key] == nil {
                keyed[key] = Group(locale: locale, classes: classes, files: [])
                order.append(key)
            }
            keyed[key]?.files.append(relative)
        }
        report.groups = order.compactMap { keyed[$0] }
        for group in report.groups where group.files.count > AppPreviewSpec.maxPreviewsPerClass && !group.classes.isEmpty {
            report.problems.append("\(group.locale.isEmpty ? directory : group.locale): \(group.files.count) previews of \(group.classes.map(\.label).joined(separator: ", ")): App Store Connect takes at most \(AppPreviewSpec.maxPreviewsPerClass) per display class and locale (deliver uploads the first \(AppPreviewSpec.maxPreviewsPerClass) by name)")
        }
        return report
    }

    /// The machine-readable report (`--json`).
    public var json: JSONOutput {
        .object([("directory", .string(directory)), ("conforms", .bool(conforms)),
                 ("files", .array(reports.map(\.json))),
                 ("groups", .array(groups.map { group in
                     .object([("locale", .string(group.locale)), ("classes", .array(group.classes.map { .string($0.rawValue) })),
                              ("previewType", group.classes.first.map { .string($0.previewType) } ?? .null),
                              ("count", .number(Double(group.files.count))), ("files", .array(group.files.map { .string($0) }))])
                 })),
                 ("problems", .array(problems.map { .string($0) }))])
    }
}
