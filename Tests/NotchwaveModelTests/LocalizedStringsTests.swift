import Foundation
import Testing
import NotchwaveModel
import TestSupport

/// The app's strings read as Xcode writes them: String Catalogs (JSON, with device and
/// plural variations) and `.strings` files (comments, escapes, UTF-16, one per `.lproj`).
@Suite("Localized strings: String Catalogs and .strings files")
struct LocalizedStringsTests {
    static let catalog = #"""
    {
      "sourceLanguage" : "en",
      "strings" : {
        "caption.welcome" : {
          "extractionState" : "manual",
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Willkommen" } },
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Welcome" } },
            "zh-Hans" : { "stringUnit" : { "state" : "translated", "value" : "欢迎" } },
            "fr" : { "stringUnit" : { "state" : "new", "value" : "" } }
          }
        },
        "caption.device" : {
          "localizations" : {
            "en" : { "variations" : { "device" : {
              "ipad" : { "stringUnit" : { "state" : "translated", "value" : "On your iPad" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "On your phone" } } } } }
          }
        },
        "caption.count" : {
          "localizations" : {
            "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "One task" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "Many tasks" } } } } }
          }
        },
        "Done" : { }
      },
      "version" : "1.0"
    }
    """#

    @Test("a catalog: locales matched by tag, source fallback only when asked, variations, keys as their own source text")
    func catalog() throws {
        let strings = try LocalizedStrings.catalog(Self.catalog, file: "Localizable.xcstrings")
        #expect(strings.sourceLanguage == "en")
        #expect(Set(strings.locales) == ["de", "en", "fr", "zh-Hans"])
        #expect(strings.text("caption.welcome", locale: "de-DE", family: "iphone", fallback: false) == "Willkommen")
        #expect(strings.text("caption.welcome", locale: "en-US", family: "iphone", fallback: false) == "Welcome")
        #expect(strings.text("caption.welcome", locale: "zh-Hans-CN", family: "iphone", fallback: false) == "欢迎")
        #expect(strings.text("caption.welcome", locale: "zh_Hans", family: "iphone", fallback: false) == "欢迎")
        // French is listed but empty: missing, unless the source language may stand in.
        #expect(strings.text("caption.welcome", locale: "fr-FR", family: "iphone", fallback: false) == nil)
        #expect(strings.text("caption.welcome", locale: "fr-FR", family: "iphone", fallback: true) == "Welcome")
        #expect(strings.text("caption.device", locale: "en", family: "ipad", fallback: false) == "On your iPad")
        #expect(strings.text("caption.device", locale: "en", family: "iphone", fallback: false) == "On your phone")
        #expect(strings.text("caption.count", locale: "en", family: "iphone", fallback: false) == "Many tasks")
        // A key with no entry in the source language is its own source text (Xcode's rule).
        #expect(strings.text("Done", locale: "en-GB", family: "iphone", fallback: false) == "Done")
        #expect(strings.text("Done", locale: "de", family: "iphone", fallback: false) == nil)
        #expect(strings.text("no.such.key", locale: "en", family: "iphone", fallback: true) == nil)
    }

    @Test("a catalog with a mistake is an error naming the file and where")
    func brokenCatalog() {
        #expect(throws: ConfigurationError.self) { try LocalizedStrings.catalog(#"{"strings": {}}"#, file: "a.xcstrings") }
        #expect(throws: ConfigurationError.self) { try LocalizedStrings.catalog(#"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"stringUnit": {"value": 3}}}}}}"#, file: "a.xcstrings") }
        #expect(throws: ConfigurationError.self) { try LocalizedStrings.catalog("{", file: "a.xcstrings") }
    }

    @Test(".strings: comments, quoted and plain keys, escapes, a surrogate pair, UTF-16 with its mark")
    func stringsFile() throws {
        let text = #"""
        /* A comment */
        "greeting" = "Hallo \"Welt\"\nzweite Zeile";
        // another comment
        plain_key = "tab\there";
        "emoji" = "\UD83D\UDE00 \u00E9";
        """#
        let entries = try LocalizedStrings.stringsFile(Array(text.utf8), file: "de.strings")
        #expect(entries.count == 3)
        #expect(entries[0].0 == "greeting" && entries[0].1 == "Hallo \"Welt\"\nzweite Zeile")
        #expect(entries[1].0 == "plain_key" && entries[1].1 == "tab\there")
        #expect(entries[2].1 == "😀 é")
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "\"k\" = \"Grüße\";".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let decoded = try LocalizedStrings.stringsFile(utf16, file: "u.strings")
        #expect(decoded.count == 1 && decoded[0].1 == "Grüße")
        for broken in [#""k" = "v""#, #""k" "v";"#, #""k" = "v"#, "/* open"] {
            #expect(throws: ConfigurationError.self, "\(broken)") { try LocalizedStrings.stringsFile(Array(broken.utf8), file: "b.strings") }
        }
    }

    @Test("a .strings file in LANG.lproj brings its sibling folders' files: one locale each")
    func lprojFolders() throws {
        let dir = try TemporaryDirectory()
        for (language, value) in [("en", "Welcome"), ("de", "Willkommen"), ("ja", "ようこそ")] {
            try FileManager.default.createDirectory(atPath: dir.file("\(language).lproj"), withIntermediateDirectories: true)
            try "\"welcome\" = \"\(value)\";\n".write(toFile: dir.file("\(language).lproj/Localizable.strings"), atomically: true, encoding: .utf8)
        }
        let strings = try LocalizedStrings.load(dir.file("de.lproj/Localizable.strings"))
        #expect(Set(strings.locales) == ["en", "de", "ja"])
        #expect(strings.sourceLanguage == "en")
        #expect(strings.text("welcome", locale: "ja-JP", family: "iphone", fallback: false) == "ようこそ")
        #expect(strings.text("welcome", locale: "de-AT", family: "iphone", fallback: false) == "Willkommen")
    }
}
