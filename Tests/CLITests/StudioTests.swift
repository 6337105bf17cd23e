import Foundation
import Testing
import TestSupport

/// `notchwave studio` through the built binary: its HTTP API with plain HTTP (frames
/// against `notchwave frame`, bad queries, the Host/Origin rules, traversal, hostile
/// clients, reloads, the Render button; Tests/Studio/studio_api_check.py) and its page in
/// Debian's Chromium driven by selenium (scrubbed frames' pixels against `notchwave frame`,
/// an option changed in the panel, the job file edited, broken and fixed, and
/// docs/studio/studio.png against the page as it is; Tests/Studio/studio_browser_check.py).
@Suite("notchwave studio: the HTTP API and the page in a browser", .serialized)
struct StudioTests {
    static func check(_ script: String, _ arguments: [String] = []) throws {
        let root = CommandRunner.packageRoot.path
        let run = try CommandRunner.run("python3", ["\(root)/Tests/Studio/\(script)", CommandRunner.notchwave] + arguments)
        #expect(run.status == 0, "\(script): \(run.stderr)\(run.stdoutText)")
    }

    @Test("the API: frames equal notchwave frame's, bad values get 400, the rules hold, reloads and renders")
    func api() throws {
        try Self.check("studio_api_check.py")
    }

    @Test("the page in Chromium: scrubbed frames equal notchwave frame's, the panel, reloads, its picture in the docs")
    func page() throws {
        try Self.check("studio_browser_check.py", ["--compare", CommandRunner.packageRoot.path + "/docs/studio/studio.png"])
    }
}
