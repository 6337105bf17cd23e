import Testing
import NotchwaveModel

@Suite("Colours")
struct ColorTests {
    @Test("system colour names, light and dark")
    func names() throws {
        #expect(try Color.parse("red") == Color(rgb: 0xFF3B30))
        #expect(try Color.parse("Green") == Color(rgb: 0x34C759))
        #expect(try Color.parse("systemBlue") == Color(rgb: 0x007AFF))
        #expect(try Color.parse("red", appearance: .dark) == Color(rgb: 0xFF453A))
        #expect(try Color.parse("green", appearance: .dark) == Color(rgb: 0x30D158))
        #expect(try Color.parse("blue", appearance: .dark) == Color(rgb: 0x0A84FF))
        #expect(try Color.parse("transparent") == .transparent)
        #expect(try Color.parse("mint") == Color(rgb: 0x00C7BE))
    }

    @Test("hex with and without alpha")
    func hex() throws {
        #expect(try Color.parse("#102030") == Color(red: 0x10, green: 0x20, blue: 0x30))
        #expect(try Color.parse("#10203040") == Color(red: 0x10, green: 0x20, blue: 0x30, alpha: 0x40))
        #expect(try Color.parse("#ABCDEF").description == "#ABCDEF")
    }

    @Test("bad colours are errors that say why", arguments: ["redd", "#12345", "#GGGGGG", "", "#1234567890"])
    func bad(text: String) {
        #expect(throws: ColorError.self) { try Color.parse(text) }
    }

    @Test("lists")
    func lists() throws {
        #expect(try Color.parseList("red, green,#000000").count == 3)
        #expect(throws: ColorError.self) { try Color.parseList("red,,blue") }
        do {
            _ = try Color.parseList("red,purpel")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("purpel"))
        }
    }
}
