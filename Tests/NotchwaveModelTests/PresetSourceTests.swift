import Foundation
import Testing
import NotchwaveModel
import TestSupport

/// The presets are compiled in; a folder of the user's own is merged over them.
@Suite("Built-in presets and the user's own")
struct PresetSourceTests {
    static let shipped = CommandRunner.packageRoot.appendingPathComponent("presets").path

    @Test("the built-in presets are presets/*.json, each equal to its file decoded")
    func builtIn() throws {
        let builtIn = try PresetLibrary()
        let files = try PresetLibrary(directory: PresetSourceTests.shipped)
        #expect(builtIn.presets.map(\.id) == files.presets.map(\.id) && builtIn.presets.count >= 40)
        #expect(builtIn.presets == files.presets)
        #expect(builtIn.sources == [PresetLibrary.builtInSource])
    }

    /// `iphone-x.json` with its name and id replaced (and nothing else).
    func variant(id: String, name: String, aliases: [String] = []) throws -> String {
        var text = try String(contentsOfFile: PresetSourceTests.shipped + "/iphone-x.json", encoding: .utf8)
        text = text.replacingOccurrences(of: "\"id\": \"iphone-x\"", with: "\"id\": \"\(id)\"")
        text = text.replacingOccurrences(of: "\"name\": \"iPhone X\"", with: "\"name\": \"\(name)\"")
        let list = aliases.map { "\"\($0)\"" }.joined(separator: ", ")
        return text.replacingOccurrences(of: "\"aliases\": [\"iPhone 10\", \"iphonex\"]", with: "\"aliases\": [\(list)]")
    }

    @Test("a user's preset replaces the built-in one of its id, and its names are looked up first")
    func overlay() throws {
        let dir = TemporaryDirectory()
        try variant(id: "iphone-x", name: "My X").write(toFile: dir.file("x.json"), atomically: true, encoding: .utf8)
        try variant(id: "my-phone", name: "My Phone", aliases: ["SE 3", "iPhone 15 Pro"]).write(toFile: dir.file("mine.json"), atomically: true, encoding: .utf8)
        let library = try PresetLibrary(userDirectory: dir.path)
        let builtIn = try PresetLibrary()
        #expect(library.presets.count == builtIn.presets.count + 1)
        #expect(try library.preset(named: "iphone-x").name == "My X")
        #expect(library.presets.filter { $0.id == "iphone-x" }.count == 1)
        // The user's alias wins over a built-in preset's alias; an id is never shadowed (the
        // alias "iPhone 15 Pro" is the id iphone-15-pro once normalised).
        #expect(try library.preset(named: "SE 3").id == "my-phone" && builtIn.presets.contains { $0.aliases.contains("SE 3") })
        #expect(try library.preset(named: "iPhone 15 Pro").id == "iphone-15-pro")
        #expect(library.sources == [PresetLibrary.builtInSource, dir.path])
    }

    @Test("two presets of one source with the same id or name are an error naming the source", arguments: [
        ("a", "Phone A", "a", "Phone B", "two presets have the id \"a\""),
        ("a", "Same Name", "b", "Same Name", "the name \"Same Name\" matches several presets: a, b"),
    ])
    func conflicts(first: String, firstName: String, second: String, secondName: String, message: String) throws {
        let dir = TemporaryDirectory()
        try variant(id: first, name: firstName).write(toFile: dir.file("1.json"), atomically: true, encoding: .utf8)
        try variant(id: second, name: secondName).write(toFile: dir.file("2.json"), atomically: true, encoding: .utf8)
        do {
            _ = try PresetLibrary(userDirectory: dir.path)
            Issue.record("accepted")
        } catch {
            #expect("\(error)" == "\(dir.path): \(message) (1.json and 2.json)")
        }
    }
}
