import Foundation
import Testing
import NotchwaveRaster
import NotchwaveText

/// Lines of text as captions need them: right-to-left runs in visual order, CJK broken
/// between characters, and the characters a font lacks named. The fonts are Debian's
/// (DejaVu Sans for Hebrew and Arabic, Droid Sans Fallback for CJK, Inter).
@Suite("Paragraphs: direction, wrapping, coverage")
struct ParagraphTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let droid = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

    /// The glyph the font maps `scalar` to, as its cmap says (FreeType), independent of
    /// the shaper.
    static func glyph(_ font: Font, _ scalar: Unicode.Scalar) -> UInt32 { font.glyph(for: scalar) }

    @Test("Hebrew is laid out right to left: the first letter read is the rightmost glyph")
    func hebrewOrder() throws {
        let font = try Font(path: Self.dejaVu)
        // שלום: shin, lamed, vav, final mem; no ligatures in Hebrew, one glyph per letter.
        let line = font.shapeLine("שלום")
        #expect(line.direction == .rightToLeft)
        let letters: [Unicode.Scalar] = ["\u{05E9}", "\u{05DC}", "\u{05D5}", "\u{05DD}"]
        #expect(line.glyphs.map(\.glyph) == letters.reversed().map { Self.glyph(font, $0) })
        // Left to right on the page: each glyph starts where the one on its left ends.
        let xs = line.glyphs.map(\.x)
        #expect(xs == xs.sorted())
        #expect(line.missing.isEmpty)
    }

    @Test("a left-to-right word inside right-to-left text keeps its own order, placed as the paragraph reads")
    func mixedDirections() throws {
        let font = try Font(path: Self.dejaVu)
        let line = font.shapeLine("שלום OK")
        // The paragraph is right to left: "OK" (read last) is on the left, in its own order O then K.
        let o = Self.glyph(font, "O"), k = Self.glyph(font, "K"), shin = Self.glyph(font, "\u{05E9}")
        let order = line.glyphs.map(\.glyph)
        let oIndex = try #require(order.firstIndex(of: o)), kIndex = try #require(order.firstIndex(of: k))
        let shinIndex = try #require(order.firstIndex(of: shin))
        #expect(oIndex < kIndex && kIndex < shinIndex)
        // An English paragraph with a Hebrew word: the English first, on the left.
        let english = font.shapeLine("OK שלום")
        #expect(english.direction == .leftToRight)
        #expect(english.glyphs.first?.glyph == o)
        #expect(english.glyphs.last?.glyph == shin)  // the Hebrew word reads right to left: its first letter is rightmost
    }

    @Test("Arabic is joined (contextual forms differ from the isolated letters) and right to left")
    func arabicShaping() throws {
        let font = try Font(path: Self.dejaVu)
        // سلام: seen, lam, alef, meem; joined forms are other glyphs than the cmap's isolated ones.
        let line = font.shapeLine("سلام")
        #expect(line.direction == .rightToLeft)
        let letters: [Unicode.Scalar] = ["\u{0633}", "\u{0644}", "\u{0627}", "\u{0645}"]
        let isolated = letters.map { Self.glyph(font, $0) }
        #expect(line.glyphs.count >= 3)
        #expect(line.glyphs.map(\.glyph) != isolated.reversed(), "the letters were not joined")
        #expect(line.missing.isEmpty)
    }

    @Test("combining marks: a base and its mark are two code points, one place")
    func combiningMarks() throws {
        let font = try Font.load(weight: .regular)
        let composed = font.shapeLine("é"), decomposed = font.shapeLine("e\u{0301}")
        #expect(abs(composed.width - decomposed.width) < 1e-9)
        #expect(decomposed.missing.isEmpty)
    }

    @Test("a run shaped once is not served for its canonically equal but different bytes: the missing glyph after a decomposed é is still named")
    func canonicallyEqualRuns() throws {
        let font = try Font.load(weight: .regular)
        // Equal as Swift strings, different UTF-8 (HarfBuzz's clusters are byte offsets).
        // (U+0378 is unassigned: no font has it.)
        #expect("\u{E9}\u{378}" == "e\u{301}\u{378}")
        #expect(font.shapeLine("\u{E9}\u{378}").missing == ["\u{378}"])
        #expect(font.shapeLine("e\u{301}\u{378}").missing == ["\u{378}"])
    }

    @Test("CJK wraps between characters; Latin at spaces; no line wider than asked unless one word is")
    func wrapping() throws {
        let font = try Font(path: Self.droid)
        let size = 20.0, scale = size / Double(font.unitsPerEm)
        let text = "今日の予定をすばやく確認できます"
        let lines = font.wrap(text, size: size, maxWidth: 100)
        #expect(lines.count >= 3)
        for line in lines { #expect(line.width * scale <= 100 + 1e-9) }
        // Every glyph is there once: the glyph counts add up to the text's.
        #expect(lines.map(\.glyphs.count).reduce(0, +) == font.shapeLine(text).glyphs.count)
        let inter = try Font.load(weight: .regular)
        let words = inter.wrap("one two three four five", size: 20, maxWidth: 80)
        #expect(words.count >= 2)
        for line in words { #expect(line.width * 20 / Double(inter.unitsPerEm) <= 80 + 1e-9) }
    }

    @Test("empty lines and a narrow width: no crash, every glyph kept, a word wider than the line broken between its letters (a fuzzer's find)")
    func emptyAndNarrow() throws {
        let font = try Font.load(weight: .regular)
        #expect(font.shapeLine("").glyphs.isEmpty && font.shapeLine("").width == 0)
        let size = 30.0, scale = size / Double(font.unitsPerEm)
        let lines = font.wrap(" Planirculap\n\nnext", size: size, maxWidth: 30)
        // The long word broken where each line is full (no blank line before it), the
        // empty paragraph, "next" likewise.
        let empty = try #require(lines.firstIndex { $0.glyphs.isEmpty })
        #expect(empty > 1 && lines[..<empty].allSatisfy { !$0.glyphs.isEmpty } && lines[(empty + 1)...].allSatisfy { !$0.glyphs.isEmpty })
        #expect(lines.map(\.glyphs.count).reduce(0, +) == font.shapeLine("Planirculap").glyphs.count + font.shapeLine("next").glyphs.count)
        // Each line fits, or is one letter.
        for line in lines where line.glyphs.count > 1 { #expect(line.width * scale <= 30 + 1e-9) }
        // With room, words are not broken.
        #expect(font.wrap("Planirculap next", size: size, maxWidth: 1000).count == 1)
    }

    @Test("the characters no installed font has a glyph for are named, once each, spaces aside; those the font lacks come from a fallback")
    func missingGlyphs() throws {
        let inter = try Font.load(weight: .regular)
        // U+0378 and U+0379 are unassigned.
        let line = inter.shapeLine("Hi \u{378}\u{379} \u{378} こ")
        #expect(line.missing == ["\u{378}", "\u{379}"], "\(line.missing)")
        // The kana are drawn, from another font than Inter.
        let kana = inter.shapeLine("こんにちは")
        #expect(kana.missing.isEmpty && kana.fallbacks.count == 1 && kana.glyphs.allSatisfy { $0.face == 1 && $0.glyph != 0 })
        let droid = try Font(path: Self.droid)
        #expect(droid.shapeLine("こんにちは").missing.isEmpty && droid.shapeLine("こんにちは").fallbacks.isEmpty)
    }
}
