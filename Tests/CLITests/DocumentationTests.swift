import Foundation
import Testing
import TestSupport

/// The README is a front page and the rest lives in docs/; every relative link resolves.
@Suite("Documentation: the README's budget and every relative link")
struct DocumentationTests {
    static let root = CommandRunner.packageRoot

    /// README.md, docs/*.md, presets/README.md and each scene's page.
    static func pages() throws -> [String] {
        var pages = ["README.md", "presets/README.md"]
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
        pages += docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        let scenes = root.appendingPathComponent("Sources/NotchwaveScene/Scenes").path
        for scene in try FileManager.default.contentsOfDirectory(atPath: scenes).sorted()
        where FileManager.default.fileExists(atPath: scenes + "/" + scene + "/README.md") {
            pages.append("Sources/NotchwaveScene/Scenes/\(scene)/README.md")
        }
        return pages
    }

    /// GitHub's anchor for a heading: lowercased, punctuation other than `-` and `_`
    /// dropped, spaces turned into hyphens.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().unicodeScalars.compactMap { scalar -> Character? in
            if scalar == " " { return "-" }
            if CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_" { return Character(scalar) }
            return nil
        })
    }

    /// The anchors of a Markdown file's headings (outside code blocks).
    static func anchors(_ text: String) -> Set<String> {
        var anchors = Set<String>(), fenced = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            guard !fenced, line.hasPrefix("#") else { continue }
            anchors.insert(anchor(String(line.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)))
        }
        return anchors
    }

    /// Every link target of a Markdown file: `[text](target)` and `src="target"`, outside
    /// code blocks and code spans.
    static func links(_ text: String) -> [String] {
        var targets: [String] = [], fenced = false
        let link = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)(?:\s+"[^"]*")?\)|src="([^"]+)""#)
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            if fenced || line.hasPrefix("    ") { continue }
            // Code spans hold examples, not links.
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            for match in link.matches(in: prose, range: NSRange(prose.startIndex..., in: prose)) {
                for group in 1...2 {
                    if let range = Range(match.range(at: group), in: prose) { targets.append(String(prose[range])) }
                }
            }
        }
        return targets
    }

    @Test("every relative link and anchor in the README, docs/, the presets' and the scenes' pages resolves")
    func links() throws {
        var broken: [String] = []
        var checked = 0
        for page in try Self.pages() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            let directory = Self.root.appendingPathComponent(page).deletingLastPathComponent()
            for target in Self.links(text) where !target.contains("://") && !target.hasPrefix("mailto:") {
                checked += 1
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? Self.root.appendingPathComponent(page) : directory.appendingPathComponent(parts[0]).standardizedFileURL
                guard FileManager.default.fileExists(atPath: file.path) else {
                    broken.append("\(page): \(target) (no such file)")
                    continue
                }
                if parts.count == 2, file.pathExtension == "md" {
                    let anchors = Self.anchors(try String(contentsOf: file, encoding: .utf8))
                    if !anchors.contains(parts[1]) { broken.append("\(page): \(target) (no such heading)") }
                }
            }
        }
        #expect(checked > 50)
        #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
    }

    @Test("the README is a front page: at most 250 lines, no links outside the repository's tree, no history words")
    func frontPage() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n").count
        #expect(lines <= 250, "README.md has \(lines) lines")
        // The history of the work is the git log's: no "issue 22", "stop 20's", specification
        // files outside the repository.
        let history = try NSRegularExpression(pattern: #"\.\./shared/|(?<![-\w])(issue|stop) \d{2}\b"#)
        for page in try Self.pages() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            let found = history.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
            #expect(found.isEmpty, "\(page) mentions \(found)")
        }
    }
}
